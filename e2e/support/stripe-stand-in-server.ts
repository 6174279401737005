// Run by Playwright as a web server: Stripe for the billing server of the journeys, until the run ends.
import { startStripeStandIn } from '../../apps/server/src/test-support/stripe-stand-in.js';
import { BILLING_BASE_URL, STRIPE_STAND_IN_PORT } from './billing-server.js';

const standIn = await startStripeStandIn({
  port: STRIPE_STAND_IN_PORT,
  webhookUrl: `${BILLING_BASE_URL}/api/v1/billing/stripe/webhook`,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void standIn.close().finally(() => process.exit(0)));
}
