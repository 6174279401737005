export { createUserActivityService, type UserActivityService } from './user-activity.service.js';
export { userActivityRoutes } from './user-activity.routes.js';
