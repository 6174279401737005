import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { priorities } from './priorities.table.js';

const team = teamView('team');

/**
 * The accountability view's priorities (GET …/accountability): for a page of people, each one's priorities of one
 * fiscal quarter, not archived, at most `perPerson` each, in one statement (uses priorities_owner_idx). `total`
 * counts all of a person's before the cut. Priorities of archived teams are hidden.
 */
export function quarterPrioritiesOfPeople(
  organizationId: string,
  ownerIds: readonly string[],
  quarter: { year: number; quarter: number },
  perPerson: number,
) {
  const ranked = tenantDb(organizationId)
    .select({
      ownerId: priorities.ownerId,
      id: priorities.id,
      title: priorities.title,
      status: priorities.status,
      teamName: sql<string>`${team.name}`.as('team_name'),
      rank: sql<number>`row_number() over (partition by ${priorities.ownerId}
        order by ${priorities.dueDate}, ${priorities.createdAt}, ${priorities.id})`.as('rank'),
      total: sql<number>`(count(*) over (partition by ${priorities.ownerId}))::int`.as('total'),
    })
    .from(priorities)
    .innerJoin(team, and(eq(team.id, priorities.teamId), isNull(team.archivedAt)))
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        inArray(priorities.ownerId, [...ownerIds]),
        eq(priorities.year, quarter.year),
        eq(priorities.quarter, quarter.quarter),
        isNull(priorities.archivedAt),
      ),
    )
    .as('ranked');
  return tenantDb(organizationId)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perPerson))
    .orderBy(asc(ranked.ownerId), asc(ranked.rank));
}

export type AccountabilityPriorityRow = Awaited<ReturnType<typeof quarterPrioritiesOfPeople>>[number];
