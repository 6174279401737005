import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { priorities } from './priorities.table.js';

/** What the priority assistant reads of a priority: its words and the annual goal it serves. */
const assistantView = {
  id: priorities.id,
  title: priorities.title,
  description: priorities.description,
  annualGoalId: priorities.annualGoalId,
};

/** Live (not archived) priorities of one fiscal quarter of the organization, narrowed by `where`. */
const liveOfQuarter = (organizationId: string, quarter: { year: number; quarter: number }, where: SQL) =>
  and(
    eq(priorities.organizationId, organizationId),
    where,
    eq(priorities.year, quarter.year),
    eq(priorities.quarter, quarter.quarter),
    isNull(priorities.archivedAt),
  );

/** The organization's live company priorities of one fiscal quarter, bounded (one statement). */
export function companyPrioritiesOfQuarter(
  organizationId: string,
  quarter: { year: number; quarter: number },
  limit: number,
) {
  return tenantDb(organizationId)
    .select(assistantView)
    .from(priorities)
    .where(liveOfQuarter(organizationId, quarter, eq(priorities.scope, 'company')))
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
    .where(liveOfQuarter(organizationId, quarter, eq(priorities.teamId, teamId)))
    .orderBy(asc(priorities.dueDate), asc(priorities.id))
    .limit(limit);
}
