import { describe, expect, it } from 'vitest';
import type { ScoreCell, ScorecardGrid } from './scorecard.js';
import { compactScorecardGrid, expandScorecardGrid, scorecardGridWireSchema } from './scorecard-wire.js';

const ANN = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const periods = [
  { start: '2026-11-09', end: '2026-11-15', isCurrent: false },
  { start: '2026-11-16', end: '2026-11-22', isCurrent: false },
  { start: '2026-11-23', end: '2026-11-29', isCurrent: true },
];
const empty = (periodStart: string): ScoreCell => ({
  periodStart,
  value: null,
  note: '',
  status: 'missing',
  goalSource: 'current',
  source: 'none',
  enteredById: null,
  enteredAt: null,
  version: 0,
});

const measurable: ScorecardGrid['rows'][number]['measurable'] = {
  id: BOB,
  teamId: ANN,
  groupId: null,
  position: 0,
  title: 'Revenue',
  description: '',
  ownerId: ANN,
  owner: { id: ANN, name: 'Ann' },
  dataEntryUserId: null,
  dataEntry: null,
  frequency: 'weekly',
  unit: 'number',
  currencyCode: null,
  decimals: 0,
  goal: null,
  kind: 'manual',
  formula: null,
  rollup: null,
  todoCompletionScope: null,
  aggregation: 'sum',
  startsOn: '2026-01-05',
  archivedAt: null,
  createdAt: '2026-01-05T00:00:00.000Z',
  updatedAt: '2026-01-05T00:00:00.000Z',
  version: 1,
};

function gridWith(cells: ScoreCell[][]): ScorecardGrid {
  return {
    teamId: ANN,
    frequency: 'weekly',
    view: '13_week_rolling',
    today: '2026-11-26',
    currentPeriodStart: '2026-11-23',
    weekStartDay: 1,
    fiscalYearStartMonth: 1,
    periods,
    groups: [],
    canEdit: true,
    rows: cells.map((rowCells) => ({
      measurable,
      cells: rowCells,
      average: null,
      averageStatus: 'missing',
      total: null,
      sparkline: [],
    })),
  };
}

describe('the grid on the wire', () => {
  it('gives back every cell as it was: values, colours, who and when, notes, goals and compute errors', () => {
    const grid = gridWith([
      [
        {
          ...empty('2026-11-09'),
          value: 47,
          status: 'yellow',
          source: 'entered',
          enteredById: ANN,
          enteredAt: '2026-11-10T08:00:00.000Z',
          version: 3,
          note: 'Holiday week',
          goalSource: 'snapshot',
          goal: { operator: '>=', value: 45, valueMax: null, band: null },
        },
        empty('2026-11-16'),
        {
          ...empty('2026-11-23'),
          value: 52.5,
          status: 'green',
          source: 'override',
          enteredById: BOB,
          enteredAt: '2026-11-24T09:30:12.345Z',
          version: 1,
        },
      ],
      [
        { ...empty('2026-11-09'), source: 'computed', computeError: 'missing_inputs', missingInputIds: [ANN] },
        {
          ...empty('2026-11-16'),
          source: 'computed',
          computeError: 'division_by_zero',
          goalSource: 'period',
          goal: { operator: 'between', value: 1, valueMax: 2, band: { kind: 'percent', amount: 5 } },
        },
        {
          ...empty('2026-11-23'),
          value: 1,
          status: 'no_goal',
          source: 'entered',
          enteredById: ANN,
          enteredAt: '2026-11-25T00:00:00.000Z',
          version: 2,
        },
      ],
    ]);
    const wire = scorecardGridWireSchema.parse(JSON.parse(JSON.stringify(compactScorecardGrid(grid))));
    expect(wire.enteredByIds).toEqual([ANN, BOB]);
    expect(wire.rows[0]!.cells.extras.map((extra) => extra.index)).toEqual([0]);
    expect(expandScorecardGrid(wire)).toEqual(grid);
  });

  it('sends an old goal once for the whole grid, however many cells were entered under it', () => {
    const old = { operator: '>=' as const, value: 50, valueMax: null, band: null };
    const grid = gridWith(
      Array.from({ length: 3 }, () =>
        periods.map((period) => ({
          ...empty(period.start),
          value: 60,
          status: 'green' as const,
          source: 'entered' as const,
          goalSource: 'snapshot' as const,
          goal: { ...old },
        })),
      ),
    );
    const wire = compactScorecardGrid(grid);
    expect(wire.goals).toEqual([old]);
    expect(wire.rows.flatMap((row) => row.cells.extras.map((extra) => extra.goal))).toEqual(
      Array.from({ length: 3 * periods.length }, () => 0),
    );
    expect(expandScorecardGrid(wire)).toEqual(grid);
  });

  it('carries cells in less than half the bytes of cell objects', () => {
    const full: ScoreCell = {
      ...empty('2026-11-09'),
      value: 47,
      status: 'red',
      source: 'entered',
      enteredById: ANN,
      enteredAt: '2026-11-10T08:00:00.000Z',
      version: 1,
    };
    const grid = gridWith(
      Array.from({ length: 200 }, () => periods.map((period) => ({ ...full, periodStart: period.start }))),
    );
    const cellBytes = (value: unknown) => JSON.stringify(value).length;
    const objects = cellBytes(grid.rows.map((row) => row.cells));
    const wire = cellBytes(compactScorecardGrid(grid).rows.map((row) => row.cells));
    expect(wire * 2).toBeLessThan(objects);
  });
});
