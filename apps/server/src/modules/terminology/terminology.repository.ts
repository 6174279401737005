import { eq, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { terminologyOverrides } from './terminology.table.js';

export async function findOverrides(organizationId: string): Promise<Record<string, string>> {
  const [row] = await tenantDb(organizationId)
    .select({ labels: terminologyOverrides.labels })
    .from(terminologyOverrides)
    .where(eq(terminologyOverrides.organizationId, organizationId));
  return row?.labels ?? {};
}

/** Replaces the stored overrides as a whole (the caller merges); one row per organization. */
export async function saveOverrides(organizationId: string, labels: Record<string, string>): Promise<void> {
  await tenantDb(organizationId)
    .insert(terminologyOverrides)
    .values({ organizationId, labels })
    .onConflictDoUpdate({
      target: terminologyOverrides.organizationId,
      set: { labels, updatedAt: new Date(), version: sql`${terminologyOverrides.version} + 1` },
    });
}
