export { createCascadingMessagesService, type CascadingMessagesService } from './cascading-messages.service.js';
export { createHeadlinesService, type HeadlinesService } from './headlines.service.js';
export { headlinesRoutes } from './headlines.routes.js';
export { recentHeadlinesForPerson, type DashboardHeadlineRow } from './headlines.dashboard.repository.js';
export { cascadingMessagesSentBetween } from './cascading-messages.recap.repository.js';
