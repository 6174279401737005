import { z } from 'zod';
import { uuidSchema } from './common.js';
import { goalResponseSchema, scoreStatusSchema } from './scorecard-goals.js';
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
 * `grid.enteredByIds`, and when as epoch milliseconds. `expandScorecardGrid` gives back the
 * `ScorecardGrid` every screen uses, cell by cell.
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
      goal: goalResponseSchema.nullable().optional(),
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
});
export type ScorecardGridWire = z.infer<typeof scorecardGridWireSchema>;

type Extra = ScoreCellsWire['extras'][number];

/** The grid as the wire carries it (see `scoreCellsWireSchema`); cells must follow `grid.periods`. */
export function compactScorecardGrid(grid: ScorecardGrid): ScorecardGridWire {
  const enteredByIds: string[] = [];
  const personIndex = new Map<string, number>();
  const indexOfPerson = (id: string | null) => {
    if (id === null) return null;
    let index = personIndex.get(id);
    if (index === undefined) {
      index = enteredByIds.push(id) - 1;
      personIndex.set(id, index);
    }
    return index;
  };
  const rows = grid.rows.map(({ cells, ...row }) => {
    const wire: ScoreCellsWire = {
      values: [],
      statuses: [],
      sources: [],
      versions: [],
      enteredBy: [],
      enteredAt: [],
      extras: [],
    };
    cells.forEach((cell, index) => {
      wire.values.push(cell.value);
      wire.statuses.push(cell.status);
      wire.sources.push(cell.source);
      wire.versions.push(cell.version);
      wire.enteredBy.push(indexOfPerson(cell.enteredById));
      wire.enteredAt.push(cell.enteredAt === null ? null : Date.parse(cell.enteredAt));
      const extra: Extra = { index };
      if (cell.note !== '') extra.note = cell.note;
      if (cell.goal !== undefined) extra.goal = cell.goal;
      if (cell.goalSource !== 'current') extra.goalSource = cell.goalSource;
      if (cell.computeError) extra.computeError = cell.computeError;
      if (cell.missingInputIds) extra.missingInputIds = cell.missingInputIds;
      if (Object.keys(extra).length > 1) wire.extras.push(extra);
    });
    return { ...row, cells: wire };
  });
  return { ...grid, rows, enteredByIds };
}

/** The grid every screen uses, cell by cell, from its wire form. */
export function expandScorecardGrid(wire: ScorecardGridWire): ScorecardGrid {
  const { enteredByIds, ...grid } = wire;
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
      if (extra?.goal !== undefined) cell.goal = extra.goal;
      if (extra?.computeError) cell.computeError = extra.computeError;
      if (extra?.missingInputIds) cell.missingInputIds = extra.missingInputIds;
      return cell;
    });
    return { ...row, cells: expanded };
  });
  return { ...grid, rows };
}
