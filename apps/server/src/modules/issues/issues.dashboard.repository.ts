import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { issues } from './issues.table.js';

const team = teamView('team');

/**
 * The dashboard's issue section: open issues the person owns, ranked ones first, then newest (uses
 * issues_owner_idx). One statement; `total` counts every match before LIMIT. Issues of archived teams are hidden.
 */
export function openIssuesOfPerson(organizationId: string, userId: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      id: issues.id,
      title: issues.title,
      horizon: issues.horizon,
      priorityRank: issues.priorityRank,
      createdAt: issues.createdAt,
      version: issues.version,
      teamId: team.id,
      teamName: team.name,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(issues)
    .innerJoin(team, and(eq(team.id, issues.teamId), isNull(team.archivedAt)))
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.ownerId, userId),
        eq(issues.status, 'open'),
        isNull(issues.archivedAt),
      ),
    )
    .orderBy(sql`${issues.priorityRank} asc nulls last`, desc(issues.createdAt), asc(issues.id))
    .limit(limit);
}

export type DashboardIssueRow = Awaited<ReturnType<typeof openIssuesOfPerson>>[number];

/** The department overview's figure: how many open issues a team has (one statement, uses issues_team_list_idx). */
export async function teamOpenIssueCount(organizationId: string, teamId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ open: sql<number>`count(*)::int` })
    .from(issues)
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.teamId, teamId),
        eq(issues.status, 'open'),
        isNull(issues.archivedAt),
      ),
    );
  return row?.open ?? 0;
}
