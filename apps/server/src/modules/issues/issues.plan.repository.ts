import { and, asc, eq, isNull } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { issues } from './issues.table.js';

/** A team's open long-term issues in their manual order, bounded: the business plan's live issues list (its PDF). */
export function openLongTermIssuesForPlan(organizationId: string, teamId: string, limit: number) {
  return tenantDb(organizationId)
    .select({ id: issues.id, title: issues.title })
    .from(issues)
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.teamId, teamId),
        eq(issues.status, 'open'),
        eq(issues.horizon, 'long_term'),
        isNull(issues.archivedAt),
      ),
    )
    .orderBy(asc(issues.position), asc(issues.createdAt), asc(issues.id))
    .limit(limit);
}
