import {
  compactScorecardGrid,
  type Measurable,
  type ScoreCell,
  type ScorecardGrid,
  type ScorecardRow,
} from '@keel/contract';
import { ORG_ID, makeUser } from '../../test-utils/fixtures';
import { DEPT, teamFrameRoutes } from '../../test-utils/team-stubs';

/** A small weekly scorecard for the page's tests: three weeks, the last one current. */

export const ME = makeUser().id;
export const BOB = '99999999-9999-4999-8999-999999999999';
export const REVENUE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const CALLS = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const DONE_RATE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const WEEKS = ['2026-11-09', '2026-11-16', '2026-11-23'] as const;
export const base = `/organizations/${ORG_ID}`;
export const GRID = `GET ${base}/scorecard`;

export function measurable(overrides: Partial<Measurable>): Measurable {
  return {
    id: REVENUE,
    teamId: DEPT,
    groupId: null,
    position: 0,
    title: 'Revenue',
    description: '',
    ownerId: ME,
    owner: { id: ME, name: 'Ada Lovelace' },
    dataEntryUserId: null,
    dataEntry: null,
    frequency: 'weekly',
    unit: 'number',
    currencyCode: null,
    decimals: 0,
    goal: { operator: '>=', value: 100, valueMax: null, band: { kind: 'absolute', amount: 10 } },
    kind: 'manual',
    formula: null,
    rollup: null,
    todoCompletionScope: null,
    aggregation: 'sum',
    startsOn: '2026-01-05',
    archivedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const cell = (periodStart: string, overrides: Partial<ScoreCell> = {}): ScoreCell => ({
  periodStart,
  value: null,
  note: '',
  status: 'missing',
  goalSource: 'current',
  source: 'none',
  enteredById: null,
  enteredAt: null,
  version: 0,
  ...overrides,
});

const row = (item: Measurable, cells: ScoreCell[], overrides: Partial<ScorecardRow> = {}): ScorecardRow => ({
  measurable: item,
  cells,
  average: null,
  averageStatus: 'missing',
  total: null,
  sparkline: [],
  ...overrides,
});

export const revenueRow = row(
  measurable({}),
  [
    cell(WEEKS[0], {
      value: 120,
      status: 'green',
      source: 'entered',
      goal: { operator: '>=', value: 90, valueMax: null, band: null },
      goalSource: 'snapshot',
      enteredById: ME,
      enteredAt: '2026-11-10T09:00:00.000Z',
      note: 'Big order from Acme',
      version: 3,
    }),
    cell(WEEKS[1], {
      value: 50,
      status: 'red',
      source: 'entered',
      enteredById: ME,
      enteredAt: '2026-11-17T09:00:00.000Z',
      version: 1,
    }),
    cell(WEEKS[2]),
  ],
  { average: 85, averageStatus: 'red', total: 170, sparkline: [120, 50, null] },
);

export const callsRow = row(
  measurable({
    id: CALLS,
    title: 'Calls',
    position: 1,
    ownerId: BOB,
    owner: { id: BOB, name: 'Bob Moses' },
    goal: { operator: '<=', value: 5, valueMax: null, band: null },
  }),
  [cell(WEEKS[0]), cell(WEEKS[1]), cell(WEEKS[2])],
);

export const doneRateRow = row(
  measurable({ id: DONE_RATE, title: 'Done on time', position: 2, kind: 'todo_completion', unit: 'percent' }),
  [cell(WEEKS[0], { value: 95, status: 'green', source: 'computed' }), cell(WEEKS[1]), cell(WEEKS[2])],
);

/** The grid as the server sends it (its wire form). */
export const gridBody = (grid: ScorecardGrid) => ({ data: compactScorecardGrid(grid) });

export function makeGrid(overrides: Partial<ScorecardGrid> = {}): ScorecardGrid {
  return {
    teamId: DEPT,
    frequency: 'weekly',
    view: '13_week_rolling',
    today: '2026-11-26',
    currentPeriodStart: WEEKS[2],
    weekStartDay: 1,
    fiscalYearStartMonth: 1,
    periods: WEEKS.map((start, index) => ({
      start,
      end: ['2026-11-15', '2026-11-22', '2026-11-29'][index] ?? start,
      isCurrent: index === 2,
    })),
    groups: [],
    rows: [revenueRow, callsRow, doneRateRow],
    canEdit: true,
    ...overrides,
  };
}

type Routes = Record<string, unknown>;

/** The signed-in frame, the person's preferences and the grid, then the test's own routes. */
export function scorecardRoutes(
  overrides: Routes = {},
  preferences: Record<string, unknown> = {},
  frame: Parameters<typeof teamFrameRoutes>[0] = {},
) {
  return teamFrameRoutes(frame, {
    'GET /user/preferences': {
      body: { data: { default_team_id: null, scorecard_rtl: false, scorecard_show_total: true, ...preferences } },
    },
    [GRID]: { body: gridBody(makeGrid()) },
    ...overrides,
  });
}

export const written = (measurableId: string, periodStart: string, changes: Partial<ScoreCell>) => ({
  body: { data: { measurableId, cell: cell(periodStart, { source: 'entered', enteredById: ME, ...changes }) } },
});
