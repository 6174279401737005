import { type Goal, type PeriodGoal, type ScoreWrite } from '@keel/contract';
import type { Caller, MemberScope, RequestMeta } from '../organizations/index.js';
import { toCell } from './scorecard.engine.js';
import * as errors from './scorecard.errors.js';
import { loadCells } from './scorecard.grid.js';
import type { CalendarToday, ScorecardKit } from './scorecard.kit.js';
import { checkGoalPeriod, checkScorePeriod } from './scorecard.periods.js';
import * as repository from './scorecard.repository.js';
import * as scores from './scorecard.scores.repository.js';

export interface ScoreInput {
  measurableId: string;
  periodStart: string;
  value: number | null;
  note?: string | undefined;
  version?: number | undefined;
}

/** The request path of a cell's field: `scores.3.value` in a paste, `value` for one cell. */
type PathOf = (index: number, field: string) => string;

const cellKey = (id: string, periodStart: string) => `${id}|${periodStart}`;

/** Why a measurable takes no typed numbers, or null when it does. */
const notTyped = (row: repository.MeasurableRow): string | null => {
  if (row.archivedAt) return `"${row.title}" is archived; restore it before entering numbers`;
  if (row.kind === 'rollup') {
    return `"${row.title}" is a roll-up: its numbers come from its parts, which are entered on their own scorecards`;
  }
  if (row.kind === 'todo_completion') return `"${row.title}" is computed from the to-dos and cannot be typed`;
  return null;
};

/** Typing numbers (one cell or a paste), and goals set for one period. */
export function scoresUseCases(kit: ScorecardKit) {
  const { asWriter, publish, audit, calendarOf, requireMeasurable } = kit;

  /** The cells a formula shows once its override is gone: computed from the team's other measurables. */
  const recomputed = async (
    organizationId: string,
    calendar: CalendarToday,
    rows: repository.MeasurableRow[],
    cells: ScoreInput[],
  ) => {
    const results = new Map<string, ScoreWrite['cell']>();
    for (const row of rows) {
      const context = await repository.teamMeasurables(organizationId, row.teamId, row.frequency);
      const periods = cells
        .filter((cell) => cell.measurableId === row.id)
        .map((cell) => ({ start: cell.periodStart, end: cell.periodStart }));
      const { engine } = await loadCells(organizationId, {
        rows: [row],
        context,
        periods,
        currentPeriodStart: calendar.currentPeriodStart(row.frequency),
        timeZone: calendar.timeZone,
      });
      for (const period of periods) results.set(cellKey(row.id, period.start), engine.cellOf(row.id, period));
    }
    return results;
  };

  /** Checks every cell (the first problem answers 400 naming it), then writes them all or none. */
  const write = async (member: MemberScope, cells: ScoreInput[], pathOf: PathOf) => {
    const { organizationId, userId } = member;
    const calendar = await calendarOf(organizationId);
    const ids = [...new Set(cells.map((cell) => cell.measurableId))];
    const rows = new Map((await repository.findMeasurables(organizationId, ids)).map((row) => [row.id, row]));
    const seen = new Set<string>();
    for (const [index, cell] of cells.entries()) {
      const row = rows.get(cell.measurableId);
      if (!row && cells.length === 1 && pathOf(0, 'measurableId') === 'id') throw errors.measurableNotFound();
      if (!row) {
        throw errors.invalidField(
          pathOf(index, 'measurableId'),
          'This measurable does not exist or was deleted',
          'scorecard.measurable_not_found',
        );
      }
      const refusal = notTyped(row);
      if (refusal) throw errors.invalidField(pathOf(index, 'value'), refusal, 'scorecard.not_typed');
      checkScorePeriod(pathOf(index, 'periodStart'), cell.periodStart, row, calendar);
      const key = cellKey(cell.measurableId, cell.periodStart);
      if (seen.has(key)) {
        throw errors.invalidField(
          pathOf(index, 'periodStart'),
          'This cell appears twice in the same save',
          'scorecard.duplicate_cell',
        );
      }
      seen.add(key);
    }
    const starts = cells.map((cell) => cell.periodStart).sort();
    const [from, to] = [starts[0]!, starts[starts.length - 1]!];
    const [stored, goals] = await Promise.all([
      scores.scoresInRange(organizationId, ids, from, to),
      scores.periodGoalsInRange(organizationId, ids, from, to),
    ]);
    const storedBy = new Map(stored.map((row) => [cellKey(row.measurableId, row.periodStart), row]));
    const periodGoalBy = new Map(
      goals.map((row) => [cellKey(row.measurableId, row.periodStart), repository.goalOf(row)]),
    );
    const stale = cells.flatMap((cell, index) => {
      const current = storedBy.get(cellKey(cell.measurableId, cell.periodStart));
      if (cell.version === undefined || cell.version === (current?.version ?? 0)) return [];
      return [
        {
          path: pathOf(index, 'version'),
          message: `Now ${current?.value ?? 'empty'} (version ${current?.version ?? 0}), saved by someone else`,
        },
      ];
    });
    if (stale.length > 0) throw errors.staleScores(stale);

    const goalInForce = (cell: ScoreInput): Goal | null =>
      periodGoalBy.get(cellKey(cell.measurableId, cell.periodStart)) ?? repository.goalOf(rows.get(cell.measurableId)!);
    const removals = cells.filter((cell) => cell.value === null && rows.get(cell.measurableId)!.kind === 'formula');
    const upserts = cells
      .filter((cell) => !removals.includes(cell))
      .map((cell) => ({
        measurableId: cell.measurableId,
        periodStart: cell.periodStart,
        value: cell.value,
        note: cell.note ?? storedBy.get(cellKey(cell.measurableId, cell.periodStart))?.note ?? '',
        goal: goalInForce(cell),
        isOverride: rows.get(cell.measurableId)!.kind === 'formula',
        expectedVersion: cell.version,
      }));
    const conditional = upserts.filter((cell) => cell.expectedVersion !== undefined);
    const written = await scores.upsertScores(organizationId, conditional, userId, true);
    if (written.length < conditional.length) {
      // Someone saved one of these cells between the read and the write.
      const done = new Set(written.map((row) => cellKey(row.measurableId, row.periodStart)));
      throw errors.staleScores(
        conditional
          .filter((cell) => !done.has(cellKey(cell.measurableId, cell.periodStart)))
          .map((cell) => ({
            path: pathOf(
              cells.findIndex(
                (input) => input.measurableId === cell.measurableId && input.periodStart === cell.periodStart,
              ),
              'version',
            ),
            message: 'Saved by someone else a moment ago',
          })),
      );
    }
    written.push(
      ...(await scores.upsertScores(
        organizationId,
        upserts.filter((cell) => cell.expectedVersion === undefined),
        userId,
        false,
      )),
    );
    await scores.deleteScores(
      organizationId,
      removals.map((cell) => ({
        measurableId: cell.measurableId,
        periodStart: cell.periodStart,
        expectedVersion: cell.version || undefined,
      })),
    );
    const writtenBy = new Map(written.map((row) => [cellKey(row.measurableId, row.periodStart), row]));
    const recomputedBy =
      removals.length > 0
        ? await recomputed(
            organizationId,
            calendar,
            [...new Set(removals.map((cell) => cell.measurableId))].map((id) => rows.get(id)!),
            removals,
          )
        : new Map<string, ScoreWrite['cell']>();
    const data: ScoreWrite[] = cells.map((cell) => {
      const key = cellKey(cell.measurableId, cell.periodStart);
      const row = rows.get(cell.measurableId)!;
      const score = writtenBy.get(key);
      const cellOut =
        recomputedBy.get(key) ??
        toCell(
          cell.periodStart,
          score,
          {
            value: score?.value ?? null,
            source: row.kind === 'formula' ? 'override' : score?.value != null ? 'entered' : 'none',
          },
          { current: repository.goalOf(row), period: periodGoalBy.get(key) ?? null },
        );
      return { measurableId: cell.measurableId, cell: cellOut };
    });
    const rollups = await repository.teamsOfRollupsContaining(organizationId, ids);
    const changed = [...[...rows.values()].map((row) => ({ id: row.id, teamId: row.teamId })), ...rollups];
    return { data, changed, ids };
  };

  const writeAll = async (caller: Caller, cells: ScoreInput[], meta: RequestMeta, pathOf: PathOf) => {
    const { data, changed } = await asWriter(caller, async (member) => {
      const result = await write(member, cells, pathOf);
      await audit(member, 'scorecard.score_entered', meta, result.ids.length === 1 ? result.ids[0] : undefined, {
        cells: cells
          .map((cell) => ({ measurableId: cell.measurableId, periodStart: cell.periodStart, value: cell.value }))
          .slice(0, 100),
        count: cells.length,
      });
      return result;
    });
    publish(caller, 'updated', changed);
    return data;
  };

  return {
    writeScore: async (
      caller: Caller,
      measurableId: string,
      periodStart: string,
      input: Omit<ScoreInput, 'measurableId' | 'periodStart'>,
      meta: RequestMeta,
    ): Promise<ScoreWrite> => {
      const [written] = await writeAll(caller, [{ ...input, measurableId, periodStart }], meta, (_index, field) =>
        field === 'measurableId' ? 'id' : field,
      );
      return written!;
    },

    writeScores: (caller: Caller, cells: ScoreInput[], meta: RequestMeta): Promise<ScoreWrite[]> =>
      writeAll(caller, cells, meta, (index, field) => `scores.${index}.${field}`),

    setPeriodGoal: async (
      caller: Caller,
      id: string,
      periodStart: string,
      goal: Goal,
      meta: RequestMeta,
    ): Promise<PeriodGoal> => {
      const row = await asWriter(caller, async (member) => {
        const { organizationId } = member;
        const measurable = await requireMeasurable(organizationId, id);
        if (measurable.archivedAt) throw errors.archivedMeasurable();
        checkGoalPeriod('periodStart', periodStart, measurable, await calendarOf(organizationId));
        await scores.upsertPeriodGoal(organizationId, id, periodStart, goal);
        await audit(member, 'scorecard.period_goal_set', meta, id, { periodStart, goal });
        return measurable;
      });
      publish(caller, 'updated', [row]);
      return { measurableId: id, periodStart, goal };
    },

    removePeriodGoal: async (
      caller: Caller,
      id: string,
      periodStart: string,
      meta: RequestMeta,
    ): Promise<{ success: true }> => {
      const row = await asWriter(caller, async (member) => {
        const { organizationId } = member;
        const measurable = await requireMeasurable(organizationId, id);
        if (await scores.deletePeriodGoal(organizationId, id, periodStart)) {
          await audit(member, 'scorecard.period_goal_removed', meta, id, { periodStart });
        }
        return measurable;
      });
      publish(caller, 'updated', [row]);
      return { success: true };
    },
  };
}
