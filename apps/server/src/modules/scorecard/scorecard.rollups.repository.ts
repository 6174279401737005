import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { teamView } from '../teams/index.js';
import { measurableRollupParts, measurables } from './scorecard.table.js';

// Roll-up parts: which measurables (of any team) a roll-up sums or averages, and the walks over them.

/** The parts of `rollupIds` in order: one query. */
export async function rollupPartsOf(organizationId: string, rollupIds: readonly string[]) {
  if (rollupIds.length === 0) return [];
  return tenantDb(organizationId)
    .select({ rollupId: measurableRollupParts.rollupId, partId: measurableRollupParts.partId })
    .from(measurableRollupParts)
    .where(
      and(
        eq(measurableRollupParts.organizationId, organizationId),
        inArray(measurableRollupParts.rollupId, [...rollupIds]),
      ),
    )
    .orderBy(asc(measurableRollupParts.rollupId), asc(measurableRollupParts.position));
}

/** Parts by roll-up id. */
export async function partIdsByRollup(organizationId: string, rollupIds: readonly string[]) {
  const byRollup = new Map<string, string[]>();
  for (const row of await rollupPartsOf(organizationId, rollupIds)) {
    byRollup.set(row.rollupId, [...(byRollup.get(row.rollupId) ?? []), row.partId]);
  }
  return byRollup;
}

export async function replaceRollupParts(organizationId: string, rollupId: string, partIds: readonly string[]) {
  const db = tenantDb(organizationId);
  await db
    .delete(measurableRollupParts)
    .where(and(eq(measurableRollupParts.organizationId, organizationId), eq(measurableRollupParts.rollupId, rollupId)));
  if (partIds.length === 0) return;
  await db
    .insert(measurableRollupParts)
    .values(partIds.map((partId, position) => ({ organizationId, rollupId, partId, position })));
}

const partTeam = teamView('part_team');
const partOwner = personView('part_owner');
const partMeasurable = alias(measurables, 'part_measurable');

/**
 * Every part under `rollupIds`, nested roll-ups' parts included (a recursive walk; validation keeps it
 * acyclic and `union` stops it anyway), with each part's kind, team name and owner name: one query.
 */
export async function rollupTree(organizationId: string, rollupIds: readonly string[]) {
  if (rollupIds.length === 0) return [];
  const ids = sql.join(
    rollupIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const tree = sql`(with recursive tree(rollup_id, part_id, position) as (
      select rollup_id, part_id, position from ${measurableRollupParts}
       where organization_id = ${organizationId}::uuid and rollup_id in (${ids})
      union
      select p.rollup_id, p.part_id, p.position from ${measurableRollupParts} p
        join tree on p.rollup_id = tree.part_id
       where p.organization_id = ${organizationId}::uuid
    ) select rollup_id, part_id, position from tree)`;
  const edges = sql`${tree} as edges`;
  return tenantDb(organizationId)
    .select({
      rollupId: sql<string>`edges.rollup_id`,
      partId: sql<string>`edges.part_id`,
      position: sql<number>`edges.position`,
      title: partMeasurable.title,
      kind: partMeasurable.kind,
      frequency: partMeasurable.frequency,
      rollupAggregation: partMeasurable.rollupAggregation,
      archivedAt: partMeasurable.archivedAt,
      goalOperator: partMeasurable.goalOperator,
      goalValue: partMeasurable.goalValue,
      goalValueMax: partMeasurable.goalValueMax,
      bandKind: partMeasurable.bandKind,
      bandAmount: partMeasurable.bandAmount,
      teamId: partMeasurable.teamId,
      teamName: partTeam.name,
      ownerName: personName(partOwner),
    })
    .from(edges)
    .innerJoin(partMeasurable, sql`${partMeasurable.id} = edges.part_id`)
    .innerJoin(partTeam, eq(partTeam.id, partMeasurable.teamId))
    .innerJoin(partOwner, eq(partOwner.id, partMeasurable.ownerId))
    .orderBy(sql`edges.rollup_id`, sql`edges.position`);
}

/** The teams of every roll-up that contains one of `partIds`, directly or through other roll-ups. */
export async function teamsOfRollupsContaining(organizationId: string, partIds: readonly string[]) {
  if (partIds.length === 0) return [];
  const ids = sql.join(
    partIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tenantDb(organizationId).execute(sql`
    with recursive up(rollup_id) as (
      select rollup_id from ${measurableRollupParts}
       where organization_id = ${organizationId}::uuid and part_id in (${ids})
      union
      select p.rollup_id from ${measurableRollupParts} p join up on p.part_id = up.rollup_id
       where p.organization_id = ${organizationId}::uuid
    )
    select m.id, m.team_id as "teamId" from up join ${measurables} m on m.id = up.rollup_id`);
  return (result as { rows: { id: string; teamId: string }[] }).rows;
}
