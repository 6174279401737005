import { envelope, stripeWebhookAnswerSchema } from '@keel/contract';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { BillingSettings } from '../../config.js';
import type { Database } from '../../db/database.js';
import { inAccountScope } from '../../db/scope.js';
import type { TypedApp } from '../../http/types.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import * as errors from './billing.errors.js';
import { HANDLED_STRIPE_EVENTS, eventFacts } from './billing.events.job.js';
import * as repository from './billing.repository.js';
import type { StripeClient } from './billing.stripe.js';

const stripeEventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export interface StripeWebhookDeps {
  db: Database;
  jobs: JobQueue;
  billing: { settings: BillingSettings; stripe: StripeClient } | undefined;
}

/**
 * Verifies, records once and queues one Stripe event. A second delivery of the same event id finds it recorded
 * and changes nothing; the work itself (re-reading the subscription) is the `billing.stripe-event` job's.
 */
export async function receiveStripeEvent(
  deps: StripeWebhookDeps,
  body: unknown,
  signature: string | string[] | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  if (!deps.billing) throw errors.webhookNotConfigured();
  if (typeof signature !== 'string' || !Buffer.isBuffer(body) || body.length === 0) throw errors.invalidSignature();
  let event: Stripe.Event;
  try {
    event = deps.billing.stripe.webhooks.constructEvent(body, signature, deps.billing.settings.webhookSecret);
  } catch {
    throw errors.invalidSignature();
  }
  // Signed by Stripe, yet still checked: a payload without an event's shape is refused, never a 500.
  if (!stripeEventShape.safeParse(event).success) throw errors.invalidEvent();
  const facts = eventFacts(event);
  const handled = HANDLED_STRIPE_EVENTS.has(event.type);
  const fresh = await inAccountScope(deps.db, async () => {
    const recorded = await repository.recordStripeEvent(facts);
    if (!recorded) return false;
    if (handled) {
      await deps.jobs.enqueue(
        'billing.stripe-event',
        { eventId: event.id },
        { organizationId: null, description: `Billing update from Stripe (${event.type})` },
      );
    } else {
      await repository.markStripeEvent(event.id, 'ignored');
    }
    return true;
  });
  return { received: true, duplicate: !fresh };
}

/**
 * `POST /billing/stripe/webhook`, public (Stripe signs it instead). Its own plugin takes JSON bodies as raw bytes:
 * the signature is over the exact bytes Stripe sent, which a parse and re-serialisation would not keep.
 */
export function stripeWebhookRoutes(deps: StripeWebhookDeps) {
  return async function register(app: TypedApp) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/billing/stripe/webhook',
      {
        config: { public: true },
        schema: {
          tags: ['billing'],
          summary: 'Stripe webhook',
          description:
            'For Stripe only: verified by the Stripe-Signature header (400 when it is missing, wrong or older than five minutes). Each event is recorded once; a repeated delivery answers `duplicate: true` and changes nothing.',
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: envelope(stripeWebhookAnswerSchema) },
        },
      },
      async (request) => ({ data: await receiveStripeEvent(deps, request.body, request.headers['stripe-signature']) }),
    );
  };
}
