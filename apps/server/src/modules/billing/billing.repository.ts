import { eq, sql } from 'drizzle-orm';
import type { OwnerSql } from '../../db/database.js';
import { accountDb, tenantDb } from '../../db/scope.js';
import { billingAccounts, billingNotices, stripeEvents } from './billing.table.js';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type BillingNoticeKind = (typeof billingNotices.kind.enumValues)[number];
export type StripeEventRow = typeof stripeEvents.$inferSelect;

export async function findBillingAccount(organizationId: string): Promise<BillingAccountRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId));
  return row;
}

/** Locked for the rest of the transaction: two checkouts of one organization serialize here. */
export async function lockBillingAccount(organizationId: string): Promise<BillingAccountRow> {
  await tenantDb(organizationId).insert(billingAccounts).values({ organizationId }).onConflictDoNothing();
  const [row] = await tenantDb(organizationId)
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId))
    .for('update');
  if (!row) throw new Error('billing account upsert returned nothing');
  return row;
}

/** The customer is kept the first time only: a customer id already there stays (one customer per organization). */
export async function keepCustomer(organizationId: string, stripeCustomerId: string): Promise<string> {
  const [row] = await tenantDb(organizationId)
    .update(billingAccounts)
    .set({ stripeCustomerId: sql`coalesce(${billingAccounts.stripeCustomerId}, ${stripeCustomerId})` })
    .where(eq(billingAccounts.organizationId, organizationId))
    .returning({ stripeCustomerId: billingAccounts.stripeCustomerId });
  return row?.stripeCustomerId ?? stripeCustomerId;
}

export async function saveSubscription(
  organizationId: string,
  values: Pick<
    BillingAccountRow,
    | 'stripeSubscriptionId'
    | 'subscriptionStatus'
    | 'stripePriceId'
    | 'billingInterval'
    | 'currentPeriodEnd'
    | 'cancelAtPeriodEnd'
    | 'syncedAt'
  >,
): Promise<void> {
  await tenantDb(organizationId)
    .update(billingAccounts)
    .set(values)
    .where(eq(billingAccounts.organizationId, organizationId));
}

/** Records a notice unless it was already sent; true when this call recorded it (and should send it). */
export async function recordNotice(organizationId: string, kind: BillingNoticeKind, reference: string) {
  const rows = await tenantDb(organizationId)
    .insert(billingNotices)
    .values({ organizationId, kind, reference })
    .onConflictDoNothing()
    .returning({ id: billingNotices.id });
  return rows.length > 0;
}

/**
 * The organization a Stripe customer belongs to. A webhook's job has no tenant yet: it reads this module's own
 * table on the owner's connection, and then works inside that organization's scope.
 */
export async function organizationOfCustomer(ownerSql: OwnerSql, stripeCustomerId: string): Promise<string | null> {
  const { rows } = await ownerSql.query(
    'select organization_id from billing_accounts where stripe_customer_id = $1 limit 1',
    [stripeCustomerId],
  );
  return rows[0] ? String(rows[0].organization_id) : null;
}

// Stripe events: server-wide rows, written and read in a scope with no organization (account scope).

/** Records an event the first time it arrives; false when it was already recorded (a second delivery). */
export async function recordStripeEvent(
  values: Pick<StripeEventRow, 'id' | 'type' | 'stripeCustomerId' | 'objectId' | 'subscriptionId'>,
): Promise<boolean> {
  const rows = await accountDb()
    .insert(stripeEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function findStripeEvent(id: string): Promise<StripeEventRow | undefined> {
  const [row] = await accountDb().select().from(stripeEvents).where(eq(stripeEvents.id, id));
  return row;
}

export async function markStripeEvent(id: string, outcome: NonNullable<StripeEventRow['outcome']>): Promise<void> {
  await accountDb().update(stripeEvents).set({ outcome, processedAt: new Date() }).where(eq(stripeEvents.id, id));
}
