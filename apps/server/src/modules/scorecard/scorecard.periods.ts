import {
  PERIOD_GOAL_YEARS_AHEAD,
  addDays,
  isPeriodStart,
  periodStartOf,
  type ScorecardFrequency,
} from '@keel/contract';
import * as errors from './scorecard.errors.js';
import type { CalendarToday } from './scorecard.kit.js';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const PERIOD_NOUNS: Record<ScorecardFrequency, string> = { weekly: 'week', monthly: 'month', quarterly: 'quarter' };

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Why `date` is not a period start, in the words of the scorecard's calendar; null when it is one. */
export function notAPeriodStart(date: string, frequency: ScorecardFrequency, calendar: CalendarToday): string | null {
  if (isPeriodStart(date, frequency, calendar)) return null;
  if (frequency === 'weekly') {
    const article = /^[AEIOU]/.test(DAY_NAMES[weekdayOf(date)]!) ? 'an' : 'a';
    return `Weeks on this scorecard start on ${DAY_NAMES[calendar.weekStartDay]}; ${date} is ${article} ${DAY_NAMES[weekdayOf(date)]}`;
  }
  const start = periodStartOf(date, frequency, calendar);
  return frequency === 'monthly'
    ? `Months start on the 1st; ${date} is not the first day of a month (that month starts on ${start})`
    : `${date} is not the first day of a quarter on this scorecard (that quarter starts on ${start})`;
}

interface Timed {
  frequency: ScorecardFrequency;
  startsOn: string;
}

/**
 * The checks of a cell's period: a period start, not before the measurable's first period, and (for
 * numbers) not after the current one. Throws 400 naming `path`.
 */
export function checkScorePeriod(path: string, periodStart: string, measurable: Timed, calendar: CalendarToday) {
  const wrongDay = notAPeriodStart(periodStart, measurable.frequency, calendar);
  if (wrongDay) throw errors.invalidField(path, wrongDay, 'scorecard.invalid_period');
  if (periodStart < measurable.startsOn) {
    throw errors.invalidField(
      path,
      `This measurable starts with the ${PERIOD_NOUNS[measurable.frequency]} of ${measurable.startsOn}`,
      'scorecard.before_start',
    );
  }
  if (periodStart > calendar.currentPeriodStart(measurable.frequency)) {
    throw errors.invalidField(
      path,
      'Numbers can only be entered for periods that have started',
      'scorecard.future_period',
    );
  }
}

/** A period goal's period: a period start, not before the first period, at most PERIOD_GOAL_YEARS_AHEAD ahead. */
export function checkGoalPeriod(path: string, periodStart: string, measurable: Timed, calendar: CalendarToday) {
  const wrongDay = notAPeriodStart(periodStart, measurable.frequency, calendar);
  if (wrongDay) throw errors.invalidField(path, wrongDay, 'scorecard.invalid_period');
  if (periodStart < measurable.startsOn) {
    throw errors.invalidField(
      path,
      `This measurable starts with the ${PERIOD_NOUNS[measurable.frequency]} of ${measurable.startsOn}`,
      'scorecard.before_start',
    );
  }
  const limit = addDays(calendar.today, Math.round(PERIOD_GOAL_YEARS_AHEAD * 365.25));
  if (periodStart > limit) {
    throw errors.invalidField(
      path,
      `Goals can be planned at most ${PERIOD_GOAL_YEARS_AHEAD} years ahead`,
      'scorecard.goal_too_far',
    );
  }
}
