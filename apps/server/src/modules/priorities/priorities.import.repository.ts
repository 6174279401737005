import { tenantDb } from '../../db/scope.js';
import { milestones } from './priorities.table.js';

/** An imported milestone as the imports module builds it (the same defaults the create use case uses). */
export type ImportedMilestone = Omit<typeof milestones.$inferInsert, 'organizationId' | 'id'>;

/** One multi-row INSERT of already checked rows; the caller chunks (bind-parameter limit) and reports progress. */
export async function insertImportedMilestones(organizationId: string, rows: ImportedMilestone[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tenantDb(organizationId)
    .insert(milestones)
    .values(rows.map((row) => ({ organizationId, ...row })))
    .returning({ id: milestones.id });
  return inserted.map((row) => row.id);
}
