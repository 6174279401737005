// Webhooks: an organization's endpoints, each change the audit trail records turned into a signed Standard Webhooks
// delivery sent from the background jobs, its attempts logged and retried on the standard's schedule.
export { createWebhooksService, type WebhooksService } from './webhooks.service.js';
export { defineWebhookDelivery, webhookFanOut, type WebhookDeliveryDeps } from './webhooks.delivery.js';
export { webhooksRoutes } from './webhooks.routes.js';
