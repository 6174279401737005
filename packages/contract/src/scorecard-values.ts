import { SCORE_VALUE_LIMIT, SCORE_VALUE_RANGE_MESSAGE, type GoalInput, type GoalOperator } from './scorecard-goals.js';

/**
 * How a person types and reads scorecard numbers. Stored values: number and currency as typed,
 * percent as 0–100 (50 means 50%), time as whole minutes, yes/no as 1 (yes) or 0 (no).
 */
export const SCORECARD_UNITS = ['number', 'currency', 'percent', 'yes_no', 'time'] as const;
export type ScorecardUnit = (typeof SCORECARD_UNITS)[number];

export interface ValueFormat {
  unit: ScorecardUnit;
  /** ISO 4217 code for currency ("USD"); null otherwise. */
  currencyCode: string | null;
  /** 0–4 digits after the decimal point. */
  decimals: number;
}

export type ParsedScoreInput = { ok: true; value: number | null } | { ok: false; message: string };

const decimalsOf = (format: ValueFormat) => Math.min(20, Math.max(0, Math.trunc(format.decimals) || 0));

/** Rounds half away from zero; `|| 0` turns -0 into 0 so nothing shows "-0". */
const roundTo = (value: number, decimals: number) => {
  const scaled = Math.abs(value) * 10 ** decimals;
  // 1.005 * 100 is 100.49999…; reading it back at 15 significant digits restores 100.5.
  const corrected = scaled < 1e15 ? Number(scaled.toPrecision(15)) : scaled;
  return (Math.sign(value) * Math.round(corrected)) / 10 ** decimals || 0;
};

const SPACES = '[ \\u00a0\\u2009\\u202f]';
const PLAIN_NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const COMMA_GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const SPACE_GROUPED = new RegExp(`^\\d{1,3}(?:${SPACES}\\d{3})+(?:\\.\\d+)?$`);

/** A plain decimal with an optional sign and thousands separators; no exponent, no parentheses. */
function readNumber(text: string): number | null {
  let body = text.trim();
  let sign = 1;
  if (/^[-−+]/.test(body)) {
    sign = body.startsWith('+') ? 1 : -1;
    body = body.slice(1).trim();
  }
  if (PLAIN_NUMBER.test(body)) return sign * Number(body);
  if (COMMA_GROUPED.test(body) || SPACE_GROUPED.test(body)) return sign * Number(body.replace(/[^\d.]/g, ''));
  return null;
}

const currencySymbolCache = new Map<string, string[]>();

/** The code and the symbols Intl writes for it ("CAD", "CA$", "$"), longest first. */
function currencyMarks(code: string): string[] {
  const cached = currencySymbolCache.get(code);
  if (cached) return cached;
  const marks = new Set([code]);
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    try {
      const parts = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code,
        currencyDisplay,
      }).formatToParts(1);
      const symbol = parts.find((part) => part.type === 'currency')?.value;
      if (symbol) marks.add(symbol);
    } catch {
      // An unknown code has no symbol; the code itself is still accepted.
    }
  }
  const sorted = [...marks].sort((a, b) => b.length - a.length);
  currencySymbolCache.set(code, sorted);
  return sorted;
}

function readAmount(text: string, currencyCode: string | null): number | null {
  let body = text.trim();
  let negative = false;
  if (/^[-−]/.test(body)) {
    negative = true;
    body = body.slice(1).trim();
  }
  for (const mark of currencyCode ? currencyMarks(currencyCode.toUpperCase()) : []) {
    if (body.toUpperCase().startsWith(mark)) {
      body = body.slice(mark.length).trim();
      break;
    }
    if (body.toUpperCase().endsWith(mark)) {
      body = body.slice(0, -mark.length).trim();
      break;
    }
  }
  const value = readNumber(body);
  if (value === null || (negative && value < 0)) return null;
  return negative ? -value : value;
}

const YES_TEXTS = new Set(['yes', 'y', 'true', '1', '✓', '✔', '☑']);
const NO_TEXTS = new Set(['no', 'n', 'false', '0', '✗', '✘', '☐']);

function readMinutes(text: string): number | null {
  const clock = /^(\d+):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const hours = /^(\d+(?:\.\d+)?|\.\d+)\s*(?:h|hr|hrs|hour|hours)$/i.exec(text);
  if (hours) return Number(hours[1]) * 60;
  const minutes = /^(.+?)\s*(?:m|min|mins|minute|minutes)?$/i.exec(text);
  const value = minutes ? readNumber(minutes[1]!) : null;
  return value !== null && value >= 0 ? value : null;
}

function expectedText(format: ValueFormat): string {
  switch (format.unit) {
    case 'number':
      return 'Type a number, such as 1,250.5';
    case 'currency': {
      const example = formatScoreValue(1250, format);
      return format.currencyCode
        ? `Type an amount in ${format.currencyCode}, such as ${example}`
        : `Type an amount, such as ${example}`;
    }
    case 'percent':
      return 'Type a percentage, such as 12.5 or 12.5%';
    case 'yes_no':
      return 'Type yes or no';
    case 'time':
      return 'Type a time as hours:minutes, such as 1:30, or as minutes, such as 90';
  }
}

function readValue(text: string, format: ValueFormat): number | null {
  switch (format.unit) {
    case 'number':
      return readNumber(text);
    case 'currency':
      return readAmount(text, format.currencyCode);
    case 'percent':
      return readNumber(text.endsWith('%') ? text.slice(0, -1) : text);
    case 'yes_no': {
      const word = text.toLowerCase();
      if (YES_TEXTS.has(word)) return 1;
      return NO_TEXTS.has(word) ? 0 : null;
    }
    case 'time':
      return readMinutes(text);
  }
}

/**
 * Reads what a person typed or pasted into a cell. Blank → `{ ok: true, value: null }` (clears).
 * number/currency: "1,234.5", "-3", "(12)" is not accepted, "$1,234" / "1 234 €" accepted (the
 * currency symbol or code of the measurable only, thousands separators "," or thin/normal space);
 * percent: "50", "50%", "12.5 %" (but "50%%" is refused); yes_no: yes/no/y/n/true/false/1/0 in any
 * case, ✓/✗; time: "h:mm", "hh:mm", "90" (minutes) or "1.5h" — stored as minutes. Anything else
 * (text, "1e308", more decimals than allowed is NOT an error: it is rounded to `decimals`) answers a
 * message naming what is expected, e.g. "Type a number, such as 1,250.5".
 * Values beyond ±SCORE_VALUE_LIMIT answer SCORE_VALUE_RANGE_MESSAGE.
 */
export function parseScoreInput(text: string, format: ValueFormat): ParsedScoreInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const value = readValue(trimmed, format);
  if (value === null || Number.isNaN(value)) return { ok: false, message: expectedText(format) };
  const rounded = roundTo(value, format.unit === 'time' || format.unit === 'yes_no' ? 0 : decimalsOf(format));
  if (!Number.isFinite(rounded) || Math.abs(rounded) > SCORE_VALUE_LIMIT) {
    return { ok: false, message: SCORE_VALUE_RANGE_MESSAGE };
  }
  return { ok: true, value: rounded };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(decimals: number, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${decimals}|${JSON.stringify(options)}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      ...options,
      minimumFractionDigits: options.useGrouping === false ? 0 : decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, formatter);
  }
  return formatter;
}

const currencyFormat = (code: string, decimals: number) => {
  try {
    return numberFormat(decimals, { style: 'currency', currency: code });
  } catch {
    return null;
  }
};

const clockText = (minutes: number) => {
  const whole = Math.round(Math.abs(minutes));
  const sign = minutes < 0 && whole > 0 ? '-' : '';
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** How a stored value is shown in a cell: "1,250.5", "$1,250", "50%", "Yes", "1:30". */
export function formatScoreValue(value: number | null, format: ValueFormat): string {
  if (value === null) return '';
  const decimals = decimalsOf(format);
  const rounded = roundTo(value, decimals);
  switch (format.unit) {
    case 'number':
      return numberFormat(decimals).format(rounded);
    case 'currency': {
      const formatter = format.currencyCode ? currencyFormat(format.currencyCode.toUpperCase(), decimals) : null;
      return (formatter ?? numberFormat(decimals)).format(rounded);
    }
    case 'percent':
      return `${numberFormat(decimals).format(rounded)}%`;
    case 'yes_no':
      return value >= 0.5 ? 'Yes' : 'No';
    case 'time':
      return clockText(value);
  }
}

/** Plain text a spreadsheet reads back as the same value (no thousands separators; percent as "50%"). */
export function formatScoreForCopy(value: number | null, format: ValueFormat): string {
  if (value === null) return '';
  const decimals = decimalsOf(format);
  const plain = numberFormat(decimals, { useGrouping: false }).format(roundTo(value, decimals));
  switch (format.unit) {
    case 'number':
    case 'currency':
      return plain;
    case 'percent':
      return `${plain}%`;
    case 'yes_no':
    case 'time':
      return formatScoreValue(value, format);
  }
}

const countText = (count: number) => count.toLocaleString('en-US');

/** Splits a paste whose quotes are Excel's: a cell starting with `"` runs to the next lone `"`. */
function splitPaste(source: string, maxCells: number): string[][] | 'too_many_cells' {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let cells = 0;
  let atCellStart = true;
  let quoteStart = -1;
  // After one unclosed quote the rest is read literally, which keeps the parse linear.
  let quotesHonoured = true;
  const endCell = () => {
    row.push(cell);
    cell = '';
    atCellStart = true;
    cells += 1;
  };
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index]!;
    if (quoteStart >= 0) {
      if (character !== '"') cell += character;
      else if (source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else quoteStart = -1;
      if (index === source.length - 1 && quoteStart >= 0) {
        cell = '"';
        index = quoteStart;
        quoteStart = -1;
        quotesHonoured = false;
      }
      continue;
    }
    if (character === '"' && atCellStart && quotesHonoured && index < source.length - 1) {
      quoteStart = index;
      atCellStart = false;
      continue;
    }
    atCellStart = false;
    if (character === '\t') endCell();
    else if (character === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else cell += character;
    if (cells > maxCells) return 'too_many_cells';
  }
  if (row.length > 0 || cell !== '' || !atCellStart) {
    endCell();
    rows.push(row);
  }
  return cells > maxCells ? 'too_many_cells' : rows;
}

/**
 * Parses a spreadsheet paste (rows split by newlines, cells by tabs; Excel's quoted cells with
 * embedded newlines and tabs honoured; a trailing newline ignored) into a matrix of strings.
 * Refuses more than `maxCells` cells or `maxChars` characters with a message.
 */
export function parsePastedBlock(
  text: string,
  limits: { maxCells: number; maxChars: number },
): { ok: true; rows: string[][] } | { ok: false; message: string } {
  const allowed = `Paste at most ${countText(limits.maxCells)} cells and ${countText(limits.maxChars)} characters at once`;
  if (text.length > limits.maxChars) {
    return { ok: false, message: `${allowed}; this paste has ${countText(text.length)} characters` };
  }
  const rows = splitPaste(text.replace(/\r\n?/g, '\n'), limits.maxCells);
  if (rows === 'too_many_cells') {
    return { ok: false, message: `${allowed}; this paste has more than ${countText(limits.maxCells)} cells` };
  }
  return { ok: true, rows };
}

/** Goal values keep the finest precision a measurable allows, whatever its own decimals. */
const GOAL_DECIMALS = 4;
const RANGE_SEPARATORS = [' to ', '–', '—', '-'];

function readGoalValue(text: string, format: ValueFormat): number | null {
  const parsed = parseScoreInput(text, { ...format, decimals: GOAL_DECIMALS });
  return parsed.ok ? parsed.value : null;
}

/** "50 - 60", "-10 - -5", "$1,000 to $2,000": the first split whose both sides are values. */
function readRange(text: string, format: ValueFormat): [number, number] | null {
  for (const separator of RANGE_SEPARATORS) {
    for (let index = text.indexOf(separator, 1); index > 0; index = text.indexOf(separator, index + 1)) {
      const low = readGoalValue(text.slice(0, index), format);
      const high = readGoalValue(text.slice(index + separator.length), format);
      if (low !== null && high !== null) return [Math.min(low, high), Math.max(low, high)];
    }
  }
  return null;
}

/**
 * Reads a goal written the way Ninety and spreadsheets write it: ">= 50%", "<= 3", "= 100",
 * "50 - 60" or "between 50 and 60", "not between 5 and 10", "> $1,000", "≥ 90%". Null when unreadable.
 */
export function parseGoalText(text: string, format: ValueFormat): GoalInput | null {
  const normalized = text.trim().replace(/\s+/g, ' ').replace(/≥|=>/g, '>=').replace(/≤|=</g, '<=').replace(/==/g, '=');
  const between = /^(not )?between (.+?) and (.+)$/i.exec(normalized);
  if (between) {
    const low = readGoalValue(between[2]!, format);
    const high = readGoalValue(between[3]!, format);
    if (low === null || high === null) return null;
    return { operator: between[1] ? 'not_between' : 'between', value: low, valueMax: high };
  }
  const compared = /^(>=|<=|>|<|=) ?(.+)$/.exec(normalized);
  if (compared) {
    const value = readGoalValue(compared[2]!, format);
    return value === null ? null : { operator: compared[1] as GoalOperator, value };
  }
  const range = readRange(normalized, format);
  if (range) return { operator: 'between', value: range[0], valueMax: range[1] };
  // A bare "Yes" can only mean "= Yes"; a bare number gives no direction.
  const bare = format.unit === 'yes_no' ? readGoalValue(normalized, format) : null;
  return bare === null ? null : { operator: '=', value: bare };
}
