import type { Goal } from '@keel/contract';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { goalColumnsOf } from './scorecard.repository.js';
import { measurablePeriodGoals, measurableScores, scorecardTeamSettings } from './scorecard.table.js';

const scoreColumns = {
  measurableId: measurableScores.measurableId,
  periodStart: measurableScores.periodStart,
  value: measurableScores.value,
  note: measurableScores.note,
  goalOperator: measurableScores.goalOperator,
  goalValue: measurableScores.goalValue,
  goalValueMax: measurableScores.goalValueMax,
  bandKind: measurableScores.bandKind,
  bandAmount: measurableScores.bandAmount,
  isOverride: measurableScores.isOverride,
  enteredById: measurableScores.enteredById,
  enteredAt: measurableScores.enteredAt,
  version: measurableScores.version,
};

/** A stored cell; `enteredAt` in epoch milliseconds. */
export interface ScoreRow {
  measurableId: string;
  periodStart: string;
  value: number | null;
  note: string;
  goalOperator: Goal['operator'] | null;
  goalValue: number | null;
  goalValueMax: number | null;
  bandKind: 'percent' | 'absolute' | null;
  bandAmount: number | null;
  isOverride: boolean;
  enteredById: string | null;
  enteredAt: number | null;
  version: number;
}

const toScoreRow = (row: Omit<ScoreRow, 'enteredAt'> & { enteredAt: Date | null }): ScoreRow => ({
  ...row,
  enteredAt: row.enteredAt?.getTime() ?? null,
});

/**
 * The cells of `measurableIds` whose period starts in `from`..`to`: one index range scan per
 * measurable, read as plain columns the driver needs no type parsing for beyond numbers (dates as text,
 * the entry time in epoch milliseconds), because the grid reads 200 × 13 cells and more.
 */
export async function scoresInRange(
  organizationId: string,
  measurableIds: readonly string[],
  from: string,
  to: string,
): Promise<ScoreRow[]> {
  if (measurableIds.length === 0) return [];
  const ids = sql.join(
    measurableIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tenantDb(organizationId).execute(sql`
    select s.measurable_id as "measurableId", s.period_start::text as "periodStart", s.value, s.note,
      s.goal_operator as "goalOperator", s.goal_value as "goalValue", s.goal_value_max as "goalValueMax",
      s.band_kind as "bandKind", s.band_amount as "bandAmount", s.is_override as "isOverride",
      s.entered_by_id as "enteredById", floor(extract(epoch from s.entered_at) * 1000)::float8 as "enteredAt",
      s.version
    from ${measurableScores} s
    where s.organization_id = ${organizationId}::uuid and s.measurable_id in (${ids})
      and s.period_start between ${from}::date and ${to}::date`);
  return (result as { rows: ScoreRow[] }).rows;
}

const periodGoalColumns = {
  measurableId: measurablePeriodGoals.measurableId,
  periodStart: measurablePeriodGoals.periodStart,
  goalOperator: measurablePeriodGoals.goalOperator,
  goalValue: measurablePeriodGoals.goalValue,
  goalValueMax: measurablePeriodGoals.goalValueMax,
  bandKind: measurablePeriodGoals.bandKind,
  bandAmount: measurablePeriodGoals.bandAmount,
};
export type PeriodGoalRow = Awaited<ReturnType<typeof periodGoalsInRange>>[number];

export async function periodGoalsInRange(
  organizationId: string,
  measurableIds: readonly string[],
  from: string,
  to: string,
) {
  if (measurableIds.length === 0) return [];
  return tenantDb(organizationId)
    .select(periodGoalColumns)
    .from(measurablePeriodGoals)
    .where(
      and(
        eq(measurablePeriodGoals.organizationId, organizationId),
        inArray(measurablePeriodGoals.measurableId, [...measurableIds]),
        between(measurablePeriodGoals.periodStart, from, to),
      ),
    )
    .orderBy(asc(measurablePeriodGoals.periodStart));
}

export interface ScoreUpsert {
  measurableId: string;
  periodStart: string;
  value: number | null;
  /** The stored note is replaced by this one (the service passes the stored one when the writer sent none). */
  note: string;
  /** The goal in force, kept with the value so that a later goal change never recolours it. */
  goal: Goal | null;
  isOverride: boolean;
  /** The version the writer saw; undefined = write whatever is there. */
  expectedVersion: number | undefined;
}

/**
 * Writes cells by measurable and period in one statement. Cells with an expected version only replace a
 * row still at that version (a row written meanwhile is left alone and not returned), so a race between
 * two writers who saw the same version is caught even when both read before either wrote.
 */
export async function upsertScores(
  organizationId: string,
  cells: readonly ScoreUpsert[],
  enteredById: string,
  conditional: boolean,
) {
  if (cells.length === 0) return [] as ScoreRow[];
  const now = new Date();
  return tenantDb(organizationId)
    .insert(measurableScores)
    .values(
      cells.map((cell) => ({
        organizationId,
        measurableId: cell.measurableId,
        periodStart: cell.periodStart,
        value: cell.value,
        note: cell.note,
        ...goalColumnsOf(cell.value === null ? null : cell.goal),
        isOverride: cell.isOverride,
        enteredById,
        enteredAt: now,
        // The version a new row gets (expected + 1): the update below compares against it.
        version: (cell.expectedVersion ?? 0) + 1,
      })),
    )
    .onConflictDoUpdate({
      target: [measurableScores.organizationId, measurableScores.measurableId, measurableScores.periodStart],
      set: {
        value: sql`excluded.value`,
        note: sql`excluded.note`,
        goalOperator: sql`excluded.goal_operator`,
        goalValue: sql`excluded.goal_value`,
        goalValueMax: sql`excluded.goal_value_max`,
        bandKind: sql`excluded.band_kind`,
        bandAmount: sql`excluded.band_amount`,
        isOverride: sql`excluded.is_override`,
        enteredById: sql`excluded.entered_by_id`,
        enteredAt: sql`excluded.entered_at`,
        updatedAt: now,
        version: sql`${measurableScores.version} + 1`,
      },
      ...(conditional ? { setWhere: sql`${measurableScores.version} + 1 = excluded.version` } : {}),
    })
    .returning(scoreColumns)
    .then((rows) => rows.map(toScoreRow));
}

/** Removes formula overrides; with a version, only a row still at it. Answers what it removed. */
export async function deleteScores(
  organizationId: string,
  cells: readonly { measurableId: string; periodStart: string; expectedVersion: number | undefined }[],
) {
  const removed: { measurableId: string; periodStart: string }[] = [];
  for (const cell of cells) {
    const rows = await tenantDb(organizationId)
      .delete(measurableScores)
      .where(
        and(
          eq(measurableScores.organizationId, organizationId),
          eq(measurableScores.measurableId, cell.measurableId),
          eq(measurableScores.periodStart, cell.periodStart),
          cell.expectedVersion === undefined ? undefined : eq(measurableScores.version, cell.expectedVersion),
        ),
      )
      .returning({ measurableId: measurableScores.measurableId, periodStart: measurableScores.periodStart });
    removed.push(...rows);
  }
  return removed;
}

// Period goals

export async function upsertPeriodGoal(organizationId: string, measurableId: string, periodStart: string, goal: Goal) {
  await tenantDb(organizationId)
    .insert(measurablePeriodGoals)
    .values({ organizationId, measurableId, periodStart, ...goalColumnsOf(goal) })
    .onConflictDoUpdate({
      target: [
        measurablePeriodGoals.organizationId,
        measurablePeriodGoals.measurableId,
        measurablePeriodGoals.periodStart,
      ],
      set: { ...goalColumnsOf(goal), updatedAt: new Date(), version: sql`${measurablePeriodGoals.version} + 1` },
    });
}

export async function deletePeriodGoal(organizationId: string, measurableId: string, periodStart: string) {
  const rows = await tenantDb(organizationId)
    .delete(measurablePeriodGoals)
    .where(
      and(
        eq(measurablePeriodGoals.organizationId, organizationId),
        eq(measurablePeriodGoals.measurableId, measurableId),
        eq(measurablePeriodGoals.periodStart, periodStart),
      ),
    )
    .returning({ id: measurablePeriodGoals.id });
  return rows.length > 0;
}

// Team settings

export async function findTeamSettings(organizationId: string, teamId: string) {
  const [row] = await tenantDb(organizationId)
    .select({
      reminderEnabled: scorecardTeamSettings.reminderEnabled,
      reminderWeekday: scorecardTeamSettings.reminderWeekday,
      reminderTime: scorecardTeamSettings.reminderTime,
      version: scorecardTeamSettings.version,
    })
    .from(scorecardTeamSettings)
    .where(and(eq(scorecardTeamSettings.organizationId, organizationId), eq(scorecardTeamSettings.teamId, teamId)));
  return row;
}

/** Creates the row at version 1 when `version` is 0, else updates it at `version`; false when stale. */
export async function saveTeamSettings(
  organizationId: string,
  teamId: string,
  version: number,
  reminder: { enabled: boolean; weekday: number; time: string },
): Promise<boolean> {
  const values = { reminderEnabled: reminder.enabled, reminderWeekday: reminder.weekday, reminderTime: reminder.time };
  const db = tenantDb(organizationId);
  if (version === 0) {
    const rows = await db
      .insert(scorecardTeamSettings)
      .values({ organizationId, teamId, ...values })
      .onConflictDoNothing()
      .returning({ teamId: scorecardTeamSettings.teamId });
    return rows.length > 0;
  }
  const rows = await db
    .update(scorecardTeamSettings)
    .set({ ...values, updatedAt: new Date(), version: sql`${scorecardTeamSettings.version} + 1` })
    .where(
      and(
        eq(scorecardTeamSettings.organizationId, organizationId),
        eq(scorecardTeamSettings.teamId, teamId),
        eq(scorecardTeamSettings.version, version),
      ),
    )
    .returning({ teamId: scorecardTeamSettings.teamId });
  return rows.length > 0;
}
