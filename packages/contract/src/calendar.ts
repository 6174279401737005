/**
 * The organization's fiscal calendar. A fiscal year is named by the calendar year in which it ends
 * (a year starting in July 2026 is fiscal 2027); with a January start it is the calendar year.
 * Dates are plain `YYYY-MM-DD` strings: due dates have no time of day.
 */
export interface FiscalQuarter {
  year: number;
  quarter: 1 | 2 | 3 | 4;
}

const pad = (value: number) => String(value).padStart(2, '0');
export const toIsoDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The fiscal quarter containing `date` (read in UTC), for a fiscal year starting in `startMonth` (1–12). */
export function fiscalQuarterOf(date: Date, startMonth: number): FiscalQuarter {
  const monthsIntoYear = (date.getUTCMonth() + 1 - startMonth + 12) % 12;
  const startYear = date.getUTCMonth() + 1 >= startMonth ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  const year = startMonth === 1 ? startYear : startYear + 1;
  return { year, quarter: (Math.floor(monthsIntoYear / 3) + 1) as FiscalQuarter['quarter'] };
}

/** First and last day of a fiscal quarter. */
export function fiscalQuarterRange(quarter: FiscalQuarter, startMonth: number): { start: string; end: string } {
  const startYear = startMonth === 1 ? quarter.year : quarter.year - 1;
  const firstMonthIndex = startMonth - 1 + (quarter.quarter - 1) * 3;
  const start = new Date(Date.UTC(startYear, firstMonthIndex, 1));
  const end = new Date(Date.UTC(startYear, firstMonthIndex + 3, 0));
  return { start: toIsoDate(start), end: toIsoDate(end) };
}

/** The quarter after `quarter`. */
export function nextFiscalQuarter(quarter: FiscalQuarter): FiscalQuarter {
  return quarter.quarter === 4
    ? { year: quarter.year + 1, quarter: 1 }
    : { year: quarter.year, quarter: (quarter.quarter + 1) as FiscalQuarter['quarter'] };
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}
