import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { issues } from './issues.table.js';

const team = teamView('team');

/**
 * The accountability view's issues (GET …/accountability): for a page of people, the open issues each one owns,
 * ranked ones first, then newest (as on the dashboard), at most `perPerson` each, in one statement (uses
 * issues_owner_idx). `total` counts all of a person's open ones before the cut. Issues of archived teams are hidden.
 */
export function openIssuesOfPeople(organizationId: string, ownerIds: readonly string[], perPerson: number) {
  const ranked = tenantDb(organizationId)
    .select({
      ownerId: sql<string>`${issues.ownerId}`.as('owner_id'),
      id: issues.id,
      title: issues.title,
      rank: sql<number>`row_number() over (partition by ${issues.ownerId}
        order by ${issues.priorityRank} asc nulls last, ${issues.createdAt} desc, ${issues.id})`.as('rank'),
      total: sql<number>`(count(*) over (partition by ${issues.ownerId}))::int`.as('total'),
    })
    .from(issues)
    .innerJoin(team, and(eq(team.id, issues.teamId), isNull(team.archivedAt)))
    .where(
      and(
        eq(issues.organizationId, organizationId),
        inArray(issues.ownerId, [...ownerIds]),
        eq(issues.status, 'open'),
        isNull(issues.archivedAt),
      ),
    )
    .as('ranked');
  return tenantDb(organizationId)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perPerson))
    .orderBy(asc(ranked.ownerId), asc(ranked.rank));
}

export type AccountabilityIssueRow = Awaited<ReturnType<typeof openIssuesOfPeople>>[number];
