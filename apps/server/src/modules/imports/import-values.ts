import type { IssueHorizon, PriorityScope, PriorityStatus } from '@keel/contract';

/** A cell parsed into a value, or the message that says why it cannot be. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (value: number) => String(value).padStart(2, '0');

function checkedDate(year: number, month: number, day: number, original: string): Parsed<string> {
  if (year > 9999) return fail(`"${original}" is past the year 9999; check the year`);
  if (year < 1900) return fail(`"${original}" is before 1900; check the year`);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return fail(`"${original}" is not a date that exists`);
  }
  return ok(`${year}-${pad(month)}-${pad(day)}`);
}

/**
 * A calendar date as spreadsheets write them: ISO (also with a time, as our .xlsx reader gives),
 * US month/day/year (Ninety and most exports), day.month.year, "Mar 31, 2026" / "31 March 2026",
 * or an Excel serial day number. Empty gives null; anything else a message naming the value.
 */
export function parseDate(text: string): Parsed<string | null> {
  const value = text.trim();
  if (value === '') return ok(null);
  let match = /^(\d{4,})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (match) return checkedDate(Number(match[1]), Number(match[2]), Number(match[3]), value);
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4,})$/.exec(value);
  if (match) {
    const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return checkedDate(year, Number(match[1]), Number(match[2]), value);
  }
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4,})$/.exec(value);
  if (match) return checkedDate(Number(match[3]), Number(match[2]), Number(match[1]), value);
  match = /^([A-Za-z]{3,})\.? (\d{1,2}),? (\d{4,})$/.exec(value) ?? null;
  if (match) {
    const month = MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase()) + 1;
    if (month > 0) return checkedDate(Number(match[3]), month, Number(match[2]), value);
  }
  match = /^(\d{1,2}) ([A-Za-z]{3,})\.?,? (\d{4,})$/.exec(value);
  if (match) {
    const month = MONTHS.indexOf(match[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month > 0) return checkedDate(Number(match[3]), month, Number(match[1]), value);
  }
  // Excel's serial days (a date column exported as numbers): 1900-01-01 is 1, with Excel's 1900 leap bug.
  if (/^\d{5}(\.\d+)?$/.test(value)) {
    const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(value)) * 86_400_000);
    return checkedDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), value);
  }
  return fail(`"${value}" is not a date; use a date such as 2026-03-31`);
}

const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** Ninety's and our own status words. */
const STATUS_WORDS: Record<string, PriorityStatus> = {
  'on track': 'on_track',
  ontrack: 'on_track',
  'off track': 'off_track',
  offtrack: 'off_track',
  'at risk': 'off_track',
  behind: 'off_track',
  complete: 'complete',
  completed: 'complete',
  done: 'complete',
  'not complete': 'not_complete',
  incomplete: 'not_complete',
  'not done': 'not_complete',
};

export function parseStatus(text: string): Parsed<PriorityStatus | null> {
  if (text.trim() === '') return ok(null);
  const status = STATUS_WORDS[normalise(text)];
  return status ? ok(status) : fail(`"${text}" is not a status; use On Track, Off Track, Complete or Not Complete`);
}

const DONE_WORDS = new Set(['done', 'complete', 'completed', 'yes', 'y', 'true', 'x', '1', '✓', '✔']);
const OPEN_WORDS = new Set([
  'not done',
  'open',
  'not complete',
  'incomplete',
  'no',
  'n',
  'false',
  '0',
  'on track',
  'off track',
  'pending',
]);

/** A milestone's done mark: Done/Complete/Yes/TRUE/x or their opposites; empty means not done. */
export function parseDone(text: string): Parsed<boolean> {
  const value = normalise(text);
  if (value === '' || OPEN_WORDS.has(value)) return ok(false);
  if (DONE_WORDS.has(value)) return ok(true);
  return fail(`"${text}" does not say whether it is done; use Done, or leave it empty when not`);
}

/** Ninety's levels: company (leadership-wide), departmental/team, individual/personal. */
const LEVEL_WORDS: Record<string, PriorityScope> = {
  company: 'company',
  organization: 'company',
  organisation: 'company',
  team: 'team',
  department: 'team',
  departmental: 'team',
  individual: 'individual',
  personal: 'individual',
  private: 'individual',
};

export function parseLevel(text: string): Parsed<PriorityScope | null> {
  if (text.trim() === '') return ok(null);
  const scope = LEVEL_WORDS[normalise(text).replace(/ (rock|priority|level)$/, '')];
  return scope ? ok(scope) : fail(`"${text}" is not a level; use Company, Team or Individual`);
}

/**
 * An issue's horizon from words such as "Long-Term"/"Short-Term" (Ninety's issue lists), or a top-three
 * rank from 1, 2 or 3. Other priority words (High, Low…) have no counterpart and are not an error.
 */
export function parseIssuePriority(text: string): { horizon: IssueHorizon | null; rank: 1 | 2 | 3 | null } {
  const value = normalise(text);
  if (value.includes('long')) return { horizon: 'long_term', rank: null };
  if (value.includes('short')) return { horizon: 'short_term', rank: null };
  if (value === '1' || value === '2' || value === '3') return { horizon: null, rank: Number(value) as 1 | 2 | 3 };
  return { horizon: null, rank: null };
}

/** A name or e-mail as a lookup key: case and spacing do not matter. */
export const personKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** "Ada Lovelace; bo@example.com" → both; a name containing a comma ("Lovelace, Ada") is tried whole first. */
export function splitOwners(text: string, isKnown: (key: string) => boolean): string[] {
  const whole = text.trim();
  if (whole === '') return [];
  if (isKnown(personKey(whole))) return [whole];
  return whole
    .split(/[;,|\n]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
