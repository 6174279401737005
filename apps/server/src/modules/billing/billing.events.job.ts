import type Stripe from 'stripe';
import { z } from 'zod';
import type { BillingSettings } from '../../config.js';
import type { Database, OwnerSql } from '../../db/database.js';
import { afterCommit, inAccountScope, inTenant, readInTenant } from '../../db/scope.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { findOrganization } from '../organizations/index.js';
import { listBillingRecipients, updateOrganizationPlan } from '../people/index.js';
import { paymentFailedMail } from './billing.mail.js';
import * as repository from './billing.repository.js';
import { isLiveSubscription, nextAccountPlan, planOfPrice } from './billing.state.js';
import {
  idOf,
  isStripeRefusal,
  subscriptionFacts,
  type StripeClient,
  type SubscriptionFacts,
} from './billing.stripe.js';

/** The events Keel acts on; any other verified event is recorded and left alone. */
export const HANDLED_STRIPE_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
]);

/** What an event is about, read from its object whatever its type (a session, a subscription, an invoice). */
export function eventFacts(event: Stripe.Event) {
  const object = event.data.object as unknown as {
    id?: string;
    object?: string;
    customer?: string | { id: string } | null;
    subscription?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  };
  const subscriptionId =
    object.object === 'subscription'
      ? (object.id ?? null)
      : (idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription));
  return {
    id: event.id,
    type: event.type,
    stripeCustomerId: idOf(object.customer),
    objectId: object.id ?? null,
    subscriptionId,
  };
}

export interface StripeEventJobDeps {
  db: Database;
  ownerSql: OwnerSql;
  mailer: Mailer;
  appUrl: string;
  settings: BillingSettings;
  stripe: StripeClient;
  changes: ChangeBus;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/** Inside the organization's scope: the subscription as Stripe has it now, onto the billing account and the plan. */
async function applySubscription(deps: StripeEventJobDeps, organizationId: string, truth: SubscriptionFacts) {
  // Every open page of the organization shows the plan (its banner, the billing page): all learn of it at once.
  const announce = () =>
    deps.changes.publish({
      organizationId,
      teamId: null,
      entity: 'subscription',
      ids: [organizationId],
      action: 'updated',
      actorUserId: null,
    });
  await inTenant(deps.db, { organizationId, userId: null }, async () => {
    const organization = await findOrganization(organizationId);
    if (!organization) return;
    const account = await repository.lockBillingAccount(organizationId);
    // An older subscription ending never undoes the live one that replaced it.
    const replaced = account.stripeSubscriptionId !== null && account.stripeSubscriptionId !== truth.id;
    if (replaced && isLiveSubscription(account.subscriptionStatus) && !isLiveSubscription(truth.status)) return;
    const price = planOfPrice(deps.settings.prices, truth.priceId);
    afterCommit(announce);
    await repository.saveSubscription(organizationId, {
      stripeSubscriptionId: truth.id,
      subscriptionStatus: truth.status,
      stripePriceId: truth.priceId,
      billingInterval: price?.interval ?? null,
      currentPeriodEnd: truth.currentPeriodEnd,
      cancelAtPeriodEnd: truth.cancelAtPeriodEnd,
      syncedAt: new Date(),
    });
    const next = nextAccountPlan(organization, { status: truth.status, plan: price?.plan ?? null });
    if (next.accountStatus === organization.accountStatus && next.subscriptionTier === organization.subscriptionTier)
      return;
    await updateOrganizationPlan(organizationId, next);
    await recordAuditEvent(organizationId, {
      actorUserId: null,
      action: 'billing.plan_changed',
      targetType: 'organization',
      targetId: organizationId,
      summary: {
        from: { accountStatus: organization.accountStatus, subscriptionTier: organization.subscriptionTier },
        to: next,
        stripeStatus: truth.status,
      },
    });
  });
}

/** One mail per admin, once per failed invoice. */
async function noticePaymentFailed(deps: StripeEventJobDeps, organizationId: string, invoiceId: string) {
  await inTenant(deps.db, { organizationId, userId: null }, async () => {
    if (!(await repository.recordNotice(organizationId, 'payment_failed', invoiceId))) return;
    const organization = await findOrganization(organizationId);
    for (const recipient of await listBillingRecipients(organizationId)) {
      await deps.mailer.enqueue(
        paymentFailedMail({
          organizationId,
          organizationName: organization?.name ?? 'your organization',
          to: recipient.email,
          firstName: recipient.firstName,
          appUrl: deps.appUrl,
        }),
      );
    }
  });
}

const mark = (deps: StripeEventJobDeps, id: string, outcome: 'applied' | 'unknown_customer' | 'ignored') =>
  inAccountScope(deps.db, () => repository.markStripeEvent(id, outcome));

/**
 * Processes one recorded event. The event says only what changed; the subscription is re-read from Stripe, so a
 * late or repeated event settles on Stripe's current truth. An unknown customer is logged and left (no retry loop).
 */
export async function processStripeEvent(deps: StripeEventJobDeps, eventId: string): Promise<void> {
  const event = await inAccountScope(deps.db, () => repository.findStripeEvent(eventId));
  if (!event || event.processedAt) return;
  const organizationId = event.stripeCustomerId
    ? await repository.organizationOfCustomer(deps.ownerSql, event.stripeCustomerId)
    : null;
  if (!organizationId) {
    deps.log.warn(
      { eventId, type: event.type, customer: event.stripeCustomerId },
      'a Stripe event for a customer this server does not know was ignored',
    );
    return mark(deps, eventId, 'unknown_customer');
  }
  const subscriptionId =
    event.subscriptionId ??
    (await readInTenant(deps.db, { organizationId, userId: null }, () => repository.findBillingAccount(organizationId)))
      ?.stripeSubscriptionId ??
    null;
  if (subscriptionId) {
    let truth: SubscriptionFacts;
    try {
      truth = subscriptionFacts(await deps.stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (!isStripeRefusal(error)) throw error;
      deps.log.warn({ eventId, subscriptionId, err: error }, 'Stripe does not know the subscription of an event');
      return mark(deps, eventId, 'ignored');
    }
    if (truth.customerId !== event.stripeCustomerId) {
      deps.log.warn({ eventId, subscriptionId }, 'a Stripe event named a subscription of another customer');
      return mark(deps, eventId, 'ignored');
    }
    await applySubscription(deps, organizationId, truth);
  }
  if (event.type === 'invoice.payment_failed' && event.objectId) {
    await noticePaymentFailed(deps, organizationId, event.objectId);
  }
  await mark(deps, eventId, 'applied');
}

/** Defines the `billing.stripe-event` job (before `jobs.prepare()`). */
export function defineStripeEventJob(deps: StripeEventJobDeps & { jobs: JobQueue }): void {
  deps.jobs.define({
    kind: 'billing.stripe-event',
    payload: z.object({ eventId: z.string().min(1) }),
    retryLimit: 8,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    async run(payload) {
      await processStripeEvent(deps, payload.eventId);
    },
  });
}
