import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { milestones, priorities } from './priorities.table.js';

// The dashboard's priority and milestone sections (GET …/me/dashboard): one statement each, counts from a window
// function over the same rows (`count(*) over ()` is computed before LIMIT), milestone tallies from correlated
// aggregates. Objects of archived teams are hidden.

const total = sql<number>`(count(*) over ())::int`;
const OPEN_PRIORITY = ['on_track', 'off_track'] as const;
const team = teamView('team');

/** Open priorities the person owns in one fiscal quarter (uses priorities_owner_idx). */
export function openPrioritiesOfPerson(
  organizationId: string,
  userId: string,
  quarter: { year: number; quarter: number },
  limit: number,
) {
  return tenantDb(organizationId)
    .select({
      id: priorities.id,
      title: priorities.title,
      status: priorities.status,
      scope: priorities.scope,
      progressType: priorities.progressType,
      numericStart: priorities.numericStart,
      numericTarget: priorities.numericTarget,
      numericCurrent: priorities.numericCurrent,
      dueDate: priorities.dueDate,
      version: priorities.version,
      teamId: team.id,
      teamName: team.name,
      milestoneCount: sql<number>`(select count(*)::int from ${milestones} where ${milestones.priorityId} = ${priorities.id})`,
      milestonesDone: sql<number>`(select count(*)::int from ${milestones} where ${milestones.priorityId} = ${priorities.id} and ${milestones.done})`,
      total,
    })
    .from(priorities)
    .innerJoin(team, and(eq(team.id, priorities.teamId), isNull(team.archivedAt)))
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        eq(priorities.ownerId, userId),
        eq(priorities.year, quarter.year),
        eq(priorities.quarter, quarter.quarter),
        isNull(priorities.archivedAt),
        inArray(priorities.status, [...OPEN_PRIORITY]),
      ),
    )
    .orderBy(asc(priorities.dueDate), asc(priorities.createdAt), asc(priorities.id))
    .limit(limit);
}

/** Milestones the person owns that are not done, of priorities still open (uses milestones_owner_idx). */
export function openMilestonesOfPerson(organizationId: string, userId: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      id: milestones.id,
      title: milestones.title,
      dueDate: milestones.dueDate,
      version: milestones.version,
      priorityId: priorities.id,
      priorityTitle: priorities.title,
      teamId: team.id,
      teamName: team.name,
      total,
    })
    .from(milestones)
    .innerJoin(
      priorities,
      and(
        eq(priorities.id, milestones.priorityId),
        isNull(priorities.archivedAt),
        inArray(priorities.status, [...OPEN_PRIORITY]),
      ),
    )
    .innerJoin(team, and(eq(team.id, priorities.teamId), isNull(team.archivedAt)))
    .where(
      and(eq(milestones.organizationId, organizationId), eq(milestones.ownerId, userId), eq(milestones.done, false)),
    )
    .orderBy(
      sql`${milestones.dueDate} asc nulls last`,
      asc(priorities.title),
      asc(milestones.position),
      asc(milestones.id),
    )
    .limit(limit);
}

export type DashboardPriorityRow = Awaited<ReturnType<typeof openPrioritiesOfPerson>>[number];
export type DashboardMilestoneRow = Awaited<ReturnType<typeof openMilestonesOfPerson>>[number];

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The department overview's figures: a team's live priorities of one fiscal quarter by status, in one statement
 * (uses priorities_team_quarter_idx). The team's own archived state is the caller's to check.
 */
export async function teamQuarterPriorityCounts(
  organizationId: string,
  teamId: string,
  quarter: { year: number; quarter: number },
) {
  const [row] = await tenantDb(organizationId)
    .select({
      total: sql<number>`count(*)::int`,
      onTrack: countWhere(sql`${priorities.status} = 'on_track'`),
      offTrack: countWhere(sql`${priorities.status} = 'off_track'`),
      complete: countWhere(sql`${priorities.status} = 'complete'`),
      notComplete: countWhere(sql`${priorities.status} = 'not_complete'`),
    })
    .from(priorities)
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        eq(priorities.teamId, teamId),
        eq(priorities.year, quarter.year),
        eq(priorities.quarter, quarter.quarter),
        isNull(priorities.archivedAt),
      ),
    );
  return row ?? { total: 0, onTrack: 0, offTrack: 0, complete: 0, notComplete: 0 };
}
