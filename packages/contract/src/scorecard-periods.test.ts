import { describe, expect, it } from 'vitest';
import {
  isPeriodStart,
  periodAt,
  periodHeading,
  periodRangeText,
  periodStartOf,
  periodsBetween,
  periodsForView,
  shiftPeriod,
  todayIn,
  type ScorecardFrequency,
  type ScorecardPeriod,
  type ScorecardView,
} from './scorecard-periods.js';

const calendar = (weekStartDay: number, fiscalYearStartMonth = 1) => ({ weekStartDay, fiscalYearStartMonth });
const starts = (periods: ScorecardPeriod[]) => periods.map((period) => period.start);

describe('todayIn', () => {
  it.each([
    ['2026-11-29T23:30:00Z', 'Pacific/Auckland', '2026-11-30'],
    ['2026-11-29T23:30:00Z', 'America/Los_Angeles', '2026-11-29'],
    ['2026-11-29T23:30:00Z', 'UTC', '2026-11-29'],
    ['2026-11-29T00:05:00Z', 'America/New_York', '2026-11-28'],
    ['2026-11-29T10:30:00Z', 'Pacific/Kiritimati', '2026-11-30'],
    ['2026-11-29T10:30:00Z', 'Pacific/Pago_Pago', '2026-11-28'],
    ['2026-11-29T18:45:00Z', 'Asia/Kolkata', '2026-11-30'],
    ['2026-11-01T03:59:00Z', 'America/New_York', '2026-10-31'],
    ['2026-11-01T04:00:00Z', 'America/New_York', '2026-11-01'],
    ['2026-11-02T04:30:00Z', 'America/New_York', '2026-11-01'],
    ['2026-11-02T05:00:00Z', 'America/New_York', '2026-11-02'],
  ])('at %s in %s is %s', (instant, timeZone, expected) => {
    expect(todayIn(timeZone, new Date(instant))).toBe(expected);
  });

  it('reads an instant just after midnight UTC on a Sunday as Saturday in New York, so the week is the previous one', () => {
    const today = todayIn('America/New_York', new Date('2026-11-29T00:05:00Z'));
    expect(periodStartOf(today, 'weekly', calendar(0))).toBe('2026-11-22');
    expect(periodStartOf(todayIn('UTC', new Date('2026-11-29T00:05:00Z')), 'weekly', calendar(0))).toBe('2026-11-29');
  });

  it('falls back to UTC for a time zone the runtime does not know', () => {
    expect(todayIn('Mars/Olympus_Mons', new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-29');
  });

  it('defaults to the current instant', () => {
    const before = todayIn('UTC', new Date());
    const today = todayIn('UTC');
    const after = todayIn('UTC', new Date());
    expect([before, after]).toContain(today);
  });
});

describe('weeks', () => {
  // Thursday 2026-11-26 for each week start day 0 (Sunday) … 6 (Saturday).
  it.each([
    [0, '2026-11-22'],
    [1, '2026-11-23'],
    [2, '2026-11-24'],
    [3, '2026-11-25'],
    [4, '2026-11-26'],
    [5, '2026-11-20'],
    [6, '2026-11-21'],
  ])('with week start day %i, Thursday 2026-11-26 is in the week starting %s', (weekStartDay, expected) => {
    expect(periodStartOf('2026-11-26', 'weekly', calendar(weekStartDay))).toBe(expected);
  });

  it.each([
    [0, '2026-11-22', '2026-11-21', '2026-11-15', '2026-11-28'],
    [1, '2026-11-23', '2026-11-22', '2026-11-16', '2026-11-29'],
    [2, '2026-11-24', '2026-11-23', '2026-11-17', '2026-11-30'],
    [3, '2026-11-25', '2026-11-24', '2026-11-18', '2026-12-01'],
    [4, '2026-11-26', '2026-11-25', '2026-11-19', '2026-12-02'],
    [5, '2026-11-27', '2026-11-26', '2026-11-20', '2026-12-03'],
    [6, '2026-11-28', '2026-11-27', '2026-11-21', '2026-12-04'],
  ])(
    'with week start day %i, %s starts its own week and the day before (%s) belongs to the week of %s',
    (weekStartDay, startDay, dayBefore, previousStart, end) => {
      const weekCalendar = calendar(weekStartDay);
      expect(periodStartOf(startDay, 'weekly', weekCalendar)).toBe(startDay);
      expect(isPeriodStart(startDay, 'weekly', weekCalendar)).toBe(true);
      expect(periodStartOf(dayBefore, 'weekly', weekCalendar)).toBe(previousStart);
      expect(isPeriodStart(dayBefore, 'weekly', weekCalendar)).toBe(false);
      expect(periodAt(startDay, 'weekly', weekCalendar)).toEqual({ start: startDay, end });
    },
  );

  it('crosses a year end', () => {
    expect(periodStartOf('2027-01-01', 'weekly', calendar(1))).toBe('2026-12-28');
    expect(periodAt('2026-12-28', 'weekly', calendar(1))).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });

  it('keeps weeks seven days long across daylight saving changes (dates are plain days)', () => {
    const weeks = periodsBetween('2026-10-18', '2026-11-08', 'weekly', calendar(0), 10);
    expect(weeks).toEqual([
      { start: '2026-10-18', end: '2026-10-24' },
      { start: '2026-10-25', end: '2026-10-31' },
      { start: '2026-11-01', end: '2026-11-07' },
      { start: '2026-11-08', end: '2026-11-14' },
    ]);
    expect(periodStartOf('2026-03-10', 'weekly', calendar(0))).toBe('2026-03-08');
    expect(periodStartOf('2026-03-29', 'weekly', calendar(1))).toBe('2026-03-23');
  });
});

describe('months and fiscal quarters', () => {
  it('starts a month on its 1st and ends it on its last day, leap years included', () => {
    expect(periodStartOf('2026-11-26', 'monthly', calendar(1))).toBe('2026-11-01');
    expect(isPeriodStart('2026-11-01', 'monthly', calendar(1))).toBe(true);
    expect(isPeriodStart('2026-11-02', 'monthly', calendar(1))).toBe(false);
    expect(periodAt('2026-12-01', 'monthly', calendar(1))).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(periodAt('2027-02-01', 'monthly', calendar(1))).toEqual({ start: '2027-02-01', end: '2027-02-28' });
    expect(periodAt('2028-02-01', 'monthly', calendar(1))).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });

  it('places 2028-02-29 in its week, month and quarter', () => {
    expect(periodStartOf('2028-02-29', 'weekly', calendar(1))).toBe('2028-02-28');
    expect(periodAt('2028-02-28', 'weekly', calendar(1))).toEqual({ start: '2028-02-28', end: '2028-03-05' });
    expect(periodStartOf('2028-02-29', 'monthly', calendar(1))).toBe('2028-02-01');
    expect(periodStartOf('2028-02-29', 'quarterly', calendar(1, 12))).toBe('2027-12-01');
    expect(periodAt('2027-12-01', 'quarterly', calendar(1, 12))).toEqual({ start: '2027-12-01', end: '2028-02-29' });
    expect(isPeriodStart('2028-02-29', 'monthly', calendar(1))).toBe(false);
  });

  it.each([
    [1, '2027-01-15', { start: '2027-01-01', end: '2027-03-31' }, 'Q1 2027'],
    [4, '2027-01-15', { start: '2027-01-01', end: '2027-03-31' }, 'Q4 FY2027'],
    [7, '2027-01-15', { start: '2027-01-01', end: '2027-03-31' }, 'Q3 FY2027'],
    [10, '2027-01-15', { start: '2027-01-01', end: '2027-03-31' }, 'Q2 FY2027'],
    [1, '2026-11-26', { start: '2026-10-01', end: '2026-12-31' }, 'Q4 2026'],
    [4, '2026-05-31', { start: '2026-04-01', end: '2026-06-30' }, 'Q1 FY2027'],
    [7, '2026-06-30', { start: '2026-04-01', end: '2026-06-30' }, 'Q4 FY2026'],
    [10, '2026-09-30', { start: '2026-07-01', end: '2026-09-30' }, 'Q4 FY2026'],
    [11, '2027-01-15', { start: '2026-11-01', end: '2027-01-31' }, 'Q1 FY2027'],
    [2, '2026-12-24', { start: '2026-11-01', end: '2027-01-31' }, 'Q4 FY2027'],
  ])('with a fiscal year starting in month %i, %s is in %o (%s)', (startMonth, date, quarter, heading) => {
    const quarterCalendar = calendar(1, startMonth);
    expect(periodStartOf(date, 'quarterly', quarterCalendar)).toBe(quarter.start);
    expect(periodAt(quarter.start, 'quarterly', quarterCalendar)).toEqual(quarter);
    expect(isPeriodStart(quarter.start, 'quarterly', quarterCalendar)).toBe(true);
    expect(periodHeading(quarter, 'quarterly', quarterCalendar)).toBe(heading);
  });

  it('knows which first days of a month start a quarter', () => {
    expect(isPeriodStart('2026-07-01', 'quarterly', calendar(1, 7))).toBe(true);
    expect(isPeriodStart('2026-08-01', 'quarterly', calendar(1, 7))).toBe(false);
    expect(isPeriodStart('2026-08-01', 'quarterly', calendar(1, 2))).toBe(true);
  });
});

describe('shiftPeriod', () => {
  it.each<[string, ScorecardFrequency, number, number, string]>([
    ['2026-12-28', 'weekly', 1, 1, '2027-01-04'],
    ['2027-01-04', 'weekly', -1, 1, '2026-12-28'],
    ['2026-11-23', 'weekly', 6, 1, '2027-01-04'],
    ['2026-11-23', 'weekly', -12, 1, '2026-08-31'],
    ['2026-11-23', 'weekly', 0, 1, '2026-11-23'],
    ['2026-11-01', 'monthly', 2, 1, '2027-01-01'],
    ['2027-01-01', 'monthly', -2, 1, '2026-11-01'],
    ['2026-11-01', 'monthly', 14, 1, '2028-01-01'],
    ['2026-10-01', 'quarterly', 1, 1, '2027-01-01'],
    ['2027-01-01', 'quarterly', -1, 1, '2026-10-01'],
    ['2026-11-01', 'quarterly', 1, 11, '2027-02-01'],
    ['2027-02-01', 'quarterly', -2, 11, '2026-08-01'],
    ['2026-10-01', 'quarterly', -12, 1, '2023-10-01'],
  ])('from %s, %s by %i (fiscal start %i) gives %s', (start, frequency, count, startMonth, expected) => {
    expect(shiftPeriod(start, frequency, count, calendar(1, startMonth))).toBe(expected);
  });
});

describe('periodsBetween', () => {
  it('lists every period overlapping the range, oldest first', () => {
    expect(starts(periodsBetween('2026-11-25', '2026-12-10', 'weekly', calendar(1), 10))).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(periodsBetween('2026-11-15', '2027-01-01', 'monthly', calendar(1), 10)).toEqual([
      { start: '2026-11-01', end: '2026-11-30' },
      { start: '2026-12-01', end: '2026-12-31' },
      { start: '2027-01-01', end: '2027-01-31' },
    ]);
  });

  it('stops at the limit and answers nothing for an empty range', () => {
    expect(starts(periodsBetween('2026-11-25', '2026-12-10', 'weekly', calendar(1), 2))).toEqual([
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(periodsBetween('2026-01-01', '2036-01-01', 'weekly', calendar(1), 520)).toHaveLength(520);
    expect(periodsBetween('2026-11-25', '2026-12-10', 'weekly', calendar(1), 0)).toEqual([]);
    expect(periodsBetween('2026-12-10', '2026-11-25', 'monthly', calendar(1), 10)).toEqual([]);
  });
});

describe('periodsForView', () => {
  const today = '2026-11-26';

  it.each<[ScorecardView, ScorecardFrequency, number, ScorecardPeriod, ScorecardPeriod]>([
    [
      '13_week_rolling',
      'weekly',
      13,
      { start: '2026-08-31', end: '2026-09-06' },
      { start: '2026-11-23', end: '2026-11-29' },
    ],
    [
      '13_week_rolling',
      'monthly',
      13,
      { start: '2025-11-01', end: '2025-11-30' },
      { start: '2026-11-01', end: '2026-11-30' },
    ],
    [
      '13_week_rolling',
      'quarterly',
      13,
      { start: '2023-10-01', end: '2023-12-31' },
      { start: '2026-10-01', end: '2026-12-31' },
    ],
    [
      'last_4_weeks',
      'weekly',
      4,
      { start: '2026-11-02', end: '2026-11-08' },
      { start: '2026-11-23', end: '2026-11-29' },
    ],
    [
      'last_4_weeks',
      'monthly',
      4,
      { start: '2026-08-01', end: '2026-08-31' },
      { start: '2026-11-01', end: '2026-11-30' },
    ],
    [
      'last_4_weeks',
      'quarterly',
      4,
      { start: '2026-01-01', end: '2026-03-31' },
      { start: '2026-10-01', end: '2026-12-31' },
    ],
    [
      'current_quarter',
      'weekly',
      14,
      { start: '2026-09-28', end: '2026-10-04' },
      { start: '2026-12-28', end: '2027-01-03' },
    ],
    [
      'current_quarter',
      'monthly',
      3,
      { start: '2026-10-01', end: '2026-10-31' },
      { start: '2026-12-01', end: '2026-12-31' },
    ],
    [
      'current_quarter',
      'quarterly',
      1,
      { start: '2026-10-01', end: '2026-12-31' },
      { start: '2026-10-01', end: '2026-12-31' },
    ],
  ])('%s of %s periods: %i from %o to %o', (view, frequency, length, first, last) => {
    const periods = periodsForView(view, frequency, today, calendar(1));
    expect(periods).toHaveLength(length);
    expect(periods[0]).toEqual(first);
    expect(periods.at(-1)).toEqual(last);
    for (const [index, period] of periods.entries()) {
      if (index > 0) expect(period.start > periods[index - 1]!.end).toBe(true);
      expect(periodAt(period.start, frequency, calendar(1))).toEqual(period);
    }
  });

  it('shows the weeks of the current quarter still to come', () => {
    const weeks = starts(periodsForView('current_quarter', 'weekly', today, calendar(1)));
    expect(weeks.filter((start) => start > '2026-11-23')).toEqual([
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
    ]);
  });

  it('follows a fiscal quarter that spans a calendar year end', () => {
    const weeks = periodsForView('current_quarter', 'weekly', today, calendar(0, 11));
    expect(weeks).toHaveLength(14);
    expect(weeks[0]).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(weeks.at(-1)).toEqual({ start: '2027-01-31', end: '2027-02-06' });
    expect(starts(periodsForView('current_quarter', 'monthly', today, calendar(0, 11)))).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
  });

  it('ends the rolling views with the week containing today whatever the week start day', () => {
    expect(periodsForView('last_4_weeks', 'weekly', today, calendar(5)).at(-1)).toEqual({
      start: '2026-11-20',
      end: '2026-11-26',
    });
    expect(periodsForView('last_4_weeks', 'weekly', today, calendar(4)).at(-1)).toEqual({
      start: '2026-11-26',
      end: '2026-12-02',
    });
  });
});

describe('headings', () => {
  it('names weeks by their first day, months by month and year, quarters by the fiscal year', () => {
    const week = { start: '2026-11-23', end: '2026-11-29' };
    expect(periodHeading(week, 'weekly', calendar(1))).toBe('Nov 23');
    expect(periodHeading({ start: '2026-11-01', end: '2026-11-30' }, 'monthly', calendar(1))).toBe('Nov 2026');
    const quarter = { start: '2026-10-01', end: '2026-12-31' };
    expect(periodHeading(quarter, 'quarterly', calendar(1))).toBe('Q4 2026');
    expect(periodHeading(quarter, 'quarterly', calendar(1, 7))).toBe('Q2 FY2027');
    expect(periodHeading(quarter, 'quarterly', calendar(1, 7), 'T')).toBe('T2 FY2027');
  });

  it('writes the full range with the year once, or twice across a year end', () => {
    expect(periodRangeText({ start: '2026-11-23', end: '2026-11-29' })).toBe('Nov 23 – Nov 29, 2026');
    expect(periodRangeText({ start: '2026-12-28', end: '2027-01-03' })).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(periodRangeText({ start: '2026-10-01', end: '2026-12-31' })).toBe('Oct 1 – Dec 31, 2026');
  });
});
