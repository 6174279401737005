import { sql } from 'drizzle-orm';
import { boolean, index, pgPolicy, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  appRole,
  createdAt,
  currentOrganizationId,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  updatedAt,
} from '../../db/table-helpers.js';
import { organizationColumn } from '../people/people.table.js';

/**
 * An organization's side of Stripe: its customer (created once) and the subscription as Stripe last told it.
 * The status and tier that drive the product live on the organization row (people), set from here.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    organizationId: organizationColumn().primaryKey(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Stripe's own status word (active, past_due, canceled, incomplete...). */
    subscriptionStatus: text('subscription_status'),
    stripePriceId: text('stripe_price_id'),
    billingInterval: text('billing_interval', { enum: ['month', 'year'] }),
    currentPeriodEnd: timestampColumn('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    syncedAt: timestampColumn('synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('billing_accounts_stripe_customer_key').on(table.stripeCustomerId), tenantIsolationPolicy()],
);

/** Mails about billing sent once each: a trial's 7- and 1-day notices (per trial end), a failed payment (per invoice). */
export const billingNotices = pgTable(
  'billing_notices',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    kind: text('kind', { enum: ['trial_ending_7', 'trial_ending_1', 'payment_failed'] }).notNull(),
    reference: text('reference').notNull(),
    sentAt: createdAt(),
  },
  (table) => [
    uniqueIndex('billing_notices_once_key').on(table.organizationId, table.kind, table.reference),
    tenantIsolationPolicy(),
  ],
);

/**
 * Every verified Stripe event, once (its id is the key): a second delivery finds it here and changes nothing.
 * Server-wide, not an organization's: only scopes with no organization set (the webhook, the job) reach it.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    /** The object the event is about (subscription, checkout session or invoice id). */
    objectId: text('object_id'),
    subscriptionId: text('subscription_id'),
    receivedAt: createdAt(),
    processedAt: timestampColumn('processed_at'),
    outcome: text('outcome', { enum: ['applied', 'unknown_customer', 'ignored'] }),
  },
  (table) => [
    index('stripe_events_customer_idx').on(table.stripeCustomerId, table.receivedAt),
    pgPolicy('stripe_events_outside_tenants', {
      for: 'all',
      to: appRole,
      using: sql`${currentOrganizationId} is null`,
      withCheck: sql`${currentOrganizationId} is null`,
    }),
  ],
);
