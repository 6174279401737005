import type { ProductEventName } from '@keel/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import { accountDb, tenantDb } from '../../db/scope.js';
import { productEvents } from './analytics.table.js';

export interface ProductEventRow {
  id: string;
  userId: string | null;
  name: ProductEventName;
  properties: Record<string, string | boolean>;
  createdAt: Date;
}

/** In the organization's scope. No `returning`: the id and time are the caller's, so nothing is read back. */
export async function insertProductEvent(organizationId: string, event: ProductEventRow): Promise<void> {
  await tenantDb(organizationId)
    .insert(productEvents)
    .values({ organizationId, ...event });
}

/** A visitor's event, outside any tenant: the policy admits the row but would refuse to read it back. */
export async function insertAnonymousProductEvent(event: ProductEventRow): Promise<void> {
  await accountDb()
    .insert(productEvents)
    .values({ organizationId: null, ...event });
}

/**
 * The organization's events since `longSince`, counted per name and feature, and again since
 * `shortSince`: at most one row per name and feature of the contract's lists.
 */
export async function countProductEvents(organizationId: string, since: { short: Date; long: Date }) {
  const feature = sql<string | null>`${productEvents.properties}->>'feature'`;
  return tenantDb(organizationId)
    .select({
      name: productEvents.name,
      feature,
      shortCount: sql<number>`(count(*) filter (where ${productEvents.createdAt} >= ${since.short.toISOString()}::timestamptz))::int`,
      longCount: sql<number>`count(*)::int`,
    })
    .from(productEvents)
    .where(and(eq(productEvents.organizationId, organizationId), gte(productEvents.createdAt, since.long)))
    .groupBy(productEvents.name, feature);
}
