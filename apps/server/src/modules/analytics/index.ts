export { analyticsRoutes } from './analytics.routes.js';
export { createAnalyticsService, type AnalyticsService } from './analytics.service.js';
export { createProductEventRecorder, type ProductEvent, type ProductEventRecorder } from './product-events.js';
export type { PostHogSettings } from './posthog-forward.job.js';
