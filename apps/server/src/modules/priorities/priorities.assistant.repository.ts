import { and, asc, eq, isNull } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { priorities } from './priorities.table.js';

/** What the priority assistant reads of a priority: its words and the annual goal it serves. */
const assistantView = {
  id: priorities.id,
  title: priorities.title,
  description: priorities.description,
  annualGoalId: priorities.annualGoalId,
};

/** The organization's live company priorities of one fiscal quarter, bounded (one statement). */
export function companyPrioritiesOfQuarter(
  organizationId: string,
  quarter: { year: number; quarter: number },
  limit: number,
) {
  return tenantDb(organizationId)
    .select(assistantView)
    .from(priorities)
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        eq(priorities.scope, 'company'),
        eq(priorities.year, quarter.year),
        eq(priorities.quarter, quarter.quarter),
        isNull(priorities.archivedAt),
      ),
    )
    .orderBy(asc(priorities.dueDate), asc(priorities.id))
    .limit(limit);
}

/** One team's live priorities of one fiscal quarter, bounded (uses priorities_team_quarter_idx). */
export function teamPrioritiesOfQuarter(
  organizationId: string,
  teamId: string,
  quarter: { year: number; quarter: number },
  limit: number,
) {
  return tenantDb(organizationId)
    .select(assistantView)
    .from(priorities)
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        eq(priorities.teamId, teamId),
        eq(priorities.year, quarter.year),
        eq(priorities.quarter, quarter.quarter),
        isNull(priorities.archivedAt),
      ),
    )
    .orderBy(asc(priorities.dueDate), asc(priorities.id))
    .limit(limit);
}
