import type { MeasurableGroup } from '@keel/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { measurableGroups, measurables } from './scorecard.table.js';

// Groups of a team's measurables, in the order the grid shows them.

const groupColumns = {
  id: measurableGroups.id,
  teamId: measurableGroups.teamId,
  name: measurableGroups.name,
  position: measurableGroups.position,
  version: measurableGroups.version,
};

export const toGroup = (row: MeasurableGroup): MeasurableGroup => ({ ...row });

export async function listGroups(organizationId: string, teamId: string): Promise<MeasurableGroup[]> {
  return tenantDb(organizationId)
    .select(groupColumns)
    .from(measurableGroups)
    .where(and(eq(measurableGroups.organizationId, organizationId), eq(measurableGroups.teamId, teamId)))
    .orderBy(asc(measurableGroups.position), asc(measurableGroups.id));
}

export async function findGroup(organizationId: string, id: string, lock = false) {
  const query = tenantDb(organizationId)
    .select(groupColumns)
    .from(measurableGroups)
    .where(and(eq(measurableGroups.organizationId, organizationId), eq(measurableGroups.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertGroup(organizationId: string, teamId: string, name: string): Promise<MeasurableGroup> {
  const [row] = await tenantDb(organizationId)
    .insert(measurableGroups)
    .values({
      organizationId,
      teamId,
      name,
      position: sql`(select coalesce(max(position) + 1, 0) from ${measurableGroups} where organization_id = ${organizationId}::uuid and team_id = ${teamId}::uuid)`,
    })
    .returning(groupColumns);
  if (!row) throw new Error('group insert returned nothing');
  return row;
}

export async function updateGroupAtVersion(organizationId: string, id: string, version: number, name: string) {
  const [row] = await tenantDb(organizationId)
    .update(measurableGroups)
    .set({ name, updatedAt: new Date(), version: sql`${measurableGroups.version} + 1` })
    .where(
      and(
        eq(measurableGroups.organizationId, organizationId),
        eq(measurableGroups.id, id),
        eq(measurableGroups.version, version),
      ),
    )
    .returning(groupColumns);
  return row;
}

export async function deleteGroup(organizationId: string, id: string) {
  await tenantDb(organizationId)
    .delete(measurableGroups)
    .where(and(eq(measurableGroups.organizationId, organizationId), eq(measurableGroups.id, id)));
}

/** Sets each group's position to its index: one statement. */
export async function renumberGroups(organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
    sql` `,
  );
  await tenantDb(organizationId)
    .update(measurableGroups)
    .set({ position: sql`case ${measurableGroups.id} ${cases} end`, version: sql`${measurableGroups.version} + 1` })
    .where(and(eq(measurableGroups.organizationId, organizationId), inArray(measurableGroups.id, [...ids])));
}

/** Moves a deleted group's measurables (every frequency) to the end of the ungrouped rows, in their order. */
export async function ungroupMeasurables(organizationId: string, groupId: string) {
  await tenantDb(organizationId).execute(sql`
    update ${measurables} m set group_id = null, version = m.version + 1, updated_at = now(),
      position = moved.base + moved.rank
    from (
      select g.id, g.rank,
        (select coalesce(max(u.position) + 1, 0) from ${measurables} u
          where u.organization_id = g.organization_id and u.team_id = g.team_id
            and u.frequency = g.frequency and u.group_id is null) as base
      from (select id, organization_id, team_id, frequency,
              (row_number() over (partition by frequency order by position, id) - 1)::int as rank
            from ${measurables} where organization_id = ${organizationId}::uuid and group_id = ${groupId}::uuid) g
    ) moved
    where m.id = moved.id`);
}
