import { DEPARTMENT_LIST_MAX, type DepartmentRole } from '@keel/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { isActiveMembershipSql, membershipView, personName, personView } from '../people/index.js';
import { teamMembers, teams } from './teams.table.js';

// Correlated count of active people: served by team_members_team_user_key (team_id first), one statement a list.
// Spelled out in SQL: drizzle would render both id columns unqualified inside the subquery. Whether a person is
// still an active member is the people module's fragment (memberships are theirs).
const memberCount = sql<number>`(select count(*)::int from team_members tm
  where tm.team_id = "teams"."id" and ${isActiveMembershipSql(sql`tm.organization_id`, sql`tm.user_id`)})`;

const departmentColumns = {
  id: teams.id,
  name: teams.name,
  description: teams.description,
  color: teams.color,
  parentTeamId: teams.parentTeamId,
  isLeadershipTeam: teams.isLeadershipTeam,
  archivedAt: teams.archivedAt,
  version: teams.version,
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
  memberCount,
};

export type DepartmentRow = Awaited<ReturnType<typeof listDepartments>>[number];

export async function listDepartments(organizationId: string, archived: boolean) {
  return tenantDb(organizationId)
    .select(departmentColumns)
    .from(teams)
    .where(
      and(eq(teams.organizationId, organizationId), archived ? isNotNull(teams.archivedAt) : isNull(teams.archivedAt)),
    )
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
    .limit(DEPARTMENT_LIST_MAX);
}

export async function findDepartment(organizationId: string, id: string): Promise<DepartmentRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select(departmentColumns)
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, id)));
  return row;
}

/** A live (not archived) team with how many active people are in it; undefined when there is none such. */
export async function activeTeamSummary(organizationId: string, teamId: string) {
  const [row] = await tenantDb(organizationId)
    .select({ id: teams.id, name: teams.name, isLeadershipTeam: teams.isLeadershipTeam, memberCount })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId), isNull(teams.archivedAt)));
  return row;
}

export interface DepartmentValues {
  name: string;
  description: string | null;
  color: string | null;
  parentTeamId: string | null;
}

export async function insertDepartment(organizationId: string, values: DepartmentValues, createdById: string) {
  const [row] = await tenantDb(organizationId)
    .insert(teams)
    .values({ organizationId, ...values, isLeadershipTeam: false, createdById })
    .returning({ id: teams.id });
  if (!row) throw new Error('department insert returned nothing');
  return row.id;
}

export type DepartmentChanges = Partial<DepartmentValues> & { archivedAt?: Date | null; isLeadershipTeam?: boolean };

/** Applies the change only if the row is still at `version`; answers whether it did. */
export async function updateDepartmentAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: DepartmentChanges,
): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .update(teams)
    .set({ ...changes, version: sql`${teams.version} + 1` })
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, id), eq(teams.version, version)))
    .returning({ id: teams.id });
  return rows.length > 0;
}

/** Clears the flag from the current leadership team (first half of moving it); answers its id. */
export async function clearLeadership(organizationId: string): Promise<string | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(teams)
    .set({ isLeadershipTeam: false, version: sql`${teams.version} + 1` })
    .where(and(eq(teams.organizationId, organizationId), eq(teams.isLeadershipTeam, true)))
    .returning({ id: teams.id });
  return row?.id;
}

/** Every department's parent (archived ones too): enough to walk the tree in memory for the cycle check. */
export async function departmentParents(organizationId: string) {
  return tenantDb(organizationId)
    .select({ id: teams.id, parentTeamId: teams.parentTeamId })
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .limit(DEPARTMENT_LIST_MAX * 10);
}

export async function hasActiveChildren(organizationId: string, id: string): Promise<boolean> {
  const [row] = await tenantDb(organizationId)
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.parentTeamId, id), isNull(teams.archivedAt)))
    .limit(1);
  return row !== undefined;
}

const person = personView('person');
const membership = membershipView('membership');

/** The department's members who are still active in the organization, by name. */
export async function listDepartmentMembers(organizationId: string, teamId: string) {
  return tenantDb(organizationId)
    .select({
      userId: person.id,
      name: personName(person),
      email: person.email,
      avatarUrl: person.avatarUrl,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(person, eq(person.id, teamMembers.userId))
    .innerJoin(
      membership,
      and(
        eq(membership.organizationId, teamMembers.organizationId),
        eq(membership.userId, teamMembers.userId),
        eq(membership.status, 'active'),
      ),
    )
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.teamId, teamId)))
    .orderBy(asc(sql`lower(${personName(person)})`), asc(person.id))
    .limit(DEPARTMENT_LIST_MAX);
}

/** Answers false when the person already belongs to the department. */
export async function addDepartmentMember(
  organizationId: string,
  teamId: string,
  userId: string,
  role: DepartmentRole,
): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .insert(teamMembers)
    .values({ organizationId, teamId, userId, role })
    .onConflictDoNothing()
    .returning({ id: teamMembers.id });
  return rows.length > 0;
}

/** The row that makes `userId` a member of department `teamId`. */
const departmentMembership = (organizationId: string, teamId: string, userId: string) =>
  and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId));

export async function removeDepartmentMember(organizationId: string, teamId: string, userId: string) {
  const rows = await tenantDb(organizationId)
    .delete(teamMembers)
    .where(departmentMembership(organizationId, teamId, userId))
    .returning({ id: teamMembers.id });
  return rows.length > 0;
}

export async function setDepartmentMemberRole(
  organizationId: string,
  teamId: string,
  userId: string,
  role: DepartmentRole,
): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .update(teamMembers)
    .set({ role })
    .where(departmentMembership(organizationId, teamId, userId))
    .returning({ id: teamMembers.id });
  return rows.length > 0;
}
