import { and, eq } from 'drizzle-orm';
import type { OwnerSql } from '../../db/database.js';
import { tenantDb } from '../../db/scope.js';
import { processes } from './processes.table.js';

export interface ReviewCandidate {
  organizationId: string;
  processId: string;
}

/**
 * The one read across organizations: published processes whose review day has come somewhere on Earth (a day of
 * slack for zones ahead of UTC) and that were not reminded for that day yet. It runs on the owner's connection (a
 * scheduled job has no tenant) and reads only this module's table; each organization's own scope re-checks the
 * date in its time zone.
 */
export async function listReviewCandidates(ownerSql: OwnerSql, utcDay: string): Promise<ReviewCandidate[]> {
  const { rows } = await ownerSql.query(
    `select organization_id, id from processes
      where status = 'published' and owner_id is not null
        and next_review_on <= $1::date + 1
        and (review_reminder_sent_on is null or review_reminder_sent_on < next_review_on)`,
    [utcDay],
  );
  return rows.map((row) => ({ organizationId: String(row.organization_id), processId: String(row.id) }));
}

const reviewState = (organizationId: string, processId: string) =>
  tenantDb(organizationId)
    .select({
      id: processes.id,
      title: processes.title,
      status: processes.status,
      ownerId: processes.ownerId,
      nextReviewOn: processes.nextReviewOn,
      reviewReminderSentOn: processes.reviewReminderSentOn,
    })
    .from(processes)
    .where(and(eq(processes.organizationId, organizationId), eq(processes.id, processId)));

/** The process's review state, locked for the rest of the transaction so that two runs never both send. */
export async function lockReviewState(organizationId: string, processId: string) {
  const [row] = await reviewState(organizationId, processId).for('update');
  return row;
}

/** The same, unlocked, for the quick check of a read-only scope. */
export async function readReviewState(organizationId: string, processId: string) {
  const [row] = await reviewState(organizationId, processId);
  return row;
}

export async function markReviewReminded(organizationId: string, processId: string, day: string): Promise<void> {
  await tenantDb(organizationId)
    .update(processes)
    .set({ reviewReminderSentOn: day })
    .where(and(eq(processes.organizationId, organizationId), eq(processes.id, processId)));
}
