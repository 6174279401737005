export { createSubscriptionService, subscriptionStatusOf, type SubscriptionService } from './subscription.service.js';
export { subscriptionRoutes } from './subscription.routes.js';
