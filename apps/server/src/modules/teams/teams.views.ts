import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { tenantDb } from '../../db/scope.js';
import { teamMembers, teams } from './teams.table.js';

const queryBuilder = new QueryBuilder();

/**
 * Teams as a join partner. Another module joins this named subquery (on `id`) instead of the teams table, so only
 * this module names the table; PostgreSQL pulls a plain subquery up into the join, so the plan is the join's.
 * Give each use in one statement its own alias.
 */
export function teamView<Alias extends string>(alias: Alias) {
  return queryBuilder
    .select({
      id: teams.id,
      organizationId: teams.organizationId,
      name: teams.name,
      isLeadershipTeam: teams.isLeadershipTeam,
      archivedAt: teams.archivedAt,
    })
    .from(teams)
    .as(alias);
}

/** Team memberships as a join partner (see `teamView`). */
export function teamMemberView<Alias extends string>(alias: Alias) {
  return queryBuilder
    .select({
      organizationId: teamMembers.organizationId,
      teamId: teamMembers.teamId,
      userId: teamMembers.userId,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .as(alias);
}

/** The ids of the person's teams, as a subquery for `inArray(column, …)` inside another statement. */
export function teamIdsOfPerson(organizationId: string, userId: string) {
  return tenantDb(organizationId)
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId)));
}

/** The person's active teams, by name (at most 500): what the dashboard follows for live updates. */
export function activeTeamsOfPerson(organizationId: string, userId: string) {
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

/** Every live (not archived) team of the organization, id and name: imports match team names against it. */
export function activeTeamsOfOrganization(organizationId: string) {
  return tenantDb(organizationId)
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), isNull(teams.archivedAt)));
}

/** For raw SQL composed elsewhere: team memberships as a derived table (`team_id`, `user_id`); alias it after. */
export function teamMembershipsSql(): SQL {
  return sql`(select ${teamMembers.organizationId} as organization_id, ${teamMembers.teamId} as team_id,
    ${teamMembers.userId} as user_id from ${teamMembers})`;
}

/** A person's live teams in one organization as JSON (`[{ id, name, is_leadership_team }]`, leadership first), for a
 * select list elsewhere (the profile read on every page load); placeholders welcome, for prepared statements. */
export function liveTeamsOfPersonJsonSql(organizationId: Placeholder | string, userId: Placeholder | string) {
  return sql<{ id: string; name: string; is_leadership_team: boolean }[]>`coalesce((
        select json_agg(json_build_object('id', t.id, 'name', t.name, 'is_leadership_team', t.is_leadership_team)
                        order by t.is_leadership_team desc, t.name)
        from team_members tm join teams t on t.id = tm.team_id
        where tm.organization_id = ${organizationId} and tm.user_id = ${userId}
          and t.archived_at is null
      ), '[]'::json)`;
}
