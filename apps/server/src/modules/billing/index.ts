// Billing with Stripe (issue 17): plans, checkout, the portal, invoices, signed webhooks processed by jobs, trial
// reminders, and the two gates other modules feel: read-only after a lapse, and seat limits on invitations.
export { billingStateOf, nextAccountPlan } from './billing.state.js';
export { checkSeats, registerReadOnlyGate } from './billing.gates.js';
export { billingRoutes } from './billing.routes.js';
export { createBillingService, type BillingService } from './billing.service.js';
export { stripeWebhookRoutes } from './billing.webhook.js';
export { setUpBilling, type BillingRuntime } from './billing.wiring.js';
