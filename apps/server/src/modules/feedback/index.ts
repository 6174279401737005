export { createFeedbackService, type FeedbackService } from './feedback.service.js';
export { feedbackRoutes } from './feedback.routes.js';
