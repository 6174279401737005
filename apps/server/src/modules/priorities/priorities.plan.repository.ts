import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { priorities } from './priorities.table.js';

const owner = personView('plan_priority_owner');

/**
 * A team's priorities of one quarter at the given scopes, for the business plan's live section (its PDF): title,
 * owner and status, in due-date order, bounded. Uses priorities_team_quarter_idx.
 */
export function quarterPrioritiesForPlan(
  organizationId: string,
  teamId: string,
  quarter: { year: number; quarter: number },
  scopes: readonly ('company' | 'team' | 'individual')[],
  limit: number,
) {
  return tenantDb(organizationId)
    .select({
      id: priorities.id,
      title: priorities.title,
      status: priorities.status,
      ownerName: personName(owner),
    })
    .from(priorities)
    .leftJoin(owner, eq(owner.id, priorities.ownerId))
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        eq(priorities.teamId, teamId),
        eq(priorities.year, quarter.year),
        eq(priorities.quarter, quarter.quarter),
        isNull(priorities.archivedAt),
        inArray(priorities.scope, [...scopes]),
      ),
    )
    .orderBy(asc(priorities.dueDate), asc(priorities.createdAt), asc(priorities.id))
    .limit(limit);
}
