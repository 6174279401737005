import { DATA_EXPORTS_LISTED } from '@keel/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { organizationExports } from './data-export.table.js';

export type ExportRow = typeof organizationExports.$inferSelect;
export type ExportChanges = Partial<Omit<ExportRow, 'id' | 'organizationId' | 'createdAt' | 'requestedById'>>;

const requester = personView('requester');

export function listExports(organizationId: string) {
  return tenantDb(organizationId)
    .select({ row: organizationExports, requestedByName: personName(requester) })
    .from(organizationExports)
    .leftJoin(requester, eq(requester.id, organizationExports.requestedById))
    .where(eq(organizationExports.organizationId, organizationId))
    .orderBy(desc(organizationExports.createdAt), desc(organizationExports.id))
    .limit(DATA_EXPORTS_LISTED);
}

export async function insertExport(organizationId: string, requestedById: string): Promise<ExportRow> {
  const [row] = await tenantDb(organizationId)
    .insert(organizationExports)
    .values({ organizationId, requestedById })
    .returning();
  if (!row) throw new Error('export insert returned nothing');
  return row;
}

export async function findExport(organizationId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(organizationExports)
    .where(and(eq(organizationExports.organizationId, organizationId), eq(organizationExports.id, id)));
  return row;
}

export async function updateExport(organizationId: string, id: string, changes: ExportChanges): Promise<void> {
  await tenantDb(organizationId)
    .update(organizationExports)
    .set(changes)
    .where(and(eq(organizationExports.organizationId, organizationId), eq(organizationExports.id, id)));
}

/** Marks the ready exports past their time expired, answering their ids (their archives are then deleted). */
export async function expireExports(organizationId: string, now: Date): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .update(organizationExports)
    .set({ status: 'expired' })
    .where(
      and(
        eq(organizationExports.organizationId, organizationId),
        eq(organizationExports.status, 'ready'),
        lt(organizationExports.expiresAt, now),
      ),
    )
    .returning({ id: organizationExports.id });
  return rows.map((row) => row.id);
}

export async function hasExportUnderWay(organizationId: string): Promise<boolean> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(organizationExports)
    .where(
      and(
        eq(organizationExports.organizationId, organizationId),
        sql`${organizationExports.status} in ('queued', 'running')`,
      ),
    );
  return (row?.count ?? 0) > 0;
}
