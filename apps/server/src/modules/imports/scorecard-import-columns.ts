import {
  SCORECARD_IMPORT_FIELDS,
  SCORECARD_PERIODS_MAX,
  addDays,
  periodAt,
  periodStartOf,
  type ScorecardFrequency,
  type ScorecardImportLayout,
  type ScorecardImportMapping,
  type ScorecardImportPeriod,
} from '@keel/contract';
import { badRequest } from '../../http/errors.js';
import type { Sheet } from '../../spreadsheet/index.js';
import { suggestColumns } from './import-mapping.js';
import * as errors from './imports.errors.js';

/** A date as written in a header; `year` null when the header leaves it out ("Nov 23 - Nov 29"). */
interface HeaderDay {
  year: number | null;
  month: number;
  day: number;
}
/** What a header reads as: one day, a range of days (a week), or a whole month. */
export type HeaderDate =
  | { kind: 'day'; day: HeaderDay }
  | { kind: 'range'; day: HeaderDay; last: HeaderDay }
  | { kind: 'month'; year: number; month: number };

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** "Nov", "Nov.", "Sept", "November": a month's name or its start (three letters at least). */
const monthOf = (word: string) => {
  const text = word.toLowerCase().replace(/\.$/, '');
  if (text.length < 3) return null;
  const index = MONTHS.findIndex((name) => name.startsWith(text));
  return index < 0 ? null : index + 1;
};
const validDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
const fullYear = (text: string | undefined) => {
  if (text === undefined) return null;
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
};
const dayOf = (year: number | null, month: number, day: number): HeaderDay | null =>
  month >= 1 && month <= 12 && day >= 1 && validDay(year ?? 2024, month, day) && (year === null || year >= 1900)
    ? { year, month, day }
    : null;

/** One side of a header: `2026-11-23`, `11/23/2026`, `11/23`, `Nov 23, 2026`, `23 Nov 2026`, `Nov 23`. */
function readDay(text: string, dayFirst: boolean): HeaderDay | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  // A date cell saved with a time (a time zone away from midnight) names the nearest day.
  const instant = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  const dayText = Number.isNaN(instant) ? trimmed : new Date(instant + 12 * 3_600_000).toISOString().slice(0, 10);
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(dayText);
  if (match) return dayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}|\d{2}))?$/.exec(trimmed);
  if (match) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    const [month, day] = dayFirst ? [second, first] : [first, second];
    return dayOf(fullYear(match[3]), month, day);
  }
  match = /^([A-Za-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? ?(\d{4})?$/.exec(trimmed);
  if (match) {
    const month = monthOf(match[1]!);
    return month ? dayOf(fullYear(match[3]), month, Number(match[2])) : null;
  }
  match = /^(\d{1,2}) ([A-Za-z]+\.?),? ?(\d{4})?$/.exec(trimmed);
  if (match) {
    const month = monthOf(match[2]!);
    return month ? dayOf(fullYear(match[3]), month, Number(match[1])) : null;
  }
  return null;
}

/** A header read as a period column, or null when it is not one. `dayFirst`: 23/11/2026 rather than 11/23/2026. */
export function readHeaderDate(header: string, dayFirst = false): HeaderDate | null {
  const text = header.trim().replace(/[–—]/g, '-');
  if (text === '' || text.length > 60) return null;
  const month = /^([A-Za-z]+\.?),? (\d{4})$/.exec(text) ?? /^(\d{4})-(\d{1,2})$/.exec(text);
  if (month) {
    const number = /^\d/.test(month[1]!) ? Number(month[2]) : monthOf(month[1]!);
    const year = Number(/^\d/.test(month[1]!) ? month[1] : month[2]);
    if (number && number >= 1 && number <= 12 && year >= 1900) return { kind: 'month', year, month: number };
  }
  const single = readDay(text, dayFirst);
  if (single) return { kind: 'day', day: single };
  const sides = text.split(/\s+-\s+|\s+to\s+/i);
  if (sides.length !== 2) return null;
  const day = readDay(sides[0]!, dayFirst);
  if (!day) return null;
  // "Nov 23 - 29": the second side borrows the first's month.
  const last = /^\d{1,2}$/.test(sides[1]!.trim())
    ? dayOf(day.year, day.month, Number(sides[1]))
    : readDay(sides[1]!, dayFirst);
  return last ? { kind: 'range', day, last: { ...last, year: last.year ?? day.year } } : null;
}

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * Dates for the headers' first days. A header without a year takes the year that puts it nearest to
 * the column before it (the first: nearest to today), so a run of weeks across New Year reads right;
 * if that leaves the run in the future, it is moved back a year.
 */
export function resolveYears(headers: HeaderDate[], today: string): string[] {
  const todayYear = Number(today.slice(0, 4));
  const resolve = (firstYear: number) => {
    let previous: string | null = null;
    return headers.map((header) => {
      if (header.kind === 'month') return (previous = iso(header.year, header.month, 1));
      const { year, month, day } = header.day;
      if (year !== null) return (previous = iso(year, month, day));
      const anchor = previous ?? iso(firstYear, month, day);
      const base = Number(anchor.slice(0, 4));
      const candidates = [base - 1, base, base + 1]
        .filter((candidate) => validDay(candidate, month, day))
        .map((candidate) => iso(candidate, month, day));
      candidates.sort((a, b) => Math.abs(daysBetween(anchor, a)) - Math.abs(daysBetween(anchor, b)));
      return (previous = candidates[0]!);
    });
  };
  const yearless = headers.some((header) => header.kind !== 'month' && header.day.year === null);
  let dates = resolve(todayYear);
  const weekAhead = addDays(today, 7);
  if (yearless && dates.some((date) => date > weekAhead)) dates = resolve(todayYear - 1);
  return dates;
}

/** A date cell shown without its day ("mmm yyyy", as Keel exports months) names its month. */
function asMonth(date: HeaderDate | null, numberFormat: string | undefined): HeaderDate | null {
  if (date?.kind !== 'day' || date.day.year === null || date.day.day !== 1 || !numberFormat) return date;
  const placeholders = numberFormat.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '');
  if (/d/i.test(placeholders) || !/m/i.test(placeholders) || !/y/i.test(placeholders)) return date;
  return { kind: 'month', year: date.day.year, month: date.day.month };
}

/** Weekly, monthly or quarterly from the headers: a month header or the typical gap between columns. */
export function detectFrequency(headers: HeaderDate[], dates: string[]): ScorecardFrequency | null {
  if (headers.some((header) => header.kind === 'month')) return 'monthly';
  const sorted = [...new Set(dates)].sort();
  const gaps = sorted.slice(1).map((date, index) => daysBetween(sorted[index]!, date));
  // One column alone says nothing, unless it is a range of days (a week).
  if (gaps.length === 0) return headers.some((header) => header.kind === 'range') ? 'weekly' : null;
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)]!;
  if (median <= 10) return 'weekly';
  if (median <= 45) return 'monthly';
  return 'quarterly';
}

const ALIASES: Record<string, string[]> = {
  title: ['title', 'measurable', 'metric', 'kpi', 'name', 'measurable title', 'metric name'],
  owner: ['owner', 'owner name', 'owner email', 'who', 'accountable', 'user'],
  goal: ['goal', 'target', 'goal text'],
  group: ['group', 'group name', 'section', 'category'],
  description: ['description', 'details', 'notes'],
  unit: ['unit', 'units', 'format', 'type'],
  frequency: ['frequency', 'interval', 'cadence'],
};
const normalized = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');
/** Ninety's export: its Status and Average columns sit beside Title, Owner and Goal. */
const NINETY_MARKERS = ['status', 'average', 'group'];
/** Keel's own export: Measurable, Owner, Goal, the periods, the view's average and Total. */
const KEEL_MARKERS = ['measurable', 'owner', 'goal', 'total'];

export interface ScorecardColumns {
  sheet: Sheet;
  layout: ScorecardImportLayout;
  columns: Record<string, string | null>;
  frequency: ScorecardFrequency;
  frequencySource: 'columns' | 'mapping' | 'default';
  /** Period columns by their index in the sheet's headers, oldest first. */
  periods: (ScorecardImportPeriod & { index: number })[];
  ignoredColumns: string[];
  notices: string[];
  /** Keel's export heads each group with a row holding only its name, in the title column. */
  titleRowsAreGroups: boolean;
}

export interface ImportCalendar {
  weekStartDay: number;
  fiscalYearStartMonth: number;
  today: string;
}

/**
 * Which sheet, which column feeds each field, and which columns are periods (with the frequency and
 * the org's period each one falls in). A named sheet or header the file lacks is a 400.
 */
export function resolveScorecardColumns(
  sheets: Sheet[],
  requested: ScorecardImportMapping = {},
  calendar: ImportCalendar,
): ScorecardColumns {
  const sheet = requested.sheet ? sheets.find((candidate) => candidate.name === requested.sheet) : sheets[0];
  if (!sheet) throw errors.unknownSheet(requested.sheet ?? '');
  for (const [field, header] of Object.entries(requested.columns ?? {})) {
    if (header !== null && header !== undefined && !sheet.headers.includes(header))
      throw errors.unknownHeader(`mapping.columns.${field}`, header, sheet.name);
  }
  const dayFirst = sheet.headers.some((header) => /^(1[3-9]|2\d|3[01])[/.]\d{1,2}\b/.test(header.trim()));
  const dated = sheet.headers.map((header, index) =>
    asMonth(readHeaderDate(header, dayFirst), sheet.headerFormats?.[index]),
  );
  // A date never names a field: only the other headers are offered to the suggestions.
  const named = sheet.headers.filter((_, index) => dated[index] === null);
  const columns: Record<string, string | null> = suggestColumns(named, SCORECARD_IMPORT_FIELDS, ALIASES);
  for (const [field, header] of Object.entries(requested.columns ?? {})) columns[field] = header ?? null;
  const mapped = new Set(Object.values(columns).filter((header): header is string => header !== null));
  const periodIndexes = sheet.headers
    .map((header, index) => (dated[index] && !mapped.has(header) ? index : -1))
    .filter((index) => index >= 0);
  // Ten years of weeks at most, as one grid reads: the values of a file stay within what a team holds.
  if (periodIndexes.length > SCORECARD_PERIODS_MAX) {
    throw badRequest(
      'import.too_many_periods',
      `This sheet has ${periodIndexes.length.toLocaleString('en-US')} period columns; at most ${SCORECARD_PERIODS_MAX} can be imported at once. Split it and import each part.`,
    );
  }
  const headerDates = periodIndexes.map((index) => dated[index]!);
  const dates = resolveYears(headerDates, calendar.today);
  const detected = detectFrequency(headerDates, dates);
  const frequency = requested.frequency ?? detected ?? 'weekly';
  const frequencySource = requested.frequency ? 'mapping' : detected ? 'columns' : 'default';

  const notices: string[] = [];
  const seen = new Map<string, string>();
  const periods: ScorecardColumns['periods'] = [];
  periodIndexes.forEach((index, position) => {
    const header = sheet.headers[index]!;
    const periodStart = periodStartOf(dates[position]!, frequency, calendar);
    const earlier = seen.get(periodStart);
    if (earlier !== undefined) {
      notices.push(`The columns "${earlier}" and "${header}" fall in the same period; only "${earlier}" is read.`);
      return;
    }
    seen.set(periodStart, header);
    periods.push({ header, index, periodStart, periodEnd: periodAt(periodStart, frequency, calendar).end });
  });
  periods.sort((a, b) => a.periodStart.localeCompare(b.periodStart));

  const ignoredColumns = sheet.headers.filter((header, index) => !mapped.has(header) && !periodIndexes.includes(index));
  const markers = new Set(sheet.headers.map(normalized));
  const layout = NINETY_MARKERS.every((marker) => markers.has(marker)) ? 'ninety' : 'plain';
  const titleRowsAreGroups = !columns.group && KEEL_MARKERS.every((marker) => markers.has(marker));
  return { sheet, layout, columns, frequency, frequencySource, periods, ignoredColumns, notices, titleRowsAreGroups };
}
