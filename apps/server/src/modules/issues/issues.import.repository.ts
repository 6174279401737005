import { and, eq, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { issues } from './issues.table.js';

/** An imported issue as the imports module builds it (the same defaults the create use case uses). */
export type ImportedIssue = Omit<typeof issues.$inferInsert, 'organizationId' | 'id'>;

/** One multi-row INSERT of already checked rows; the caller chunks (bind-parameter limit) and reports progress. */
export async function insertImportedIssues(organizationId: string, rows: ImportedIssue[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tenantDb(organizationId)
    .insert(issues)
    .values(rows.map((row) => ({ organizationId, ...row })))
    .returning({ id: issues.id });
  return inserted.map((row) => row.id);
}

/** Where each (team, horizon) open list ends, and which top-three ranks are held: one query. */
export async function openIssueListState(organizationId: string) {
  return tenantDb(organizationId)
    .select({
      teamId: issues.teamId,
      horizon: issues.horizon,
      maxPosition: sql<number>`coalesce(max(${issues.position}), 0)::int`,
      ranks: sql<
        number[]
      >`coalesce(array_agg(${issues.priorityRank}) filter (where ${issues.priorityRank} is not null), '{}')`,
    })
    .from(issues)
    .where(and(eq(issues.organizationId, organizationId), eq(issues.status, 'open')))
    .groupBy(issues.teamId, issues.horizon);
}
