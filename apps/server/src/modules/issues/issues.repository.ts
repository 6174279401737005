import { uuidSchema, type IssueHorizon, type IssueStatus } from '@keel/contract';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { tenantDb } from '../../db/scope.js';
import { newestFirstAfter, preciseTimestamp, preciseTimestampSchema } from '../../http/pagination.js';
import { findActiveMemberIds, personView } from '../people/index.js';
import { issueComments, issueVotes, issues } from './issues.table.js';

const raisers = personView('raiser');
const owners = personView('issue_owner');

/** Counts by correlated sub-select: still one query per page, whatever its length. */
const issueColumns = (viewerId: string) => ({
  id: issues.id,
  teamId: issues.teamId,
  title: issues.title,
  description: issues.description,
  raisedById: issues.raisedById,
  raiserFirstName: raisers.firstName,
  raiserLastName: raisers.lastName,
  ownerId: issues.ownerId,
  ownerFirstName: owners.firstName,
  ownerLastName: owners.lastName,
  horizon: issues.horizon,
  priorityRank: issues.priorityRank,
  position: issues.position,
  status: issues.status,
  solvedAt: issues.solvedAt,
  solvedById: issues.solvedById,
  resolution: issues.resolution,
  sourceKind: issues.sourceKind,
  sourceId: issues.sourceId,
  archivedAt: issues.archivedAt,
  version: issues.version,
  createdAt: issues.createdAt,
  updatedAt: issues.updatedAt,
  votes: sql<number>`(select count(*)::int from ${issueVotes} v where v.issue_id = ${issues.id})`,
  votedByMe: sql<boolean>`exists (select 1 from ${issueVotes} v where v.issue_id = ${issues.id} and v.user_id = ${viewerId}::uuid)`,
  commentCount: sql<number>`(select count(*)::int from ${issueComments} c where c.issue_id = ${issues.id})`,
  solvedPosition: preciseTimestamp(issues.solvedAt),
});

const selectIssues = (organizationId: string, viewerId: string) =>
  tenantDb(organizationId)
    .select(issueColumns(viewerId))
    .from(issues)
    .innerJoin(raisers, eq(raisers.id, issues.raisedById))
    .leftJoin(owners, eq(owners.id, issues.ownerId));

export type IssueRow = Awaited<ReturnType<ReturnType<typeof selectIssues>['where']>>[number];

export async function findIssue(organizationId: string, viewerId: string, id: string): Promise<IssueRow | undefined> {
  const [row] = await selectIssues(organizationId, viewerId).where(
    and(eq(issues.organizationId, organizationId), eq(issues.id, id)),
  );
  return row;
}

export const openCursorShape = z.tuple([z.number().int(), uuidSchema]);
export const solvedCursorShape = z.tuple([preciseTimestampSchema, uuidSchema]);

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** Open issues in manual order (position, id); solved ones newest-solved first. `ilike` on a bounded page. */
export async function listIssuePage(
  organizationId: string,
  options: {
    viewerId: string;
    teamId: string;
    horizon: IssueHorizon | undefined;
    status: IssueStatus;
    search: string | undefined;
    includeArchived: boolean;
    limit: number;
    after: [number, string] | [string, string] | undefined;
  },
) {
  const { after, status } = options;
  const filters = and(
    eq(issues.organizationId, organizationId),
    eq(issues.teamId, options.teamId),
    eq(issues.status, status),
    options.horizon ? eq(issues.horizon, options.horizon) : undefined,
    options.includeArchived ? undefined : isNull(issues.archivedAt),
    options.search ? ilike(issues.title, likePattern(options.search)) : undefined,
  );
  const query = selectIssues(organizationId, options.viewerId);
  if (status === 'open') {
    const cursor = after as [number, string] | undefined;
    return query
      .where(
        and(filters, cursor ? sql`(${issues.position}, ${issues.id}) > (${cursor[0]}, ${cursor[1]}::uuid)` : undefined),
      )
      .orderBy(asc(issues.position), asc(issues.id))
      .limit(options.limit + 1);
  }
  const cursor = after as [string, string] | undefined;
  return query
    .where(and(filters, cursor ? newestFirstAfter(issues.solvedAt, issues.id, cursor) : undefined))
    .orderBy(desc(issues.solvedAt), desc(issues.id))
    .limit(options.limit + 1);
}

export type IssueInsert = Pick<
  typeof issues.$inferInsert,
  'teamId' | 'title' | 'description' | 'raisedById' | 'ownerId' | 'horizon' | 'sourceKind' | 'sourceId'
>;
export type IssueChanges = Partial<
  Pick<
    typeof issues.$inferInsert,
    | 'title'
    | 'description'
    | 'ownerId'
    | 'horizon'
    | 'priorityRank'
    | 'position'
    | 'status'
    | 'solvedAt'
    | 'solvedById'
    | 'resolution'
    | 'teamId'
    | 'archivedAt'
  >
>;

/** The end of a (team, horizon) open list, computed inside the insert so it stays one statement. */
const nextPosition = (organizationId: string, teamId: string, horizon: IssueHorizon) =>
  sql<number>`(select coalesce(max(${issues.position}), 0) + 1 from ${issues} where ${issues.organizationId} = ${organizationId}::uuid and ${issues.teamId} = ${teamId}::uuid and ${issues.horizon} = ${horizon} and ${issues.status} = 'open')`;

export async function insertIssue(organizationId: string, values: IssueInsert): Promise<{ id: string }> {
  const horizon = values.horizon ?? 'short_term';
  const [row] = await tenantDb(organizationId)
    .insert(issues)
    .values({ organizationId, ...values, horizon, position: nextPosition(organizationId, values.teamId, horizon) })
    .returning({ id: issues.id });
  if (!row) throw new Error('issue insert returned nothing');
  return row;
}

export async function updateIssueAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: IssueChanges,
  { moveToEnd }: { moveToEnd?: { teamId: string; horizon: IssueHorizon } } = {},
): Promise<{ id: string; teamId: string } | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(issues)
    .set({
      ...changes,
      ...(moveToEnd ? { position: nextPosition(organizationId, moveToEnd.teamId, moveToEnd.horizon) } : {}),
      version: sql`${issues.version} + 1`,
    })
    .where(and(eq(issues.organizationId, organizationId), eq(issues.id, id), eq(issues.version, version)))
    .returning({ id: issues.id, teamId: issues.teamId });
  return row;
}

/**
 * Frees `rank` in the team for `takerId`. The issue holding it gets the taker's former rank (a swap
 * inside the top three) or drops out of it; answers who lost it.
 */
export async function takeRank(
  organizationId: string,
  teamId: string,
  rank: number,
  takerId: string,
  takerRank: number | null,
) {
  const db = tenantDb(organizationId);
  if (takerRank !== null && takerRank !== rank) {
    // The taker lets go of its rank first so the unique index never sees two holders of it; its own
    // versioned update follows in the same transaction.
    await db
      .update(issues)
      .set({ priorityRank: null })
      .where(and(eq(issues.organizationId, organizationId), eq(issues.id, takerId)));
  }
  return db
    .update(issues)
    .set({ priorityRank: takerRank === rank ? null : takerRank, version: sql`${issues.version} + 1` })
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.teamId, teamId),
        eq(issues.status, 'open'),
        eq(issues.priorityRank, rank),
        ne(issues.id, takerId),
      ),
    )
    .returning({ id: issues.id, teamId: issues.teamId });
}

/**
 * Renumbers a team's ranked open issues 1..n in their rank order, after one left the top three. Row
 * by row from the top, so each moves into a slot already freed and the unique index never sees two
 * holders (at most three rows). Versions stay, as for positions: a renumber is nobody's edit and must
 * not turn someone's open edit into a conflict.
 */
export async function closeRankGaps(organizationId: string, teamId: string) {
  const db = tenantDb(organizationId);
  const ranked = await db
    .select({ id: issues.id, priorityRank: issues.priorityRank })
    .from(issues)
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.teamId, teamId),
        eq(issues.status, 'open'),
        isNotNull(issues.priorityRank),
      ),
    )
    .orderBy(asc(issues.priorityRank));
  const renumbered: { id: string; teamId: string }[] = [];
  for (const [index, row] of ranked.entries()) {
    if (row.priorityRank === index + 1) continue;
    await db
      .update(issues)
      .set({ priorityRank: index + 1 })
      .where(and(eq(issues.organizationId, organizationId), eq(issues.id, row.id)));
    renumbered.push({ id: row.id, teamId });
  }
  return renumbered;
}

/** The open issues of one list, to check a reorder names exactly them. */
export async function openIssueIds(organizationId: string, teamId: string, horizon: IssueHorizon): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.teamId, teamId),
        eq(issues.horizon, horizon),
        eq(issues.status, 'open'),
        isNull(issues.archivedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * One statement for the whole list: position = index in `ids`. The order is not part of what a person
 * edits, so versions stay: dragging a row must not turn someone's open edit into a conflict.
 */
export async function setPositions(organizationId: string, ids: readonly string[]) {
  await tenantDb(organizationId)
    .update(issues)
    .set({ position: sql`array_position(${sql.param([...ids])}::uuid[], ${issues.id})` })
    .where(and(eq(issues.organizationId, organizationId), inArray(issues.id, [...ids])));
}

export async function issueExists(organizationId: string, id: string): Promise<boolean> {
  const [row] = await tenantDb(organizationId)
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.organizationId, organizationId), eq(issues.id, id)));
  return row !== undefined;
}

/** Answers whether a vote was added (false: the person had already voted). */
export async function addVote(organizationId: string, issueId: string, userId: string): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .insert(issueVotes)
    .values({ organizationId, issueId, userId })
    .onConflictDoNothing()
    .returning({ issueId: issueVotes.issueId });
  return rows.length > 0;
}

export async function removeVote(organizationId: string, issueId: string, userId: string): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .delete(issueVotes)
    .where(
      and(
        eq(issueVotes.organizationId, organizationId),
        eq(issueVotes.issueId, issueId),
        eq(issueVotes.userId, userId),
      ),
    )
    .returning({ issueId: issueVotes.issueId });
  return rows.length > 0;
}

export async function isActiveMember(organizationId: string, userId: string): Promise<boolean> {
  return (await findActiveMemberIds(organizationId, [userId])).has(userId);
}

export { findActiveTeams } from '../teams/index.js';

/** For one-statement reads composed elsewhere: a scalar subquery counting the organization's open issues. */
export function openIssueCountSql(organizationId: string): SQL {
  return sql`select count(*)::int from ${issues} i
    where i.organization_id = ${organizationId}::uuid and i.status = 'open' and i.archived_at is null`;
}

/** The titles of the given issues of the organization, by id (absent: no such issue): for links shown elsewhere. */
export async function issueTitles(organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tenantDb(organizationId)
    .select({ id: issues.id, title: issues.title })
    .from(issues)
    .where(and(eq(issues.organizationId, organizationId), inArray(issues.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.title]));
}
