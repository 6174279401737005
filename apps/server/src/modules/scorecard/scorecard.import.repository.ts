import { randomUUID } from 'node:crypto';
import { and, count, eq, max, sql } from 'drizzle-orm';
import type { Goal, ScorecardFrequency, ScorecardUnit } from '@keel/contract';
import { tenantDb } from '../../db/scope.js';
import { measurableGroups, measurables, measurableScores } from './scorecard.table.js';

/** A measurable of an import, with its history: each value keeps the imported goal as the goal it was entered under. */
export interface ImportedMeasurable {
  title: string;
  description: string;
  ownerId: string;
  groupName: string | null;
  frequency: ScorecardFrequency;
  unit: ScorecardUnit;
  currencyCode: string | null;
  decimals: number;
  goal: Goal | null;
  /** The first period that takes values (the earliest imported one). */
  startsOn: string;
  scores: { periodStart: string; value: number }[];
}

/**
 * Rows per INSERT: a measurable binds some 20 parameters (far below PostgreSQL's 65,535); values go
 * as arrays, so 200 measurables × 260 weeks take a handful of statements.
 */
const SCORE_CHUNK = 20_000;
const MEASURABLE_CHUNK = 1000;

const goalColumnsOf = (goal: Goal | null) => ({
  goalOperator: goal?.operator ?? null,
  goalValue: goal?.value ?? null,
  goalValueMax: goal?.valueMax ?? null,
  bandKind: goal?.band?.kind ?? null,
  bandAmount: goal?.band?.amount ?? null,
});

const groupKey = (name: string) => name.trim().toLowerCase();

/** What an import of one team builds on: its groups by name, how many measurables it has, where each group's rows end. */
export async function scorecardImportState(organizationId: string, teamId: string) {
  const db = tenantDb(organizationId);
  const groups = await db
    .select({ id: measurableGroups.id, name: measurableGroups.name, position: measurableGroups.position })
    .from(measurableGroups)
    .where(and(eq(measurableGroups.organizationId, organizationId), eq(measurableGroups.teamId, teamId)));
  const ends = await db
    .select({ groupId: measurables.groupId, rows: count(), lastPosition: max(measurables.position) })
    .from(measurables)
    .where(and(eq(measurables.organizationId, organizationId), eq(measurables.teamId, teamId)))
    .groupBy(measurables.groupId);
  return {
    groupIdsByName: new Map(groups.map((group) => [groupKey(group.name), group.id])),
    lastGroupPosition: Math.max(-1, ...groups.map((group) => group.position)),
    measurableCount: ends.reduce((sum, end) => sum + end.rows, 0),
    lastPositions: new Map(ends.map((end) => [end.groupId, end.lastPosition ?? -1])),
  };
}

/**
 * Writes an import in the caller's transaction: the groups the team lacks (an existing group of the
 * same name, case aside, is reused), the measurables after the rows already in their group, and their
 * values with goal snapshots. Multi-row inserts in chunks; `onChunk` hears the running count of rows.
 */
export async function insertImportedScorecard(
  organizationId: string,
  input: { teamId: string; userId: string; measurables: ImportedMeasurable[] },
  onChunk: (written: number) => void = () => {},
): Promise<{ measurableIds: string[]; groupsCreated: number; values: number }> {
  const db = tenantDb(organizationId);
  const { teamId, userId } = input;
  const state = await scorecardImportState(organizationId, teamId);

  const newGroups: (typeof measurableGroups.$inferInsert)[] = [];
  let groupPosition = state.lastGroupPosition;
  for (const draft of input.measurables) {
    if (draft.groupName === null || state.groupIdsByName.has(groupKey(draft.groupName))) continue;
    const id = randomUUID();
    state.groupIdsByName.set(groupKey(draft.groupName), id);
    groupPosition += 1;
    newGroups.push({ id, organizationId, teamId, name: draft.groupName.trim(), position: groupPosition });
  }
  if (newGroups.length > 0) await db.insert(measurableGroups).values(newGroups);

  const rows = input.measurables.map((draft) => {
    const groupId = draft.groupName === null ? null : state.groupIdsByName.get(groupKey(draft.groupName))!;
    const position = (state.lastPositions.get(groupId) ?? -1) + 1;
    state.lastPositions.set(groupId, position);
    return {
      id: randomUUID(),
      organizationId,
      teamId,
      groupId,
      position,
      title: draft.title,
      description: draft.description,
      ownerId: draft.ownerId,
      frequency: draft.frequency,
      unit: draft.unit,
      currencyCode: draft.unit === 'currency' ? draft.currencyCode : null,
      decimals: draft.decimals,
      ...goalColumnsOf(draft.goal),
      kind: 'manual' as const,
      startsOn: draft.startsOn,
      createdById: userId,
    };
  });
  let written = 0;
  for (let start = 0; start < rows.length; start += MEASURABLE_CHUNK) {
    const chunk = rows.slice(start, start + MEASURABLE_CHUNK);
    await db.insert(measurables).values(chunk);
    written += chunk.length;
    onChunk(written);
  }

  // Values go in as three arrays per statement (unnest), each row taking its measurable's goal as the
  // goal it was entered under: a handful of parameters instead of fourteen per row.
  const values = { ids: [] as string[], periods: [] as string[], numbers: [] as number[] };
  input.measurables.forEach((draft, index) => {
    for (const score of draft.scores) {
      values.ids.push(rows[index]!.id);
      values.periods.push(score.periodStart);
      values.numbers.push(score.value);
    }
  });
  for (let start = 0; start < values.ids.length; start += SCORE_CHUNK) {
    const end = start + SCORE_CHUNK;
    await db.execute(sql`
      insert into ${measurableScores} (organization_id, measurable_id, period_start, value, goal_operator, goal_value,
                                       goal_value_max, band_kind, band_amount, entered_by_id, entered_at)
      select m.organization_id, m.id, v.period_start, v.value, m.goal_operator, m.goal_value, m.goal_value_max,
             m.band_kind, m.band_amount, ${userId}::uuid, now()
        from unnest(${sql.param(values.ids.slice(start, end))}::uuid[], ${sql.param(values.periods.slice(start, end))}::date[],
                    ${sql.param(values.numbers.slice(start, end))}::float8[]) as v(measurable_id, period_start, value)
        join ${measurables} m on m.organization_id = ${organizationId} and m.id = v.measurable_id`);
    written += Math.min(end, values.ids.length) - start;
    onChunk(written);
  }
  return { measurableIds: rows.map((row) => row.id), groupsCreated: newGroups.length, values: values.ids.length };
}
