import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamMembers, teams } from './teams.table.js';

export type TeamRow = typeof teams.$inferSelect;

export async function insertTeam(
  organizationId: string,
  values: { name: string; isLeadershipTeam: boolean; createdById: string | null },
): Promise<TeamRow> {
  const [row] = await tenantDb(organizationId)
    .insert(teams)
    .values({ organizationId, ...values })
    .returning();
  if (!row) throw new Error('team insert returned nothing');
  return row;
}

export async function insertTeamMember(
  organizationId: string,
  teamId: string,
  userId: string,
  role: 'lead' | 'member',
): Promise<void> {
  await tenantDb(organizationId).insert(teamMembers).values({ organizationId, teamId, userId, role });
}

/** The active teams a person belongs to, leadership first, then by name. */
export async function listTeamsOfUser(organizationId: string, userId: string) {
  return tenantDb(organizationId)
    .select({ id: teams.id, name: teams.name, isLeadershipTeam: teams.isLeadershipTeam })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId), isNull(teams.archivedAt)),
    )
    .orderBy(asc(teams.isLeadershipTeam), asc(teams.name))
    .limit(500);
}

/** Every active team of the organization with whether the person is in it (the department selector's list). */
export async function listTeamsWithMembership(organizationId: string, userId: string) {
  return tenantDb(organizationId)
    .select({
      id: teams.id,
      name: teams.name,
      description: teams.description,
      color: teams.color,
      parentTeamId: teams.parentTeamId,
      isLeadershipTeam: teams.isLeadershipTeam,
      memberId: teamMembers.id,
    })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(and(eq(teams.organizationId, organizationId), isNull(teams.archivedAt)))
    .orderBy(asc(teams.name))
    .limit(1000);
}

/** Whether the person belongs to this active team of the organization. */
export async function isActiveTeamMember(organizationId: string, teamId: string, userId: string): Promise<boolean> {
  const [row] = await tenantDb(organizationId)
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.organizationId, organizationId),
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, userId),
        isNull(teams.archivedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** How many teams (departments included) the organization has that are not archived. */
export async function countActiveTeams(organizationId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), isNull(teams.archivedAt)));
  return row?.count ?? 0;
}

/** The active (not archived) teams among `ids`: row-level security hides other organizations' teams. */
export async function findActiveTeams(organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tenantDb(organizationId)
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, [...ids]), isNull(teams.archivedAt)));
}

export async function teamsOfMembers(organizationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return tenantDb(organizationId)
    .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.organizationId, organizationId),
        inArray(teamMembers.userId, [...userIds]),
        isNull(teams.archivedAt),
      ),
    )
    .orderBy(asc(teams.name));
}

export async function teamNames(organizationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tenantDb(organizationId)
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, [...ids]), isNull(teams.archivedAt)))
    .orderBy(asc(teams.name));
  return rows.map((row) => row.name);
}

/** Adds the person to each of `teamIds` as a member (one statement; already there is fine). */
export async function insertTeamMemberships(
  organizationId: string,
  userId: string,
  teamIds: readonly string[],
): Promise<void> {
  if (teamIds.length === 0) return;
  await tenantDb(organizationId)
    .insert(teamMembers)
    .values(teamIds.map((teamId) => ({ organizationId, teamId, userId, role: 'member' as const })))
    .onConflictDoNothing();
}

/** A live team by id, or (no id) the organization's leadership team: whose annual goals the assistant reads. */
export async function findActiveTeamOrLeadership(organizationId: string, teamId: string | null) {
  const [row] = await tenantDb(organizationId)
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, organizationId),
        teamId ? eq(teams.id, teamId) : eq(teams.isLeadershipTeam, true),
        isNull(teams.archivedAt),
      ),
    )
    .limit(1);
  return row;
}
