import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { issues } from './issues.table.js';

/** A meeting's recap: the team's issues solved while it ran (at most 200, in the order they were solved). */
export async function issuesSolvedBetween(organizationId: string, teamId: string, from: Date, to: Date) {
  return tenantDb(organizationId)
    .select({ id: issues.id, title: issues.title })
    .from(issues)
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.teamId, teamId),
        eq(issues.status, 'solved'),
        gte(issues.solvedAt, from),
        lte(issues.solvedAt, to),
      ),
    )
    .orderBy(asc(issues.solvedAt), asc(issues.id))
    .limit(200);
}
