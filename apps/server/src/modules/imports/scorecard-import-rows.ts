import {
  MEASURABLE_DECIMALS_MAX,
  MEASURABLE_DESCRIPTION_MAX,
  MEASURABLE_GROUP_NAME_MAX,
  MEASURABLE_TITLE_MAX,
  MEASURABLES_PER_TEAM_MAX,
  SCORECARD_UNITS,
  goalSchema,
  parseGoalText,
  parseScoreInput,
  type Goal,
  type ImportRowError,
  type ScorecardFrequency,
  type ScorecardImportRow,
  type ScorecardUnit,
  type UnmatchedOwner,
  type ValueFormat,
} from '@keel/contract';
import { cellReader } from './import-mapping.js';
import type { Directory, OwnerChoices } from './import-rows.js';
import { personKey, type Parsed } from './import-values.js';
import type { ImportedMeasurable } from '../scorecard/index.js';
import type { ScorecardColumns } from './scorecard-import-columns.js';
import {
  CURRENCY_SYMBOLS,
  isPercentFormat,
  splitGoalCell,
  unitFromNumberFormats,
  withoutBand,
  type UnitChoice,
} from './scorecard-import-formats.js';

/** A measurable ready to write, with the values of its row (its first period is chosen when it is written). */
export type ScorecardDraft = Omit<ImportedMeasurable, 'startsOn'> & { rowNumber: number };

export interface ScorecardChecked {
  drafts: ScorecardDraft[];
  rows: ScorecardImportRow[];
  errors: ImportRowError[];
  unmatchedOwners: UnmatchedOwner[];
  skippedRows: number;
}

const YES_NO = /^(yes|no|y|n|true|false|✓|✗)$/i;
const FREQUENCIES: Record<string, ScorecardFrequency> = {
  weekly: 'weekly',
  week: 'weekly',
  w: 'weekly',
  monthly: 'monthly',
  month: 'monthly',
  m: 'monthly',
  quarterly: 'quarterly',
  quarter: 'quarterly',
  q: 'quarterly',
};
const UNIT_WORDS: Record<string, UnitChoice> = {
  number: { unit: 'number', currencyCode: null },
  '#': { unit: 'number', currencyCode: null },
  percent: { unit: 'percent', currencyCode: null },
  percentage: { unit: 'percent', currencyCode: null },
  '%': { unit: 'percent', currencyCode: null },
  'yes/no': { unit: 'yes_no', currencyCode: null },
  yes_no: { unit: 'yes_no', currencyCode: null },
  yesno: { unit: 'yes_no', currencyCode: null },
  boolean: { unit: 'yes_no', currencyCode: null },
  time: { unit: 'time', currencyCode: null },
  'h:mm': { unit: 'time', currencyCode: null },
  hours: { unit: 'time', currencyCode: null },
  currency: { unit: 'currency', currencyCode: 'USD' },
};

/** The Unit column: a unit's name, `%`, a currency symbol or a three-letter code. */
function readUnit(text: string): Parsed<UnitChoice | null> {
  const value = text.trim().toLowerCase();
  if (value === '') return { ok: true, value: null };
  const word = UNIT_WORDS[value];
  if (word) return { ok: true, value: word };
  if (CURRENCY_SYMBOLS[value]) return { ok: true, value: { unit: 'currency', currencyCode: CURRENCY_SYMBOLS[value] } };
  if (/^[a-z]{3}$/.test(value)) return { ok: true, value: { unit: 'currency', currencyCode: value.toUpperCase() } };
  return {
    ok: false,
    message: `"${text.trim()}" is not a unit; use ${SCORECARD_UNITS.join(', ')}, %, or a currency code such as USD`,
  };
}

/** The unit a goal or the values are written in: `%` percent, `$` currency, `1:30` time, yes/no; else a number. */
function guessUnit(goalText: string, values: string[]): UnitChoice {
  const texts = [goalText, ...values];
  for (const [symbol, code] of Object.entries(CURRENCY_SYMBOLS)) {
    if (texts.some((text) => text.includes(symbol))) return { unit: 'currency', currencyCode: code };
  }
  const code = /\b([A-Z]{3})\b/.exec(goalText)?.[1];
  if (code && /\d/.test(goalText)) return { unit: 'currency', currencyCode: code };
  if (texts.some((text) => text.includes('%'))) return { unit: 'percent', currencyCode: null };
  if (
    texts.some((text) => /\d:[0-5]\d\b/.test(text) && !/^\d{4}-\d{2}-\d{2}T/.test(text)) ||
    values.some((text) => EXCEL_TIME.test(text))
  )
    return { unit: 'time', currencyCode: null };
  const goalWords = goalText.replace(/^[<>=≥≤\s]+/, '');
  if ((values.length > 0 && values.every((text) => YES_NO.test(text))) || YES_NO.test(goalWords)) {
    return { unit: 'yes_no', currencyCode: null };
  }
  return { unit: 'number', currencyCode: null };
}

const PLAIN_NUMBER = /^-?\d*\.?\d+$/;
/** An .xlsx time cell as our reader gives it: an instant counted from Excel's day zero (1899-12-30). */
const EXCEL_TIME = /^1899-12-3[01]T|^1900-0\d-\d{2}T/;
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);

/**
 * Cells as the person saw them in the spreadsheet. An .xlsx keeps a percentage as its fraction (0.5
 * shown as 50%) and a time as a fraction of a day, which our reader gives as an instant after Excel's
 * day zero: a percent row whose numbers are all fractions while its goal is not (≥ 50%) is read as
 * fractions, and such instants as hours and minutes.
 */
function fromSpreadsheetCells(
  texts: string[],
  unit: ScorecardUnit,
  goal: Goal | null,
  formats: (string | undefined)[],
): string[] {
  if (unit === 'time') {
    return texts.map((text) => {
      if (!EXCEL_TIME.test(text)) return text;
      const minutes = Math.round((Date.parse(text) - EXCEL_DAY_ZERO) / 60_000);
      return Number.isNaN(minutes) ? text : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
    });
  }
  const asPercent = (text: string) => String(Number((Number(text) * 100).toFixed(6)));
  if (unit === 'percent' && formats.some(isPercentFormat)) {
    return texts.map((text, index) =>
      isPercentFormat(formats[index]) && PLAIN_NUMBER.test(text) ? asPercent(text) : text,
    );
  }
  const fractions =
    unit === 'percent' &&
    goal !== null &&
    Math.abs(goal.value) > 1 &&
    texts.length > 0 &&
    texts.every((text) => PLAIN_NUMBER.test(text) && Math.abs(Number(text)) <= 1);
  return fractions ? texts.map(asPercent) : texts;
}

const decimalsOf = (value: number) => {
  const text = String(value);
  return text.includes('e') ? 0 : (text.split('.')[1]?.length ?? 0);
};

/**
 * Every row of the sheet checked and turned into a measurable draft with its values. A row with any
 * problem (no title, an unknown owner without a choice, an unreadable goal, a cell that is not a
 * number of its unit, a value in a period still to come) is left out whole and says why; the others
 * import. A row holding only a group name is a heading: the rows after it without a group join it
 * (in Keel's own export, where the name stands in the title column alone).
 */
export function checkScorecardRows(
  layout: ScorecardColumns,
  directory: Directory,
  ownerChoices: OwnerChoices,
  context: { currentPeriodStart: string; existingMeasurables: number },
  onProgress: (done: number, total: number) => void = () => {},
): ScorecardChecked {
  const { sheet, columns, periods, frequency } = layout;
  const read = cellReader(sheet, columns);
  const errors: ImportRowError[] = [];
  const rows: ScorecardImportRow[] = [];
  const drafts: ScorecardDraft[] = [];
  const unmatched = new Map<string, UnmatchedOwner>();
  let headingGroup: string | null = null;
  const titleIndex = columns.title ? sheet.headers.indexOf(columns.title) : -1;

  sheet.rows.forEach(({ rowNumber, cells }, position) => {
    if (position % 500 === 0) onProgress(position, sheet.rows.length);
    const problems: ImportRowError[] = [];
    const problem = (field: string, message: string) => problems.push({ sheet: sheet.name, rowNumber, field, message });
    const title = read(cells, 'title').trim();
    const ownerText = read(cells, 'owner').trim();
    const goalText = read(cells, 'goal').trim();
    const groupText = read(cells, 'group').trim();
    const filled = periods.filter((period) => (cells[period.index] ?? '').trim() !== '');
    if (ownerText === '' && goalText === '' && filled.length === 0) {
      if (title === '') {
        if (groupText !== '') headingGroup = groupText;
        return;
      }
      if (layout.titleRowsAreGroups && cells.every((cell, index) => cell.trim() === '' || index === titleIndex)) {
        headingGroup = title;
        return;
      }
    }

    if (title === '') problem('title', 'Title is required');
    if (title.length > MEASURABLE_TITLE_MAX) problem('title', `Must be at most ${MEASURABLE_TITLE_MAX} characters`);
    const description = read(cells, 'description');
    if (description.length > MEASURABLE_DESCRIPTION_MAX)
      problem('description', `Must be at most ${MEASURABLE_DESCRIPTION_MAX.toLocaleString('en-US')} characters`);
    const groupName = groupText || headingGroup;
    if (groupName && groupName.length > MEASURABLE_GROUP_NAME_MAX)
      problem('group', `A group name must be at most ${MEASURABLE_GROUP_NAME_MAX} characters`);

    let ownerId: string | null = null;
    let ownerMatch: ScorecardImportRow['ownerMatch'] = 'unmatched';
    if (ownerText === '') {
      problem('owner', 'Owner is required');
    } else {
      // "Grace Hopper <grace@example.com>", as Keel's export writes a name two members share: the address says who.
      const key = personKey(/<([^<>\s]+@[^<>\s]+)>$/.exec(ownerText)?.[1] ?? ownerText);
      const found = directory.people.get(key);
      if (found !== undefined && found !== 'ambiguous' && found.active) {
        ownerId = found.userId;
        ownerMatch = 'member';
      } else {
        const message =
          found === undefined
            ? `No member of this organization is named or has the e-mail "${ownerText}"`
            : found === 'ambiguous'
              ? `Several members are named "${ownerText}"; use their e-mail instead`
              : `"${ownerText}" is no longer an active member of this organization`;
        const entry = unmatched.get(key) ?? { name: ownerText, message, rows: 0 };
        entry.rows += 1;
        unmatched.set(key, entry);
        const chosen = ownerChoices.get(key);
        if (chosen) {
          ownerId = chosen;
          ownerMatch = 'chosen';
        } else {
          ownerMatch = chosen === null ? 'left_out' : 'unmatched';
          problem('owner', chosen === null ? `Left out, as chosen for the owner "${ownerText}"` : message);
        }
      }
    }

    let rowFrequency = frequency;
    const frequencyText = read(cells, 'frequency').trim().toLowerCase();
    if (frequencyText !== '') {
      const named = FREQUENCIES[frequencyText];
      if (!named) problem('frequency', `"${frequencyText}" is not a frequency; use weekly, monthly or quarterly`);
      else if (named !== frequency && filled.length > 0)
        problem('frequency', `This row is ${named} but the period columns of the file are ${frequency}`);
      else rowFrequency = named;
    }

    const unitColumn = readUnit(read(cells, 'unit'));
    if (!unitColumn.ok) problem('unit', unitColumn.message);
    const valueTexts = filled.map((period) => cells[period.index]!.trim());
    const rowFormats = sheet.numberFormats?.get(rowNumber);
    const valueFormats = filled.map((period) => rowFormats?.[period.index]);
    const formatted = unitFromNumberFormats(valueFormats.map((format) => format ?? ''));
    const choice =
      (unitColumn.ok ? unitColumn.value : null) ?? formatted?.choice ?? guessUnit(withoutBand(goalText), valueTexts);
    const wide: ValueFormat = { ...choice, decimals: MEASURABLE_DECIMALS_MAX };

    let goal: Goal | null = null;
    const goalCell = splitGoalCell(goalText, wide);
    if (goalCell.band === 'unreadable')
      problem('goal', `The yellow band of "${goalText}" is not an amount this import reads`);
    if (goalCell.goalText !== '') {
      const read = parseGoalText(goalCell.goalText, wide);
      const band = goalCell.band === 'unreadable' ? null : goalCell.band;
      const checked = read ? goalSchema.safeParse({ ...read, band }) : null;
      if (!read)
        problem('goal', `"${goalText}" is not a goal this import reads; write it like >= 50% or between 10 and 20`);
      else if (!checked?.success) problem('goal', checked?.error.issues[0]?.message ?? 'This goal cannot be used');
      else goal = checked.data;
    }

    const scores: ScorecardDraft['scores'] = [];
    const asWritten = fromSpreadsheetCells(valueTexts, choice.unit, goal, valueFormats);
    for (const [position, period] of filled.entries()) {
      const parsed = parseScoreInput(asWritten[position]!, wide);
      if (!parsed.ok) problem(period.header, parsed.message);
      else if (period.periodStart > context.currentPeriodStart)
        problem(period.header, 'This period has not begun yet; numbers are imported up to the current period');
      else if (parsed.value !== null) scores.push({ periodStart: period.periodStart, value: parsed.value });
    }

    const decimals =
      choice.unit === 'yes_no' || choice.unit === 'time'
        ? 0
        : Math.min(
            MEASURABLE_DECIMALS_MAX,
            Math.max(formatted?.decimals ?? 0, ...scores.map((score) => decimalsOf(score.value))),
          );

    errors.push(...problems);
    const importable = problems.length === 0;
    rows.push({
      rowNumber,
      title,
      group: groupName,
      ownerName: ownerText,
      ownerId,
      ownerMatch,
      goalText,
      goal,
      unit: choice.unit,
      currencyCode: choice.currencyCode,
      frequency: rowFrequency,
      valueCount: scores.length,
      importable,
    });
    if (importable && ownerId) {
      drafts.push({
        rowNumber,
        title,
        description,
        ownerId,
        groupName,
        frequency: rowFrequency,
        ...choice,
        decimals,
        goal,
        scores,
      });
    }
  });
  onProgress(sheet.rows.length, sheet.rows.length);

  // The team's limit: the rows past it are left out, in file order.
  const room = Math.max(0, MEASURABLES_PER_TEAM_MAX - context.existingMeasurables);
  for (const draft of drafts.splice(room)) {
    errors.push({
      sheet: sheet.name,
      rowNumber: draft.rowNumber,
      field: 'title',
      message: `A team's scorecard holds at most ${MEASURABLES_PER_TEAM_MAX} measurables; this one does not fit`,
    });
    const row = rows.find((candidate) => candidate.rowNumber === draft.rowNumber);
    if (row) row.importable = false;
  }
  errors.sort((a, b) => a.rowNumber - b.rowNumber);
  return {
    drafts,
    rows,
    errors,
    unmatchedOwners: [...unmatched.values()],
    skippedRows: rows.filter((row) => !row.importable).length,
  };
}
