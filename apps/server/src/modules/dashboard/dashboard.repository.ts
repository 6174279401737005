import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { users } from '../auth/index.js';
import { headlines } from '../headlines/index.js';
import { issues } from '../issues/index.js';
import { milestones, priorities } from '../priorities/index.js';
import { teamMembers, teams } from '../teams/index.js';
import { todoColumns, todos } from '../todos/index.js';

/**
 * One statement per section, whatever its length: counts come from window functions over the same
 * rows (`count(*) over ()` is computed before LIMIT), milestone tallies from correlated aggregates
 * inside the priorities statement. Every list filters by organization (RLS is the second layer) and
 * hides objects of archived teams.
 */

const total = sql<number>`(count(*) over ())::int`;
const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
const OPEN_PRIORITY = ['on_track', 'off_track'] as const;

/** The person's active teams, by name: what the page follows for live updates. */
export function teamsOf(organizationId: string, userId: string) {
  return tenantDb(organizationId)
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId), isNull(teams.archivedAt)),
    )
    .orderBy(asc(teams.name), asc(teams.id))
    .limit(500);
}

/** Open priorities the person owns in one fiscal quarter (uses priorities_owner_idx). */
export function openPriorities(
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
      teamId: teams.id,
      teamName: teams.name,
      milestoneCount: sql<number>`(select count(*)::int from ${milestones} where ${milestones.priorityId} = ${priorities.id})`,
      milestonesDone: sql<number>`(select count(*)::int from ${milestones} where ${milestones.priorityId} = ${priorities.id} and ${milestones.done})`,
      total,
    })
    .from(priorities)
    .innerJoin(teams, and(eq(teams.id, priorities.teamId), isNull(teams.archivedAt)))
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
export function openMilestones(organizationId: string, userId: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      id: milestones.id,
      title: milestones.title,
      dueDate: milestones.dueDate,
      version: milestones.version,
      priorityId: priorities.id,
      priorityTitle: priorities.title,
      teamId: teams.id,
      teamName: teams.name,
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
    .innerJoin(teams, and(eq(teams.id, priorities.teamId), isNull(teams.archivedAt)))
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

/**
 * The person's open to-dos, private ones included (they are theirs; nobody else's can match the
 * owner filter). Earliest due first, which puts the overdue ones on top (uses todos_owner_status_due_idx).
 */
export function openTodos(organizationId: string, userId: string, today: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      ...todoColumns,
      teamName: teams.name,
      total,
      overdue: sql<number>`(count(*) filter (where ${todos.dueDate} < ${today}::date) over ())::int`,
    })
    .from(todos)
    .innerJoin(teams, and(eq(teams.id, todos.teamId), isNull(teams.archivedAt)))
    .innerJoin(users, eq(users.id, todos.ownerId))
    .where(
      and(
        eq(todos.organizationId, organizationId),
        eq(todos.ownerId, userId),
        eq(todos.status, 'open'),
        isNull(todos.deletedAt),
      ),
    )
    .orderBy(asc(todos.dueDate), asc(todos.createdAt), asc(todos.id))
    .limit(limit);
}

/** Open issues the person owns: ranked ones first, then newest (uses issues_owner_idx). */
export function openIssues(organizationId: string, userId: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      id: issues.id,
      title: issues.title,
      horizon: issues.horizon,
      priorityRank: issues.priorityRank,
      createdAt: issues.createdAt,
      version: issues.version,
      teamId: teams.id,
      teamName: teams.name,
      total,
    })
    .from(issues)
    .innerJoin(teams, and(eq(teams.id, issues.teamId), isNull(teams.archivedAt)))
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.ownerId, userId),
        eq(issues.status, 'open'),
        isNull(issues.archivedAt),
      ),
    )
    .orderBy(sql`${issues.priorityRank} asc nulls last`, desc(issues.createdAt), asc(issues.id))
    .limit(limit);
}

/** Recent headlines, not archived: the person's own and those of their teams (headlines_team_list_idx). */
export function recentHeadlines(organizationId: string, userId: string, limit: number) {
  const myTeams = tenantDb(organizationId)
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId)));
  return tenantDb(organizationId)
    .select({
      id: headlines.id,
      text: headlines.text,
      type: headlines.type,
      status: headlines.status,
      ownerId: headlines.ownerId,
      ownerName: personName,
      createdAt: headlines.createdAt,
      version: headlines.version,
      teamId: teams.id,
      teamName: teams.name,
      total,
    })
    .from(headlines)
    .innerJoin(teams, and(eq(teams.id, headlines.teamId), isNull(teams.archivedAt)))
    .innerJoin(users, eq(users.id, headlines.ownerId))
    .where(
      and(
        eq(headlines.organizationId, organizationId),
        isNull(headlines.archivedAt),
        or(eq(headlines.ownerId, userId), inArray(headlines.teamId, myTeams)),
      ),
    )
    .orderBy(desc(headlines.createdAt), desc(headlines.id))
    .limit(limit);
}

export type PriorityRow = Awaited<ReturnType<typeof openPriorities>>[number];
export type MilestoneRow = Awaited<ReturnType<typeof openMilestones>>[number];
export type TodoRow = Awaited<ReturnType<typeof openTodos>>[number];
export type IssueRow = Awaited<ReturnType<typeof openIssues>>[number];
export type HeadlineRow = Awaited<ReturnType<typeof recentHeadlines>>[number];
