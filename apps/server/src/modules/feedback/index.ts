export { createFeedbackService, type FeedbackService } from './feedback.service.js';
export { feedbackRoutes } from './feedback.routes.js';
export { feedback } from './feedback.table.js';
