import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { inTenant, tenantDb } from '../db/scope.js';
import { newestFirstAfter, preciseTimestamp } from '../http/pagination.js';
import { failedOperations } from './jobs.table.js';

export type FailedOperationRow = typeof failedOperations.$inferSelect;

export interface GaveUp {
  id: string;
  organizationId: string | null;
  kind: string;
  description: string;
  payload: unknown;
  attempts: number;
  lastError: string;
  runId: string;
  /** From the dead-letter copy: a failure the worker already recorded must not be counted twice. */
  onlyIfNotRecorded?: boolean;
}

/**
 * Records an operation that used up its attempts, in its organization's scope (so row-level
 * security applies to the worker as to anyone). A retried operation that fails again updates its row.
 */
export async function recordGaveUp(db: Database, gaveUp: GaveUp & { organizationId: string }): Promise<void> {
  const { organizationId } = gaveUp;
  await inTenant(db, { organizationId, userId: null }, async () => {
    const values = {
      id: gaveUp.id,
      organizationId,
      kind: gaveUp.kind,
      description: gaveUp.description,
      payload: gaveUp.payload ?? null,
      attempts: gaveUp.attempts,
      lastError: gaveUp.lastError,
      status: 'failed' as const,
      runId: gaveUp.runId,
      failedAt: new Date(),
    };
    await tenantDb(organizationId)
      .insert(failedOperations)
      .values(values)
      .onConflictDoUpdate({
        target: failedOperations.id,
        set: {
          status: 'failed',
          attempts: sql`${failedOperations.attempts} + excluded.attempts`,
          lastError: sql`excluded.last_error`,
          failedAt: sql`excluded.failed_at`,
          runId: sql`excluded.run_id`,
        },
        // A late dead-letter copy speaks only for the run it came from, and only if nobody recorded it yet.
        ...(gaveUp.onlyIfNotRecorded
          ? {
              setWhere: and(eq(failedOperations.status, 'retrying'), eq(failedOperations.runId, sql`excluded.run_id`)),
            }
          : {}),
      });
  });
}

/** A retried operation succeeded: it leaves the list. */
export async function forgetRecovered(db: Database, organizationId: string, id: string, runId: string): Promise<void> {
  await inTenant(db, { organizationId, userId: null }, () =>
    tenantDb(organizationId)
      .delete(failedOperations)
      .where(
        and(eq(failedOperations.id, id), eq(failedOperations.status, 'retrying'), eq(failedOperations.runId, runId)),
      ),
  );
}

/** Newest failure first; `position` is the keyset cursor's timestamp at PostgreSQL's precision. */
export function listFailedOperations(
  organizationId: string,
  filter: { kind?: string | undefined },
  limit: number,
  after?: readonly [string, string],
) {
  return tenantDb(organizationId)
    .select({ row: failedOperations, position: preciseTimestamp(failedOperations.failedAt) })
    .from(failedOperations)
    .where(
      and(
        eq(failedOperations.organizationId, organizationId),
        filter.kind ? eq(failedOperations.kind, filter.kind) : undefined,
        after ? newestFirstAfter(failedOperations.failedAt, failedOperations.id, after) : undefined,
      ),
    )
    .orderBy(desc(failedOperations.failedAt), desc(failedOperations.id))
    .limit(limit);
}

export async function countFailedOperations(organizationId: string) {
  const rows = await tenantDb(organizationId)
    .select({
      kind: failedOperations.kind,
      failed: sql<number>`count(*) filter (where ${failedOperations.status} = 'failed')::int`,
      retrying: sql<number>`count(*) filter (where ${failedOperations.status} = 'retrying')::int`,
    })
    .from(failedOperations)
    .where(eq(failedOperations.organizationId, organizationId))
    .groupBy(failedOperations.kind)
    .orderBy(failedOperations.kind);
  return rows.map((row) => ({ kind: row.kind, failed: Number(row.failed), retrying: Number(row.retrying) }));
}

/** Failed operations waiting for an admin (not those running again): the admin tools figure. */
export async function countWaitingFailedOperations(organizationId: string): Promise<number> {
  return (await countFailedOperations(organizationId)).reduce((sum, kind) => sum + kind.failed, 0);
}

/** The named operations, locked against a concurrent retry or discard. */
export function findFailedOperationsForUpdate(organizationId: string, ids: string[]): Promise<FailedOperationRow[]> {
  return tenantDb(organizationId)
    .select()
    .from(failedOperations)
    .where(and(eq(failedOperations.organizationId, organizationId), inArray(failedOperations.id, ids)))
    .for('update');
}

/** The operation is queued again as run `runId`. */
export async function markRetrying(organizationId: string, id: string, runId: string): Promise<void> {
  await tenantDb(organizationId)
    .update(failedOperations)
    .set({ status: 'retrying', runId })
    .where(and(eq(failedOperations.organizationId, organizationId), eq(failedOperations.id, id)));
}

export async function deleteFailedOperations(organizationId: string, ids: string[]): Promise<void> {
  await tenantDb(organizationId)
    .delete(failedOperations)
    .where(and(eq(failedOperations.organizationId, organizationId), inArray(failedOperations.id, ids)));
}
