import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { membershipView, personName, personView } from '../people/index.js';
import { teamMemberView } from '../teams/index.js';

// The accountability module owns no table: the people come from the people and teams modules' join partners, and
// what each person owns from the owning modules' bulk reads (see accountability.service.ts).

const person = personView('person');
const membership = membershipView('membership');
const teamMember = teamMemberView('team_member');
const name = personName(person);
/** The sort key: the name as people read it, then the id so equal names still page deterministically. */
const sortName = sql<string>`lower(${name})`;

/**
 * A page of the organization's active members (only the team's, when `teamId` is given), by name: `limit + 1`
 * rows so the caller knows whether another page follows.
 */
export function activePeoplePage(
  organizationId: string,
  input: { teamId?: string | undefined; after?: readonly [string, string] | undefined; limit: number },
) {
  const conditions: SQL[] = [eq(membership.organizationId, organizationId), eq(membership.status, 'active')];
  if (input.after) conditions.push(sql`(${sortName}, ${person.id}) > (${input.after[0]}, ${input.after[1]}::uuid)`);
  const base = tenantDb(organizationId)
    .select({ id: person.id, name, sortName })
    .from(membership)
    .innerJoin(person, eq(person.id, membership.userId))
    .$dynamic();
  const scoped = input.teamId
    ? base.innerJoin(
        teamMember,
        and(
          eq(teamMember.organizationId, membership.organizationId),
          eq(teamMember.userId, membership.userId),
          eq(teamMember.teamId, input.teamId),
        ),
      )
    : base;
  return scoped
    .where(and(...conditions))
    .orderBy(asc(sortName), asc(person.id))
    .limit(input.limit + 1);
}

export type AccountabilityPersonRow = Awaited<ReturnType<typeof activePeoplePage>>[number];
