import { z } from 'zod';
import { addDays, fiscalQuarterOf, fiscalQuarterRange, toIsoDate } from './calendar.js';

/**
 * Scorecard periods. A period is named by its first day (`YYYY-MM-DD`): a week starts on the
 * organization's week start day (0 = Sunday … 6 = Saturday), a month on its 1st, a quarter on the
 * first day of a fiscal quarter (fiscal year starting in `fiscalYearStartMonth`, 1–12; see
 * calendar.ts). "Today" is read in the organization's time zone.
 */
export const SCORECARD_FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const;
export const scorecardFrequencySchema = z.enum(SCORECARD_FREQUENCIES);
export type ScorecardFrequency = z.infer<typeof scorecardFrequencySchema>;

/** The spec's period views; 13-week rolling is the default. */
export const SCORECARD_VIEWS = ['13_week_rolling', 'current_quarter', 'last_4_weeks'] as const;
export const scorecardViewSchema = z.enum(SCORECARD_VIEWS);
export type ScorecardView = z.infer<typeof scorecardViewSchema>;
export const SCORECARD_VIEW_DEFAULT: ScorecardView = '13_week_rolling';

/** The terminology key naming each view's average column. */
export const SCORECARD_VIEW_LABEL_KEYS = {
  '13_week_rolling': 'scorecard_13_week_label',
  current_quarter: 'scorecard_quarter_label',
  last_4_weeks: 'scorecard_4_week_label',
} as const satisfies Record<ScorecardView, string>;

export interface ScorecardCalendar {
  weekStartDay: number;
  fiscalYearStartMonth: number;
  timeZone: string;
}

export interface ScorecardPeriod {
  /** First day. */
  start: string;
  /** Last day (inclusive). */
  end: string;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

const dateFormatterIn = (timeZone: string) => {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Today's date (`YYYY-MM-DD`) in `timeZone` at the instant `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = dateFormatterIn(timeZone);
  } catch {
    // A zone this runtime does not know must not break a page; UTC is off by hours at most.
    formatter = dateFormatterIn('UTC');
  }
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

const dateOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The first day of the month `months` after the one containing `isoDate`. */
const monthStart = (isoDate: string, months = 0) => {
  const date = dateOf(isoDate);
  return toIsoDate(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)));
};

const weekdayIndex = (day: number) => (((Math.trunc(day) || 0) % 7) + 7) % 7;

/** The start of the period of `frequency` that contains `date`. */
export function periodStartOf(
  date: string,
  frequency: ScorecardFrequency,
  calendar: Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>,
): string {
  switch (frequency) {
    case 'weekly': {
      const daysIntoWeek = (dateOf(date).getUTCDay() - weekdayIndex(calendar.weekStartDay) + 7) % 7;
      return addDays(date, -daysIntoWeek);
    }
    case 'monthly':
      return monthStart(date);
    case 'quarterly': {
      const quarter = fiscalQuarterOf(dateOf(date), calendar.fiscalYearStartMonth);
      return fiscalQuarterRange(quarter, calendar.fiscalYearStartMonth).start;
    }
  }
}

/** True when `date` is the first day of a period of `frequency`. */
export function isPeriodStart(
  date: string,
  frequency: ScorecardFrequency,
  calendar: Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>,
): boolean {
  return periodStartOf(date, frequency, calendar) === date;
}

/** The period starting at `start` (which must be a period start) with its last day. */
export function periodAt(
  start: string,
  frequency: ScorecardFrequency,
  calendar: Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>,
): ScorecardPeriod {
  return { start, end: addDays(shiftPeriod(start, frequency, 1, calendar), -1) };
}

/** The start of the period `count` periods after (negative: before) the one starting at `start`. */
export function shiftPeriod(
  start: string,
  frequency: ScorecardFrequency,
  count: number,
  calendar: Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>,
): string {
  const from = periodStartOf(start, frequency, calendar);
  switch (frequency) {
    case 'weekly':
      return addDays(from, count * 7);
    case 'monthly':
      return monthStart(from, count);
    case 'quarterly':
      return monthStart(from, count * 3);
  }
}

/** Every period of `frequency` overlapping `from`..`to` (inclusive), oldest first, at most `limit`. */
export function periodsBetween(
  from: string,
  to: string,
  frequency: ScorecardFrequency,
  calendar: Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>,
  limit: number,
): ScorecardPeriod[] {
  const periods: ScorecardPeriod[] = [];
  let start = periodStartOf(from, frequency, calendar);
  while (start <= to && periods.length < limit) {
    const period = periodAt(start, frequency, calendar);
    periods.push(period);
    start = addDays(period.end, 1);
  }
  return periods;
}

const VIEW_LENGTHS = { '13_week_rolling': 13, last_4_weeks: 4 } as const;
/** More than any fiscal quarter holds of any frequency (14 weeks at most). */
const QUARTER_PERIODS_MAX = 15;

/**
 * The periods a view shows, oldest first, ending with the current period (the one containing
 * `today`): 13_week_rolling = the last 13 periods of the frequency; last_4_weeks = the last 4;
 * current_quarter = the periods overlapping the current fiscal quarter, up to and including the
 * current one's quarter end (a weekly tab shows the whole quarter's weeks, future ones included,
 * so targets planned ahead are visible).
 */
export function periodsForView(
  view: ScorecardView,
  frequency: ScorecardFrequency,
  today: string,
  calendar: Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>,
): ScorecardPeriod[] {
  if (view === 'current_quarter') {
    const quarter = fiscalQuarterOf(dateOf(today), calendar.fiscalYearStartMonth);
    const { start, end } = fiscalQuarterRange(quarter, calendar.fiscalYearStartMonth);
    return periodsBetween(start, end, frequency, calendar, QUARTER_PERIODS_MAX);
  }
  const length = VIEW_LENGTHS[view];
  const current = periodStartOf(today, frequency, calendar);
  return periodsBetween(shiftPeriod(current, frequency, 1 - length, calendar), current, frequency, calendar, length);
}

const utcFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const monthDayFormat = utcFormat({ month: 'short', day: 'numeric' });
const monthYearFormat = utcFormat({ month: 'short', year: 'numeric' });

/**
 * A short column heading: weekly "Nov 23", monthly "Nov 2026", quarterly "Q1 FY2027" (FY only
 * when the fiscal year does not start in January; `quarterLabel` is the terminology's quarter_label
 * initial, e.g. "Q").
 */
export function periodHeading(
  period: ScorecardPeriod,
  frequency: ScorecardFrequency,
  calendar: Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>,
  quarterLabel = 'Q',
): string {
  const start = dateOf(period.start);
  switch (frequency) {
    case 'weekly':
      return monthDayFormat.format(start);
    case 'monthly':
      return monthYearFormat.format(start);
    case 'quarterly': {
      const { year, quarter } = fiscalQuarterOf(start, calendar.fiscalYearStartMonth);
      const yearText = calendar.fiscalYearStartMonth === 1 ? String(year) : `FY${year}`;
      return `${quarterLabel}${quarter} ${yearText}`;
    }
  }
}

/** "Nov 23 – Nov 29, 2026": the full range, for tooltips and screen readers. */
export function periodRangeText(period: ScorecardPeriod): string {
  const start = dateOf(period.start);
  const end = dateOf(period.end);
  const startYear = start.getUTCFullYear();
  const endYear = end.getUTCFullYear();
  const startText = monthDayFormat.format(start);
  const endText = `${monthDayFormat.format(end)}, ${endYear}`;
  return startYear === endYear ? `${startText} – ${endText}` : `${startText}, ${startYear} – ${endText}`;
}
