import {
  SCORECARD_PERIODS_MAX,
  periodStartOf,
  shiftPeriod,
  type Goal,
  type Measurable,
  type MeasurableHistory,
  type ScoreCell,
  type ScorecardCalendar,
  type ScorecardFrequency,
  type ScoreStatus,
} from '@keel/contract';

/** Periods a moving average spans. */
export const MOVING_AVERAGE_PERIODS = 4;

/**
 * The mean of the values in each window of `size` periods ending at that period, skipping missing
 * ones (a missing number is not zero). Null before the first full window and where a window holds
 * no value at all.
 */
export function movingAverage(values: readonly (number | null)[], size = MOVING_AVERAGE_PERIODS): (number | null)[] {
  return values.map((_, index) => {
    if (index < size - 1) return null;
    const present = values.slice(index - size + 1, index + 1).filter((value): value is number => value !== null);
    return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length;
  });
}

/** The goal a cell was judged by: its own (a snapshot or a period goal) when it has one, else the measurable's. */
export const goalInForce = (cell: Pick<ScoreCell, 'goal'>, current: Goal | null): Goal | null =>
  cell.goal === undefined ? current : cell.goal;

const bandWidth = (goal: Goal, edge: number) => {
  if (!goal.band) return 0;
  return goal.band.kind === 'absolute' ? goal.band.amount : (Math.abs(edge) * goal.band.amount) / 100;
};

type Range = [number, number];

/**
 * Where a value would be yellow, as one or two ranges: below a "≥" goal, above a "≤" one, around
 * "=", outside each edge of "between", inside each edge of "not between". Empty without a band.
 */
export function yellowRanges(goal: Goal | null): Range[] {
  if (!goal?.band || goal.band.amount === 0) return [];
  const low = goal.value;
  const high = goal.valueMax ?? goal.value;
  const lowWidth = bandWidth(goal, low);
  const highWidth = bandWidth(goal, high);
  switch (goal.operator) {
    case '>=':
    case '>':
      return [[low - lowWidth, low]];
    case '<=':
    case '<':
      return [[low, low + lowWidth]];
    case '=':
      return [[low - lowWidth, low + lowWidth]];
    case 'between':
      return [
        [low - lowWidth, low],
        [high, high + highWidth],
      ];
    case 'not_between':
      return [
        [low, Math.min(low + lowWidth, high)],
        [Math.max(high - highWidth, low), high],
      ];
  }
}

export interface TrendPoint {
  periodStart: string;
  value: number | null;
  status: ScoreStatus;
  /** The goal in force for this period (stepped when goals changed), and its upper bound when ranged. */
  goal: number | null;
  goalMax: number | null;
  goalText: Goal | null;
  /** Up to two yellow ranges, as [low, high] (Recharts draws a ranged area from such a pair). */
  bandA: Range | null;
  bandB: Range | null;
  average: number | null;
  note: string;
  /** True when the goal was set for this period alone. */
  periodGoal: boolean;
}

/**
 * One point per period of the history, oldest first: value, colour, goal in force, band, moving
 * average, note. A goal set for a period wins there, even where no cell was ever written.
 */
export function trendPoints(
  history: Pick<MeasurableHistory, 'measurable' | 'periods' | 'cells'> &
    Partial<Pick<MeasurableHistory, 'periodGoals'>>,
): TrendPoint[] {
  const cells = new Map(history.cells.map((cell) => [cell.periodStart, cell]));
  const periodGoals = new Map(
    (history.periodGoals ?? []).map((periodGoal) => [periodGoal.periodStart, periodGoal.goal]),
  );
  const rows = history.periods.map((period) => {
    const cell = cells.get(period.start);
    const own = periodGoals.get(period.start);
    const goal = own ?? (cell ? goalInForce(cell, history.measurable.goal) : history.measurable.goal);
    const [bandA = null, bandB = null] = yellowRanges(goal);
    return {
      periodStart: period.start,
      value: cell?.value ?? null,
      status: cell?.status ?? 'missing',
      goal: goal?.value ?? null,
      goalMax:
        goal && (goal.operator === 'between' || goal.operator === 'not_between') ? (goal.valueMax ?? null) : null,
      goalText: goal,
      bandA,
      bandB,
      note: cell?.note ?? '',
      periodGoal: own !== undefined || cell?.goalSource === 'period',
    };
  });
  const averages = movingAverage(rows.map((row) => row.value));
  return rows.map((row, index) => ({ ...row, average: averages[index] ?? null }));
}

export type RangePreset = 'periods13' | 'year1' | 'years3' | 'all' | 'custom';

export const RANGE_PRESET_TEXT: Record<RangePreset, string> = {
  periods13: 'Last 13 periods',
  year1: 'Last year',
  years3: 'Last 3 years',
  all: 'Since it started',
  custom: 'Custom dates',
};

const yearsBefore = (date: string, years: number) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // 29 February becomes 28 February in a year without one.
  const shifted = new Date(Date.UTC(year - years, month - 1, day));
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
};

type Calendar = Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>;

/**
 * The dates a preset covers, ending today. No range reaches before the measurable started, nor
 * spans more than the history answers at once (SCORECARD_PERIODS_MAX periods).
 */
export function rangeOf(
  preset: Exclude<RangePreset, 'custom'>,
  today: string,
  measurable: Pick<Measurable, 'startsOn'> & { frequency: ScorecardFrequency },
  calendar: Calendar,
): { from: string; to: string } {
  const current = periodStartOf(today, measurable.frequency, calendar);
  const earliest = shiftPeriod(current, measurable.frequency, -(SCORECARD_PERIODS_MAX - 1), calendar);
  const wanted = {
    periods13: shiftPeriod(current, measurable.frequency, -12, calendar),
    year1: yearsBefore(today, 1),
    years3: yearsBefore(today, 3),
    all: measurable.startsOn,
  }[preset];
  const floor = measurable.startsOn > earliest ? measurable.startsOn : earliest;
  return { from: wanted < floor ? floor : wanted, to: today };
}
