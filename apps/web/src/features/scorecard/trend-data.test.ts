import { describe, expect, it } from 'vitest';
import type { Goal } from '@keel/contract';
import { makeCell, makeMeasurable } from './measurables-test-data';
import { movingAverage, rangeOf, trendPoints, yellowRanges } from './trend-data';

const goal = (overrides: Partial<Goal>): Goal => ({
  operator: '>=',
  value: 50,
  valueMax: null,
  band: null,
  ...overrides,
});
const periods = (...starts: string[]) => starts.map((start) => ({ start, end: start, isCurrent: false }));

describe('movingAverage', () => {
  it('averages each window of four periods, from the first full window on', () => {
    expect(movingAverage([1, 2, 3, 4, 5, 6])).toEqual([null, null, null, 2.5, 3.5, 4.5]);
  });

  it('skips missing values instead of counting them as zero, and is empty where a window has none', () => {
    expect(movingAverage([10, null, 20, null, null, null, null, 40])).toEqual([null, null, null, 15, 20, 20, null, 40]);
  });

  it('takes another window size', () => {
    expect(movingAverage([2, 4, 6], 2)).toEqual([null, 3, 5]);
  });
});

describe('trendPoints', () => {
  it('steps the goal line: each period keeps the goal in force when its value was entered', () => {
    const measurable = makeMeasurable({ goal: goal({ value: 60 }) });
    const points = trendPoints({
      measurable,
      periods: periods('2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'),
      cells: [
        makeCell('2026-11-02', { value: 45, status: 'green', goal: goal({ value: 40 }), goalSource: 'snapshot' }),
        makeCell('2026-11-09', { value: 55, status: 'green', goal: goal({ value: 40 }), goalSource: 'snapshot' }),
        makeCell('2026-11-16', { value: 58, status: 'red', goalSource: 'current' }),
        makeCell('2026-11-23', { value: 70, status: 'green', goal: goal({ value: 65 }), goalSource: 'period' }),
      ],
    });
    expect(points.map((point) => point.goal)).toEqual([40, 40, 60, 65]);
    expect(points.map((point) => point.periodGoal)).toEqual([false, false, false, true]);
    expect(points.map((point) => point.status)).toEqual(['green', 'green', 'red', 'green']);
    expect(points.at(-1)?.average).toBe((45 + 55 + 58 + 70) / 4);
  });

  it('shows a period no cell answers for as missing under the current goal, and a snapshot of "no goal" as none', () => {
    const points = trendPoints({
      measurable: makeMeasurable({ goal: goal({ value: 10 }) }),
      periods: periods('2026-11-16', '2026-11-23'),
      cells: [makeCell('2026-11-16', { value: 3, status: 'no_goal', goal: null, goalSource: 'snapshot' })],
    });
    expect(points[0]).toMatchObject({ value: 3, goal: null, status: 'no_goal' });
    expect(points[1]).toMatchObject({ value: null, goal: 10, status: 'missing', note: '' });
  });

  it('takes a goal set for a period where no value was entered yet', () => {
    const points = trendPoints({
      measurable: makeMeasurable({ goal: goal({ value: 50 }) }),
      periods: periods('2026-11-23', '2026-11-30'),
      cells: [],
      periodGoals: [{ measurableId: makeMeasurable().id, periodStart: '2026-11-30', goal: goal({ value: 80 }) }],
    });
    expect(points.map((point) => [point.goal, point.periodGoal])).toEqual([
      [50, false],
      [80, true],
    ]);
  });

  it('carries each cell’s note for the chart’s markers and the table', () => {
    const points = trendPoints({
      measurable: makeMeasurable(),
      periods: periods('2026-11-23'),
      cells: [makeCell('2026-11-23', { value: 12, status: 'red', note: 'Holiday week' })],
    });
    expect(points[0]?.note).toBe('Holiday week');
  });

  it('draws both edges of a between goal', () => {
    const points = trendPoints({
      measurable: makeMeasurable({ goal: goal({ operator: 'between', value: 10, valueMax: 20 }) }),
      periods: periods('2026-11-23'),
      cells: [],
    });
    expect(points[0]).toMatchObject({ goal: 10, goalMax: 20 });
  });
});

describe('yellowRanges', () => {
  it('lies below an "at least" goal and above an "at most" one, as a percent of the goal or an amount', () => {
    expect(yellowRanges(goal({ value: 50, band: { kind: 'percent', amount: 10 } }))).toEqual([[45, 50]]);
    expect(yellowRanges(goal({ operator: '<=', value: 8, band: { kind: 'absolute', amount: 2 } }))).toEqual([[8, 10]]);
    expect(yellowRanges(goal({ operator: '=', value: 100, band: { kind: 'absolute', amount: 5 } }))).toEqual([
      [95, 105],
    ]);
  });

  it('has one range outside each edge of "between" and inside each edge of "not between"', () => {
    const band = { kind: 'absolute' as const, amount: 2 };
    expect(yellowRanges(goal({ operator: 'between', value: 10, valueMax: 20, band }))).toEqual([
      [8, 10],
      [20, 22],
    ]);
    expect(yellowRanges(goal({ operator: 'not_between', value: 10, valueMax: 20, band }))).toEqual([
      [10, 12],
      [18, 20],
    ]);
  });

  it('is empty without a band or without a goal', () => {
    expect(yellowRanges(goal({}))).toEqual([]);
    expect(yellowRanges(null)).toEqual([]);
  });
});

describe('rangeOf', () => {
  const calendar = { weekStartDay: 1, fiscalYearStartMonth: 1 };
  const weekly = { frequency: 'weekly' as const, startsOn: '2020-01-06' };

  it('covers the last 13 periods ending with the current one', () => {
    expect(rangeOf('periods13', '2026-11-26', weekly, calendar)).toEqual({ from: '2026-08-31', to: '2026-11-26' });
  });

  it('covers a year or three back from today', () => {
    expect(rangeOf('year1', '2026-11-26', weekly, calendar).from).toBe('2025-11-26');
    expect(rangeOf('years3', '2024-02-29', weekly, calendar).from).toBe('2021-02-28');
  });

  it('never reaches before the measurable started', () => {
    expect(rangeOf('years3', '2026-11-26', { ...weekly, startsOn: '2026-06-01' }, calendar).from).toBe('2026-06-01');
  });

  it('asks for no more periods than the history answers at once', () => {
    const all = rangeOf('all', '2026-11-26', { frequency: 'weekly', startsOn: '2000-01-03' }, calendar);
    // 520 weeks ending with the week of 23 November 2026.
    expect(all.from).toBe('2016-12-12');
  });
});
