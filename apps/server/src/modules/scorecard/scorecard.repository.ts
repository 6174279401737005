import { MEASURABLES_PER_TEAM_MAX, type Goal, type Measurable, type ScorecardFrequency } from '@keel/contract';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { preparedPerConnection } from '../../db/prepared-statement.js';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { measurables } from './scorecard.table.js';

export type MeasurableInsert = Omit<typeof measurables.$inferInsert, 'organizationId' | 'id'>;
export type MeasurableChanges = Partial<Omit<MeasurableInsert, 'teamId' | 'frequency' | 'kind' | 'createdById'>>;

const owner = personView('owner');
const dataEntry = personView('data_entry');

/** The goal columns of a row (measurable, score or period goal) as a goal; null when the operator is. */
export function goalOf(row: {
  goalOperator: Goal['operator'] | null;
  goalValue: number | null;
  goalValueMax: number | null;
  bandKind: 'percent' | 'absolute' | null;
  bandAmount: number | null;
}): Goal | null {
  if (row.goalOperator === null || row.goalValue === null) return null;
  const ranged = row.goalOperator === 'between' || row.goalOperator === 'not_between';
  return {
    operator: row.goalOperator,
    value: row.goalValue,
    valueMax: ranged ? (row.goalValueMax ?? row.goalValue) : null,
    band: row.bandKind && row.bandAmount !== null ? { kind: row.bandKind, amount: row.bandAmount } : null,
  };
}

/** A goal as the goal columns (all null for no goal). */
export const goalColumnsOf = (goal: Goal | null) => ({
  goalOperator: goal?.operator ?? null,
  goalValue: goal?.value ?? null,
  goalValueMax: goal?.valueMax ?? null,
  bandKind: goal?.band?.kind ?? null,
  bandAmount: goal?.band?.amount ?? null,
});

export const measurableColumns = {
  id: measurables.id,
  teamId: measurables.teamId,
  groupId: measurables.groupId,
  position: measurables.position,
  title: measurables.title,
  description: measurables.description,
  ownerId: measurables.ownerId,
  ownerName: personName(owner),
  dataEntryUserId: measurables.dataEntryUserId,
  dataEntryName: sql<string | null>`case when ${dataEntry.id} is null then null else ${personName(dataEntry)} end`,
  frequency: measurables.frequency,
  unit: measurables.unit,
  currencyCode: measurables.currencyCode,
  decimals: measurables.decimals,
  goalOperator: measurables.goalOperator,
  goalValue: measurables.goalValue,
  goalValueMax: measurables.goalValueMax,
  bandKind: measurables.bandKind,
  bandAmount: measurables.bandAmount,
  kind: measurables.kind,
  formula: measurables.formula,
  rollupAggregation: measurables.rollupAggregation,
  todoCompletionScope: measurables.todoCompletionScope,
  aggregation: measurables.aggregation,
  startsOn: measurables.startsOn,
  archivedAt: measurables.archivedAt,
  createdAt: measurables.createdAt,
  updatedAt: measurables.updatedAt,
  version: measurables.version,
};

function selectMeasurables(organizationId: string, where: SQL | undefined) {
  return tenantDb(organizationId)
    .select(measurableColumns)
    .from(measurables)
    .innerJoin(owner, eq(owner.id, measurables.ownerId))
    .leftJoin(dataEntry, eq(dataEntry.id, measurables.dataEntryUserId))
    .where(and(eq(measurables.organizationId, organizationId), where));
}

export type MeasurableRow = Awaited<ReturnType<typeof selectMeasurables>>[number];

/** A measurable as the API shows it; `partIds` are its roll-up parts in order (empty unless a roll-up). */
export const toMeasurable = (row: MeasurableRow, partIds: readonly string[] = []): Measurable => ({
  id: row.id,
  teamId: row.teamId,
  groupId: row.groupId,
  position: row.position,
  title: row.title,
  description: row.description,
  ownerId: row.ownerId,
  owner: { id: row.ownerId, name: row.ownerName },
  dataEntryUserId: row.dataEntryUserId,
  dataEntry: row.dataEntryUserId ? { id: row.dataEntryUserId, name: row.dataEntryName ?? '' } : null,
  frequency: row.frequency,
  unit: row.unit,
  currencyCode: row.currencyCode,
  decimals: row.decimals,
  goal: goalOf(row),
  kind: row.kind,
  formula: row.formula,
  rollup:
    row.kind === 'rollup' && partIds.length > 0
      ? { aggregation: row.rollupAggregation ?? 'sum', partIds: [...partIds] }
      : null,
  todoCompletionScope: row.todoCompletionScope,
  aggregation: row.aggregation,
  startsOn: row.startsOn,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const measurableSource = (db: Database) =>
  db
    .select(measurableColumns)
    .from(measurables)
    .innerJoin(owner, eq(owner.id, measurables.ownerId))
    .leftJoin(dataEntry, eq(dataEntry.id, measurables.dataEntryUserId));

// Named statements for the hot reads (a cell save, the grid), parsed and planned once per connection.
const oneMeasurableQuery = preparedPerConnection((db: Database) =>
  measurableSource(db)
    .where(
      and(eq(measurables.organizationId, sql.placeholder('organizationId')), eq(measurables.id, sql.placeholder('id'))),
    )
    .prepare('scorecard_find_measurable'),
);
const teamMeasurablesQuery = preparedPerConnection((db: Database) =>
  measurableSource(db)
    .where(
      and(
        eq(measurables.organizationId, sql.placeholder('organizationId')),
        eq(measurables.teamId, sql.placeholder('teamId')),
        eq(measurables.frequency, sql.placeholder('frequency')),
      ),
    )
    .orderBy(asc(measurables.position), asc(measurables.id))
    .limit(MEASURABLES_PER_TEAM_MAX)
    .prepare('scorecard_team_measurables'),
);

export async function findMeasurables(organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  if (ids.length === 1) return oneMeasurableQuery(tenantDb(organizationId)).execute({ organizationId, id: ids[0] });
  return selectMeasurables(organizationId, inArray(measurables.id, [...ids]));
}

/** All of a team's measurables of one frequency (archived ones too) in position order: the grid's read. */
export async function teamMeasurables(organizationId: string, teamId: string, frequency: ScorecardFrequency) {
  return teamMeasurablesQuery(tenantDb(organizationId)).execute({ organizationId, teamId, frequency });
}

/** A team's measurables (of one frequency, when given) in display order: one query. */
export async function listMeasurables(
  organizationId: string,
  options: {
    teamId?: string | undefined;
    frequency?: ScorecardFrequency | undefined;
    includeArchived: boolean;
    limit: number;
  },
) {
  return selectMeasurables(
    organizationId,
    and(
      options.teamId ? eq(measurables.teamId, options.teamId) : undefined,
      options.frequency ? eq(measurables.frequency, options.frequency) : undefined,
      options.includeArchived ? undefined : isNull(measurables.archivedAt),
    ),
  )
    .orderBy(asc(measurables.teamId), asc(measurables.frequency), asc(measurables.position), asc(measurables.id))
    .limit(options.limit);
}

/** Every measurable of `teamIds` (archived ones too): what formulas of those teams may use. */
export async function listMeasurablesOfTeams(organizationId: string, teamIds: readonly string[]) {
  if (teamIds.length === 0) return [];
  return selectMeasurables(organizationId, inArray(measurables.teamId, [...teamIds])).limit(
    teamIds.length * MEASURABLES_PER_TEAM_MAX,
  );
}

/** The measurables of one person (as owner or data-entry person), not archived, of manual or formula kind. */
export async function measurablesOfPerson(organizationId: string, userId: string, teamId: string | undefined) {
  return selectMeasurables(
    organizationId,
    and(
      isNull(measurables.archivedAt),
      inArray(measurables.kind, ['manual', 'formula']),
      sql`(${measurables.ownerId} = ${userId} or ${measurables.dataEntryUserId} = ${userId})`,
      teamId ? eq(measurables.teamId, teamId) : undefined,
    ),
  )
    .orderBy(asc(measurables.teamId), asc(measurables.frequency), asc(measurables.position))
    .limit(500);
}

export async function countMeasurablesOfTeam(organizationId: string, teamId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(measurables)
    .where(and(eq(measurables.organizationId, organizationId), eq(measurables.teamId, teamId)));
  return Number(row?.count ?? 0);
}

/** Id, team, frequency, kind, title, formula and archive state of a team's measurables (formula checks). */
export async function measurableOutlines(organizationId: string, where: { teamId?: string; ids?: readonly string[] }) {
  if (where.ids && where.ids.length === 0) return [];
  return tenantDb(organizationId)
    .select({
      id: measurables.id,
      teamId: measurables.teamId,
      frequency: measurables.frequency,
      kind: measurables.kind,
      title: measurables.title,
      formula: measurables.formula,
      archivedAt: measurables.archivedAt,
    })
    .from(measurables)
    .where(
      and(
        eq(measurables.organizationId, organizationId),
        where.teamId ? eq(measurables.teamId, where.teamId) : undefined,
        where.ids ? inArray(measurables.id, [...where.ids]) : undefined,
      ),
    );
}

export async function insertMeasurable(organizationId: string, values: MeasurableInsert): Promise<string> {
  const [row] = await tenantDb(organizationId)
    .insert(measurables)
    .values({ organizationId, ...values })
    .returning({ id: measurables.id });
  if (!row) throw new Error('measurable insert returned nothing');
  return row.id;
}

/** Applies `changes` only at `version` (bumping it); false when stale or absent. */
export async function updateMeasurableAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: MeasurableChanges,
): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .update(measurables)
    .set({ ...changes, updatedAt: new Date(), version: sql`${measurables.version} + 1` })
    .where(
      and(eq(measurables.organizationId, organizationId), eq(measurables.id, id), eq(measurables.version, version)),
    )
    .returning({ id: measurables.id });
  return rows.length > 0;
}

/** The next position at the end of a group (or of the ungrouped rows) of a team and frequency. */
export async function nextPosition(
  organizationId: string,
  teamId: string,
  frequency: ScorecardFrequency,
  groupId: string | null,
): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ next: sql<number>`coalesce(max(${measurables.position}) + 1, 0)::int` })
    .from(measurables)
    .where(
      and(
        eq(measurables.organizationId, organizationId),
        eq(measurables.teamId, teamId),
        eq(measurables.frequency, frequency),
        groupId ? eq(measurables.groupId, groupId) : isNull(measurables.groupId),
      ),
    );
  return Number(row?.next ?? 0);
}

/** The ids in display order of one group (or the ungrouped rows) of a team and frequency, locked for a move. */
export async function lockSiblings(
  organizationId: string,
  teamId: string,
  frequency: ScorecardFrequency,
  groupId: string | null,
): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .select({ id: measurables.id })
    .from(measurables)
    .where(
      and(
        eq(measurables.organizationId, organizationId),
        eq(measurables.teamId, teamId),
        eq(measurables.frequency, frequency),
        groupId ? eq(measurables.groupId, groupId) : isNull(measurables.groupId),
      ),
    )
    .orderBy(asc(measurables.position), asc(measurables.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Sets each id's position to its index (and its group): one statement. */
export async function renumber(organizationId: string, ids: readonly string[], groupId: string | null) {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
    sql` `,
  );
  await tenantDb(organizationId)
    .update(measurables)
    .set({
      position: sql`case ${measurables.id} ${cases} end`,
      groupId,
      version: sql`${measurables.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(measurables.organizationId, organizationId), inArray(measurables.id, [...ids])));
}

export * from './scorecard.rollups.repository.js';
export * from './scorecard.groups.repository.js';

/** The department overview's figure: how many measurables a team tracks (not archived; uses measurables_team_frequency_idx). */
export async function activeMeasurableCount(organizationId: string, teamId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ active: sql<number>`count(*)::int` })
    .from(measurables)
    .where(
      and(
        eq(measurables.organizationId, organizationId),
        eq(measurables.teamId, teamId),
        isNull(measurables.archivedAt),
      ),
    );
  return row?.active ?? 0;
}
