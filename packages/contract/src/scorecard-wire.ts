import { z } from 'zod';
import { uuidSchema } from './common.js';
import { goalResponseSchema, scoreStatusSchema, type Goal } from './scorecard-goals.js';
import {
  computeErrorSchema,
  goalSourceSchema,
  scoreSourceSchema,
  scorecardGridSchema,
  scorecardRowSchema,
  type ScoreCell,
  type ScorecardGrid,
} from './scorecard.js';

/**
 * The grid as the wire carries it. A team's scorecard is thousands of cells (200 measurables × 13
 * weeks = 2,600), and as one object each they made the answer 800 KB and most of its cost (encoding,
 * compressing, parsing, garbage). So a row's cells travel as one array per field, in the order of
 * `grid.periods`; what few cells have (a note, a goal other than the current one, why a computed
 * cell is empty) travels in `extras` by period index; who entered a cell is an index into
 * `grid.enteredByIds`, when as epoch milliseconds, and a goal other than the current one an index
 * into `grid.goals` (after a goal change a whole history holds the same old goal). `expandScorecardGrid`
 * gives back the `ScorecardGrid` every screen uses, cell by cell.
 */
export const scoreCellsWireSchema = z.object({
  values: z.array(z.number().nullable()),
  statuses: z.array(scoreStatusSchema),
  sources: z.array(scoreSourceSchema),
  versions: z.array(z.number().int().min(0)),
  enteredBy: z.array(z.number().int().min(0).nullable()),
  enteredAt: z.array(z.number().nullable()),
  extras: z.array(
    z.object({
      index: z.number().int().min(0),
      note: z.string().optional(),
      /** Index into `grid.goals`. */
      goal: z.number().int().min(0).optional(),
      goalSource: goalSourceSchema.optional(),
      computeError: computeErrorSchema.nullable().optional(),
      missingInputIds: z.array(uuidSchema).optional(),
    }),
  ),
});
export type ScoreCellsWire = z.infer<typeof scoreCellsWireSchema>;

export const scorecardGridWireSchema = scorecardGridSchema.omit({ rows: true }).extend({
  rows: z.array(scorecardRowSchema.omit({ cells: true }).extend({ cells: scoreCellsWireSchema })),
  enteredByIds: z.array(uuidSchema),
  goals: z.array(goalResponseSchema.nullable()),
});
export type ScorecardGridWire = z.infer<typeof scorecardGridWireSchema>;

type Extra = ScoreCellsWire['extras'][number];

/** One cell as the wire writer takes it: `enteredAt` in epoch milliseconds, `goal` only when not the current one. */
export interface WireCell {
  value: number | null;
  status: ScoreCell['status'];
  source: ScoreCell['source'];
  version: number;
  enteredById: string | null;
  enteredAt: number | null;
  note: string;
  goalSource: ScoreCell['goalSource'];
  goal?: Goal | null | undefined;
  computeError?: ScoreCell['computeError'];
  missingInputIds?: string[] | undefined;
}

const goalKey = (goal: Goal | null) =>
  goal === null ? '' : `${goal.operator} ${goal.value} ${goal.valueMax} ${goal.band?.kind} ${goal.band?.amount}`;

/**
 * Writes one grid's cells into the wire's arrays (the server from its engine, `compactScorecardGrid`
 * from cell objects), sharing the grid's tables of people and goals.
 */
export function createScorecardWireWriter() {
  const enteredByIds: string[] = [];
  const goals: (Goal | null)[] = [];
  const personIndex = new Map<string, number>();
  const goalIndex = new Map<string, number>();
  const indexOf = <T>(table: T[], indexes: Map<string, number>, key: string, item: T) => {
    let index = indexes.get(key);
    if (index === undefined) {
      index = table.push(item) - 1;
      indexes.set(key, index);
    }
    return index;
  };
  return {
    enteredByIds,
    goals,
    emptyCells: (): ScoreCellsWire => ({
      values: [],
      statuses: [],
      sources: [],
      versions: [],
      enteredBy: [],
      enteredAt: [],
      extras: [],
    }),
    push(wire: ScoreCellsWire, index: number, cell: WireCell) {
      wire.values.push(cell.value);
      wire.statuses.push(cell.status);
      wire.sources.push(cell.source);
      wire.versions.push(cell.version);
      wire.enteredBy.push(
        cell.enteredById === null ? null : indexOf(enteredByIds, personIndex, cell.enteredById, cell.enteredById),
      );
      wire.enteredAt.push(cell.enteredAt);
      if (cell.note === '' && cell.goalSource === 'current' && !cell.computeError && !cell.missingInputIds) return;
      const extra: Extra = { index };
      if (cell.note !== '') extra.note = cell.note;
      if (cell.goal !== undefined) extra.goal = indexOf(goals, goalIndex, goalKey(cell.goal), cell.goal);
      if (cell.goalSource !== 'current') extra.goalSource = cell.goalSource;
      if (cell.computeError) extra.computeError = cell.computeError;
      if (cell.missingInputIds) extra.missingInputIds = cell.missingInputIds;
      wire.extras.push(extra);
    },
  };
}

/** The grid as the wire carries it (see `scoreCellsWireSchema`); cells must follow `grid.periods`. */
export function compactScorecardGrid(grid: ScorecardGrid): ScorecardGridWire {
  const writer = createScorecardWireWriter();
  const rows = grid.rows.map(({ cells, ...row }) => {
    const wire = writer.emptyCells();
    cells.forEach((cell, index) =>
      writer.push(wire, index, { ...cell, enteredAt: cell.enteredAt === null ? null : Date.parse(cell.enteredAt) }),
    );
    return { ...row, cells: wire };
  });
  return { ...grid, rows, enteredByIds: writer.enteredByIds, goals: writer.goals };
}

/** The grid every screen uses, cell by cell, from its wire form. */
export function expandScorecardGrid(wire: ScorecardGridWire): ScorecardGrid {
  const { enteredByIds, goals, ...grid } = wire;
  const rows = wire.rows.map(({ cells, ...row }) => {
    const extras = new Map(cells.extras.map((extra) => [extra.index, extra]));
    const expanded = grid.periods.map((period, index): ScoreCell => {
      const extra = extras.get(index);
      const by = cells.enteredBy[index] ?? null;
      const at = cells.enteredAt[index] ?? null;
      const cell: ScoreCell = {
        periodStart: period.start,
        value: cells.values[index] ?? null,
        note: extra?.note ?? '',
        status: cells.statuses[index] ?? 'missing',
        goalSource: extra?.goalSource ?? 'current',
        source: cells.sources[index] ?? 'none',
        enteredById: by === null ? null : (enteredByIds[by] ?? null),
        enteredAt: at === null ? null : new Date(at).toISOString(),
        version: cells.versions[index] ?? 0,
      };
      if (extra?.goal !== undefined) cell.goal = goals[extra.goal] ?? null;
      if (extra?.computeError) cell.computeError = extra.computeError;
      if (extra?.missingInputIds) cell.missingInputIds = extra.missingInputIds;
      return cell;
    });
    return { ...row, cells: expanded };
  });
  return { ...grid, rows };
}
