import { addDays, fiscalQuarterRange, nextFiscalQuarter, type FiscalQuarter } from '@keel/contract';
import type { Language } from './offline.text.js';

/**
 * Dates and numbers found in a normalized text (see offline.text.ts): digits and month names work in any of the
 * four languages, so a date or a number is recognised even in a text whose words the engine does not know.
 */

export interface DateCalendar {
  today: string;
  fiscalYearStartMonth: number;
  quarter: { year: number; quarter: number; start: string; end: string };
}

/** A date named in the text, as the last day it points to, and where it stands in the normalized text. */
export interface FoundDate {
  iso: string;
  start: number;
  end: number;
}

export interface TextRange {
  start: number;
  end: number;
}

const MONTH_NAMES: Record<string, number> = {};
const monthLists = [
  'january february march april may june july august september october november december',
  'jan feb mar apr may jun jul aug sep oct nov dec',
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
  'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre',
  'januar februar marz april mai juni juli august september oktober november dezember',
];
for (const list of monthLists) list.split(' ').forEach((name, index) => (MONTH_NAMES[name] = index + 1));
MONTH_NAMES.setiembre = 9;
MONTH_NAMES.janner = 1;

// Words that are also ordinary words ("we may", "el mar"): a month only with a day or a year beside them.
const AMBIGUOUS_MONTHS = new Set(['may', 'mar', 'jan', 'sep', 'aug']);

const ENGLISH_MONTHS = monthLists[0]!.split(' ');

const monthAlternatives = Object.keys(MONTH_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|');

const ISO_DATE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
const NUMERIC_DATE = /(?<!\d)(\d{1,2})([./])(\d{1,2})\2(\d{4})(?!\d)/g;
const MONTH_DATE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(\\d{1,2})(?:st|nd|rd|th|er|\\.)?\\s+(?:de\\s+)?)?(${monthAlternatives})(?!\\p{L})\\.?` +
    `(?:\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\p{N}))?(?:,?\\s+(?:de\\s+)?(\\d{4})(?!\\p{N}))?`,
  'gu',
);
const QUARTER_NAME =
  /(?<![\p{L}\p{N}])(?:[qt]([1-4])|([1-4])(?:st|nd|rd|th)\s+quarter)(?![\p{L}\p{N}])(?:[\s/-]*(?:fy\s*)?'?(\d{4}|\d{2})(?!\p{N}))?/gu;
const QUARTER_END =
  /end of (?:the |this )?quarter|(?:this|the) quarter|quarter[- ]end|eoq|fin del? trimestre|este trimestre|fin du trimestre|ce trimestre|ende des quartals|quartalsende|(?:diesem|dieses) quartal/g;
const NEXT_QUARTER = /next quarter|proximo trimestre|trimestre prochain|prochain trimestre|nachste[ns]? quartal/g;
const YEAR_END =
  /end of (?:the |this )?year|year[- ]end|this year|eoy|fin de(?:l)? ano|fin d'annee|fin de l'annee|jahresende|ende des jahres/g;
const MONTH_END =
  /end of (?:the |this )?month|this month|eom|fin de mes|fin del mes|fin du mois|monatsende|ende des monats/g;
const RELATIVE =
  /(?:in|within|en|dans|d'ici|innerhalb von|binnen)\s+(\d{1,3})\s+(days?|dias?|jours?|tagen?|tage|weeks?|semanas?|semaines?|wochen?|months?|mes(?:es)?|mois|monaten?|monate)(?!\p{L})/gu;
const BARE_YEAR = /(?:by|in|until|before|bis|para|en|avant|d'ici|antes de|fin|ende)\s+(\d{4})(?!\d)/g;

const pad = (value: number) => String(value).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const lastDayOfMonth = (year: number, month: number) => isoOf(year, month, daysInMonth(year, month));

/** "30 September 2026": reasons and rewrites name a day the way people say it. */
export function dateInWords(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${capitalize(ENGLISH_MONTHS[(month ?? 1) - 1] ?? '')} ${year}`;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function validDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return isoOf(year, month, day);
}

/** A month and day without a year: the year that puts it in the quarter, else the first one on or after its start. */
function resolveYear(month: number, day: number | null, calendar: DateCalendar): string | null {
  const startYear = Number(calendar.quarter.start.slice(0, 4));
  const candidates = [startYear - 1, startYear, startYear + 1]
    .map((year) => (day === null ? lastDayOfMonth(year, month) : validDate(year, month, day)))
    .filter((iso): iso is string => iso !== null);
  return (
    candidates.find((iso) => iso >= calendar.quarter.start && iso <= calendar.quarter.end) ??
    candidates.find((iso) => iso >= calendar.quarter.start) ??
    null
  );
}

function quarterEnd(quarter: FiscalQuarter, calendar: DateCalendar): string {
  return fiscalQuarterRange(quarter, calendar.fiscalYearStartMonth).end;
}

export function findDates(normalizedText: string, calendar: DateCalendar, language: Language): FoundDate[] {
  const found: FoundDate[] = [];
  const add = (match: RegExpMatchArray, iso: string | null) => {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (iso === null || found.some((date) => start < date.end && end > date.start)) return;
    found.push({ iso, start, end });
  };
  const current: FiscalQuarter = {
    year: calendar.quarter.year,
    quarter: calendar.quarter.quarter as FiscalQuarter['quarter'],
  };

  for (const match of normalizedText.matchAll(ISO_DATE)) {
    add(match, validDate(Number(match[1]), Number(match[2]), Number(match[3])));
  }
  for (const match of normalizedText.matchAll(NUMERIC_DATE)) {
    const [first, second, year] = [Number(match[1]), Number(match[3]), Number(match[4])];
    // A dot is the German and French habit (day first); a slash is month first in English, day first elsewhere.
    const monthFirst = match[2] === '/' && first <= 12 && (second > 12 || language === 'en');
    add(match, monthFirst ? validDate(year, first, second) : validDate(year, second, first));
  }
  for (const match of normalizedText.matchAll(MONTH_DATE)) {
    const month = MONTH_NAMES[match[2] ?? ''] ?? 0;
    const dayText = match[1] ?? match[3];
    if (AMBIGUOUS_MONTHS.has(match[2] ?? '') && dayText === undefined && match[4] === undefined) continue;
    const day = dayText === undefined ? null : Number(dayText);
    if (match[4] !== undefined) {
      const year = Number(match[4]);
      add(match, day === null ? lastDayOfMonth(year, month) : validDate(year, month, day));
    } else {
      add(match, resolveYear(month, day, calendar));
    }
  }
  for (const match of normalizedText.matchAll(QUARTER_NAME)) {
    const quarterNumber = Number(match[1] ?? match[2]) as FiscalQuarter['quarter'];
    let year: number;
    if (match[3] !== undefined) year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    else year = quarterNumber >= current.quarter ? current.year : current.year + 1;
    add(match, quarterEnd({ year, quarter: quarterNumber }, calendar));
  }
  for (const match of normalizedText.matchAll(NEXT_QUARTER))
    add(match, quarterEnd(nextFiscalQuarter(current), calendar));
  for (const match of normalizedText.matchAll(QUARTER_END)) add(match, calendar.quarter.end);
  for (const match of normalizedText.matchAll(YEAR_END))
    add(match, quarterEnd({ year: current.year, quarter: 4 }, calendar));
  for (const match of normalizedText.matchAll(MONTH_END)) {
    add(match, lastDayOfMonth(Number(calendar.today.slice(0, 4)), Number(calendar.today.slice(5, 7))));
  }
  for (const match of normalizedText.matchAll(RELATIVE)) {
    const count = Number(match[1]);
    const unit = match[2] ?? '';
    const days = /^(?:w|sem)/.test(unit) ? 7 : /^(?:mo|mes)/.test(unit) ? 30 : 1;
    add(match, addDays(calendar.today, count * days));
  }
  for (const match of normalizedText.matchAll(BARE_YEAR)) add(match, validDate(Number(match[1]), 12, 31));
  return found.sort((a, b) => a.start - b.start);
}

const NUMBER_WORDS = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'twenty',
  'thirty',
  'fifty',
  'hundred',
  'thousand',
  'dozen',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'veinte',
  'cien',
  'mil',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'huit',
  'neuf',
  'dix',
  'vingt',
  'cent',
  'mille',
  'zwei',
  'drei',
  'vier',
  'funf',
  'sechs',
  'sieben',
  'neun',
  'zehn',
  'zwanzig',
  'hundert',
  'tausend',
];
const MEASURE = new RegExp(
  `[$€£¥]\\s?\\d[\\d.,]*(?:\\s?(?:k|m|bn|mm|million|billion))?(?!\\p{L})` +
    // Only a Latin letter before a digit makes it a name ("v2", "b2b"): in Japanese or Chinese a number touches words.
    `|(?<![a-zß\\d])\\d+(?:[.,]\\d+)*(?:\\s?(?:%|€|\\$|£)|\\s?(?:k|m|bn|x)(?!\\p{L}))?` +
    `|(?<![\\p{L}\\p{N}])(?:${NUMBER_WORDS.join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);

/** Numbers, amounts, percentages and counted words, not counting the numbers that are part of a date found. */
export function findMeasures(normalizedText: string, dates: readonly FoundDate[]): TextRange[] {
  let withoutDates = normalizedText;
  for (const date of dates) {
    withoutDates = withoutDates.slice(0, date.start) + ' '.repeat(date.end - date.start) + withoutDates.slice(date.end);
  }
  return [...withoutDates.matchAll(MEASURE)].map((match) => ({
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
  }));
}

/** Reads "40k", "1.2m", "1,200", "35%" as a number, for "from 40k to 80k". */
export function numberValue(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)*)\s*(k|m|bn|million|billion)?/.exec(text);
  if (!match) return null;
  const digits = match[1] ?? '';
  // "1,200" and "1.200" are thousands; "1.2" and "1,5" decimals.
  const normalized = /[.,]\d{3}(?!\d)/.test(digits) ? digits.replace(/[.,]/g, '') : digits.replace(',', '.');
  const value = Number(normalized);
  if (!Number.isFinite(value)) return null;
  const multiplier = { k: 1e3, m: 1e6, million: 1e6, bn: 1e9, billion: 1e9 }[match[2] ?? ''] ?? 1;
  return value * multiplier;
}

/** The quarter's last day as a person of that language would end a title with it ("by 30 September 2026"). */
export function byDatePhrase(iso: string, language: Language): string {
  const [year, month, day] = iso.split('-').map(Number);
  const monthIndex = (month ?? 1) - 1;
  const monthIn = (listIndex: number) => monthLists[listIndex]!.split(' ')[monthIndex] ?? '';
  switch (language) {
    case 'es':
      return `antes del ${day} de ${monthIn(2)} de ${year}`;
    case 'fr':
      return `d'ici le ${day} ${FRENCH_MONTHS[monthIndex]} ${year}`;
    case 'de':
      return `bis ${day}. ${GERMAN_MONTHS[monthIndex]} ${year}`;
    default:
      return `by ${dateInWords(iso)}`;
  }
}

// With their accents back: the rewrite is text the person keeps.
const FRENCH_MONTHS = 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' ');
const GERMAN_MONTHS = 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' ');
