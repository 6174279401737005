import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { measurables } from './scorecard.table.js';

const team = teamView('team');

/**
 * The accountability view's measurables (GET …/accountability): for a page of people, the measurables each one
 * owns, not archived, at most `perPerson` each, by team and grid position, in one statement (uses
 * measurables_owner_idx). `total` counts all of a person's before the cut. Measurables of archived teams are hidden.
 */
export function ownedMeasurablesOfPeople(organizationId: string, ownerIds: readonly string[], perPerson: number) {
  const ranked = tenantDb(organizationId)
    .select({
      ownerId: measurables.ownerId,
      id: measurables.id,
      title: measurables.title,
      teamName: sql<string>`${team.name}`.as('team_name'),
      rank: sql<number>`row_number() over (partition by ${measurables.ownerId}
        order by lower(${team.name}), ${team.id}, ${measurables.position}, ${measurables.id})`.as('rank'),
      total: sql<number>`(count(*) over (partition by ${measurables.ownerId}))::int`.as('total'),
    })
    .from(measurables)
    .innerJoin(team, and(eq(team.id, measurables.teamId), isNull(team.archivedAt)))
    .where(
      and(
        eq(measurables.organizationId, organizationId),
        inArray(measurables.ownerId, [...ownerIds]),
        isNull(measurables.archivedAt),
      ),
    )
    .as('ranked');
  return tenantDb(organizationId)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perPerson))
    .orderBy(asc(ranked.ownerId), asc(ranked.rank));
}

export type AccountabilityMeasurableRow = Awaited<ReturnType<typeof ownedMeasurablesOfPeople>>[number];
