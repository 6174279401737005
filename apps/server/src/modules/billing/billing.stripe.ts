import Stripe from 'stripe';
import type { BillingSettings } from '../../config.js';

export type StripeClient = Stripe;

/**
 * The official SDK, pointed at Stripe or at the address STRIPE_API_URL names (a test's stand-in). Network
 * retries reuse the idempotency key each create is given, so a retried create never makes a second one.
 */
export function createStripeClient(settings: BillingSettings): StripeClient {
  return new Stripe(settings.secretKey, {
    host: settings.api.host,
    port: settings.api.port,
    protocol: settings.api.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/** An id an expanded-or-not Stripe field carries. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** What the organization keeps of a subscription (Stripe's current period is kept on each item since 2025). */
export function subscriptionFacts(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    priceId: item?.price.id ?? null,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}
export type SubscriptionFacts = ReturnType<typeof subscriptionFacts>;

/** Whether a Stripe error is Stripe saying no (bad request, missing object) rather than Stripe being away. */
export const isStripeRefusal = (error: unknown): error is Stripe.errors.StripeInvalidRequestError =>
  error instanceof Stripe.errors.StripeInvalidRequestError;
