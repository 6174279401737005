import { and, asc, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { newestFirstAfter, preciseTimestamp } from '../../http/pagination.js';
import { personName, personView } from '../people/index.js';
import { findActiveTeams } from '../teams/index.js';
import { milestones, priorities, priorityAttachments, priorityUpdates } from './priorities.table.js';

export type PriorityInsert = Omit<typeof priorities.$inferInsert, 'organizationId' | 'id'>;
export type PriorityChanges = Partial<
  Pick<
    typeof priorities.$inferInsert,
    | 'title'
    | 'description'
    | 'ownerId'
    | 'teamId'
    | 'scope'
    | 'year'
    | 'quarter'
    | 'dueDate'
    | 'status'
    | 'progressType'
    | 'numericStart'
    | 'numericTarget'
    | 'numericCurrent'
    | 'unit'
    | 'annualGoalId'
    | 'completedAt'
    | 'archivedAt'
  >
>;
export type MilestoneChanges = Partial<
  Pick<typeof milestones.$inferInsert, 'title' | 'dueDate' | 'ownerId' | 'done' | 'doneAt'>
>;

/** The owner (or author, uploader), joined on its id: the people module's view of users. */
const person = personView('person');
const ownerName = personName(person);

const priorityColumns = {
  id: priorities.id,
  title: priorities.title,
  description: priorities.description,
  ownerId: priorities.ownerId,
  ownerName,
  teamId: priorities.teamId,
  scope: priorities.scope,
  year: priorities.year,
  quarter: priorities.quarter,
  dueDate: priorities.dueDate,
  status: priorities.status,
  progressType: priorities.progressType,
  numericStart: priorities.numericStart,
  numericTarget: priorities.numericTarget,
  numericCurrent: priorities.numericCurrent,
  unit: priorities.unit,
  groupId: priorities.groupId,
  annualGoalId: priorities.annualGoalId,
  completedAt: priorities.completedAt,
  archivedAt: priorities.archivedAt,
  createdAt: priorities.createdAt,
  updatedAt: priorities.updatedAt,
  version: priorities.version,
};

export interface PriorityListOptions {
  teamId: string;
  quarters: readonly { year: number; quarter: number }[];
  includeArchived: boolean;
  ownerId: string | undefined;
  limit: number;
}

const inQuarters = (quarters: readonly { year: number; quarter: number }[]): SQL | undefined =>
  or(...quarters.map((quarter) => and(eq(priorities.year, quarter.year), eq(priorities.quarter, quarter.quarter))));

/** One query for the priorities, owner names joined. */
export async function listPriorities(organizationId: string, options: PriorityListOptions) {
  return tenantDb(organizationId)
    .select(priorityColumns)
    .from(priorities)
    .innerJoin(person, eq(person.id, priorities.ownerId))
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        eq(priorities.teamId, options.teamId),
        inQuarters(options.quarters),
        options.includeArchived ? undefined : isNull(priorities.archivedAt),
        options.ownerId ? eq(priorities.ownerId, options.ownerId) : undefined,
      ),
    )
    .orderBy(asc(priorities.year), asc(priorities.quarter), asc(sql`lower(${ownerName})`), asc(priorities.createdAt))
    .limit(options.limit + 1);
}

export async function findPriorities(organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tenantDb(organizationId)
    .select(priorityColumns)
    .from(priorities)
    .innerJoin(person, eq(person.id, priorities.ownerId))
    .where(and(eq(priorities.organizationId, organizationId), inArray(priorities.id, [...ids])));
}
export type PriorityRow = Awaited<ReturnType<typeof findPriorities>>[number];

/** Every milestone of the given priorities in ONE query, in their order. */
export async function listMilestones(organizationId: string, priorityIds: readonly string[]) {
  if (priorityIds.length === 0) return [];
  return tenantDb(organizationId)
    .select({
      id: milestones.id,
      priorityId: milestones.priorityId,
      title: milestones.title,
      dueDate: milestones.dueDate,
      ownerId: milestones.ownerId,
      ownerName,
      done: milestones.done,
      doneAt: milestones.doneAt,
      position: milestones.position,
      version: milestones.version,
    })
    .from(milestones)
    .innerJoin(person, eq(person.id, milestones.ownerId))
    .where(and(eq(milestones.organizationId, organizationId), inArray(milestones.priorityId, [...priorityIds])))
    .orderBy(asc(milestones.priorityId), asc(milestones.position), asc(milestones.id));
}
export type MilestoneRow = Awaited<ReturnType<typeof listMilestones>>[number];

export async function insertPriorities(organizationId: string, rows: PriorityInsert[]): Promise<string[]> {
  const inserted = await tenantDb(organizationId)
    .insert(priorities)
    .values(rows.map((row) => ({ organizationId, ...row })))
    .returning({ id: priorities.id });
  return inserted.map((row) => row.id);
}

/** Applies `changes` only at `version`, bumping it; empty when stale or absent. */
export async function updatePriorityAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: PriorityChanges,
) {
  return tenantDb(organizationId)
    .update(priorities)
    .set({ ...changes, version: sql`${priorities.version} + 1` })
    .where(and(eq(priorities.organizationId, organizationId), eq(priorities.id, id), eq(priorities.version, version)))
    .returning({ id: priorities.id });
}

/** A team's quarter closes: what is not complete becomes not complete, and every priority is archived. */
export async function closeQuarterOf(organizationId: string, teamId: string, year: number, quarter: number) {
  return tenantDb(organizationId)
    .update(priorities)
    .set({
      status: sql`case when ${priorities.status} = 'complete' then 'complete' else 'not_complete' end`,
      archivedAt: new Date(),
      version: sql`${priorities.version} + 1`,
    })
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        eq(priorities.teamId, teamId),
        eq(priorities.year, year),
        eq(priorities.quarter, quarter),
        isNull(priorities.archivedAt),
      ),
    )
    .returning({ id: priorities.id, teamId: priorities.teamId, status: priorities.status });
}

export async function insertMilestone(
  organizationId: string,
  row: { priorityId: string; title: string; dueDate: string | null; ownerId: string },
) {
  const [inserted] = await tenantDb(organizationId)
    .insert(milestones)
    .values({
      organizationId,
      ...row,
      position: sql`(select coalesce(max(${milestones.position}) + 1, 0) from ${milestones} where ${milestones.priorityId} = ${row.priorityId})`,
    })
    .returning({ id: milestones.id });
  return inserted?.id;
}

export async function findMilestone(organizationId: string, priorityId: string, id: string) {
  const [row] = await tenantDb(organizationId)
    .select({ id: milestones.id, version: milestones.version, done: milestones.done })
    .from(milestones)
    .where(
      and(eq(milestones.organizationId, organizationId), eq(milestones.priorityId, priorityId), eq(milestones.id, id)),
    );
  return row;
}

export async function milestoneIdsOf(organizationId: string, priorityId: string): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.organizationId, organizationId), eq(milestones.priorityId, priorityId)));
  return rows.map((row) => row.id);
}

export async function updateMilestoneAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: MilestoneChanges,
) {
  return tenantDb(organizationId)
    .update(milestones)
    .set({ ...changes, version: sql`${milestones.version} + 1` })
    .where(and(eq(milestones.organizationId, organizationId), eq(milestones.id, id), eq(milestones.version, version)))
    .returning({ id: milestones.id });
}

export async function deleteMilestone(organizationId: string, id: string) {
  await tenantDb(organizationId)
    .delete(milestones)
    .where(and(eq(milestones.organizationId, organizationId), eq(milestones.id, id)));
}

/** The whole new order in one statement. */
export async function reorderMilestones(organizationId: string, priorityId: string, orderedIds: readonly string[]) {
  const cases = sql.join(
    orderedIds.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
    sql` `,
  );
  await tenantDb(organizationId)
    .update(milestones)
    .set({ position: sql`case ${milestones.id} ${cases} end`, version: sql`${milestones.version} + 1` })
    .where(
      and(
        eq(milestones.organizationId, organizationId),
        eq(milestones.priorityId, priorityId),
        inArray(milestones.id, [...orderedIds]),
      ),
    );
}

export async function listUpdatePage(
  organizationId: string,
  priorityId: string,
  limit: number,
  after: readonly [string, string] | undefined,
) {
  return tenantDb(organizationId)
    .select({
      id: priorityUpdates.id,
      priorityId: priorityUpdates.priorityId,
      weekStart: priorityUpdates.weekStart,
      status: priorityUpdates.status,
      comment: priorityUpdates.comment,
      authorId: priorityUpdates.authorId,
      authorName: ownerName,
      createdAt: priorityUpdates.createdAt,
      position: preciseTimestamp(priorityUpdates.createdAt),
    })
    .from(priorityUpdates)
    .innerJoin(person, eq(person.id, priorityUpdates.authorId))
    .where(
      and(
        eq(priorityUpdates.organizationId, organizationId),
        eq(priorityUpdates.priorityId, priorityId),
        after ? newestFirstAfter(priorityUpdates.createdAt, priorityUpdates.id, after) : undefined,
      ),
    )
    .orderBy(desc(priorityUpdates.createdAt), desc(priorityUpdates.id))
    .limit(limit + 1);
}
export type UpdateRow = Awaited<ReturnType<typeof listUpdatePage>>[number];

export async function insertUpdate(
  organizationId: string,
  row: Omit<typeof priorityUpdates.$inferInsert, 'organizationId' | 'id'>,
) {
  const [inserted] = await tenantDb(organizationId)
    .insert(priorityUpdates)
    .values({ organizationId, ...row })
    .returning({ id: priorityUpdates.id, createdAt: priorityUpdates.createdAt });
  return inserted;
}

const attachmentColumns = {
  id: priorityAttachments.id,
  priorityId: priorityAttachments.priorityId,
  fileName: priorityAttachments.fileName,
  mimeType: priorityAttachments.mimeType,
  size: priorityAttachments.size,
  storedFileId: priorityAttachments.storedFileId,
  uploadedById: priorityAttachments.uploadedById,
  uploadedByName: ownerName,
  createdAt: priorityAttachments.createdAt,
};

export async function listAttachments(organizationId: string, priorityId: string, attachmentId?: string) {
  return tenantDb(organizationId)
    .select(attachmentColumns)
    .from(priorityAttachments)
    .innerJoin(person, eq(person.id, priorityAttachments.uploadedById))
    .where(
      and(
        eq(priorityAttachments.organizationId, organizationId),
        eq(priorityAttachments.priorityId, priorityId),
        attachmentId ? eq(priorityAttachments.id, attachmentId) : undefined,
      ),
    )
    .orderBy(desc(priorityAttachments.createdAt), desc(priorityAttachments.id))
    .limit(200);
}
export type AttachmentRow = Awaited<ReturnType<typeof listAttachments>>[number];

export async function insertAttachment(
  organizationId: string,
  row: Omit<typeof priorityAttachments.$inferInsert, 'organizationId' | 'id'>,
) {
  const [inserted] = await tenantDb(organizationId)
    .insert(priorityAttachments)
    .values({ organizationId, ...row })
    .returning({ id: priorityAttachments.id });
  return inserted?.id;
}

export async function deleteAttachment(organizationId: string, id: string) {
  await tenantDb(organizationId)
    .delete(priorityAttachments)
    .where(and(eq(priorityAttachments.organizationId, organizationId), eq(priorityAttachments.id, id)));
}

export { organizationCalendar as calendarOf } from '../people/index.js';

/** Whether the team is a live team of this organization (another organization's reads as absent). */
export async function teamExists(organizationId: string, teamId: string): Promise<boolean> {
  return (await findActiveTeams(organizationId, [teamId])).length > 0;
}

// Owners may be active members or invited people not yet joined (never deactivated ones).
export { findAssignableMemberIds as assignableMemberIds } from '../people/index.js';

/** For one-statement reads composed elsewhere: a scalar subquery counting a quarter's priorities (or those on track). */
export function quarterPriorityCountSql(
  organizationId: string,
  year: SQL,
  quarter: SQL,
  { onTrackOnly = false }: { onTrackOnly?: boolean } = {},
): SQL {
  const counted = onTrackOnly ? sql`(count(*) filter (where p.status = 'on_track'))::int` : sql`count(*)::int`;
  return sql`select ${counted} from ${priorities} p
    where p.organization_id = ${organizationId}::uuid and p.year = ${year} and p.quarter = ${quarter}
      and p.archived_at is null`;
}

/** For one-statement reads composed elsewhere: a scalar subquery counting the live priorities serving an annual goal. */
export function annualGoalPriorityCountSql(organizationId: string, annualGoalId: SQL | AnyColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${priorities} p
    where p.organization_id = ${organizationId}::uuid and p.annual_goal_id = ${annualGoalId} and p.archived_at is null)`;
}

/** The titles of the given priorities of the organization, by id (absent: no such priority): for links shown elsewhere. */
export async function priorityTitles(organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tenantDb(organizationId)
    .select({ id: priorities.id, title: priorities.title })
    .from(priorities)
    .where(and(eq(priorities.organizationId, organizationId), inArray(priorities.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** One priority as a notice tells of it (chat channels): its title, team, status, owner and due date. */
export async function priorityForNotice(organizationId: string, id: string) {
  const [row] = await findPriorities(organizationId, [id]);
  if (!row) return undefined;
  const { title, teamId, status, ownerName, dueDate } = row;
  return { id, title, teamId, status, ownerName, dueDate };
}
