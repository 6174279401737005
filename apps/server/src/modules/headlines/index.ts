export { createCascadingMessagesService, type CascadingMessagesService } from './cascading-messages.service.js';
export { createHeadlinesService, type HeadlinesService } from './headlines.service.js';
export { headlinesRoutes } from './headlines.routes.js';
export {
  cascadingMessageReceipts,
  cascadingMessageRecipients,
  cascadingMessages,
  headlines,
} from './headlines.table.js';
