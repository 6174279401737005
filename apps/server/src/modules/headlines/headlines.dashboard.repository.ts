import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { teamIdsOfPerson, teamView } from '../teams/index.js';
import { headlines } from './headlines.table.js';

const team = teamView('team');
const owner = personView('owner');

/**
 * The dashboard's headline section: recent headlines, not archived, the person's own and those of their teams
 * (headlines_team_list_idx). One statement; `total` counts every match before LIMIT.
 */
export function recentHeadlinesForPerson(organizationId: string, userId: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      id: headlines.id,
      text: headlines.text,
      type: headlines.type,
      status: headlines.status,
      ownerId: headlines.ownerId,
      ownerName: personName(owner),
      createdAt: headlines.createdAt,
      version: headlines.version,
      teamId: team.id,
      teamName: team.name,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(headlines)
    .innerJoin(team, and(eq(team.id, headlines.teamId), isNull(team.archivedAt)))
    .innerJoin(owner, eq(owner.id, headlines.ownerId))
    .where(
      and(
        eq(headlines.organizationId, organizationId),
        isNull(headlines.archivedAt),
        or(eq(headlines.ownerId, userId), inArray(headlines.teamId, teamIdsOfPerson(organizationId, userId))),
      ),
    )
    .orderBy(desc(headlines.createdAt), desc(headlines.id))
    .limit(limit);
}

export type DashboardHeadlineRow = Awaited<ReturnType<typeof recentHeadlinesForPerson>>[number];
