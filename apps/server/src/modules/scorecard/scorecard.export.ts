import {
  describeBand,
  describeGoal,
  formatScoreValue,
  periodHeading,
  periodRangeText,
  type Goal,
  type ScoreCell,
  type ScorecardFrequency,
  type ScorecardGrid,
  type ScorecardRow,
  type ScoreStatus,
  type ValueFormat,
  type scorecardExportQuerySchema,
  SCORECARD_VIEW_LABEL_KEYS,
} from '@keel/contract';
import type ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { asReader, type Caller } from '../organizations/index.js';
import { listMembersForMatching } from '../people/index.js';
import { findActiveTeams } from '../teams/index.js';
import { createTerminologyService } from '../terminology/index.js';

/** The words of the sheet that come from the organization (terminology, team name). */
export interface ScorecardWorkbookLabels {
  teamName: string;
  /** The scorecard's name in this organization ("Scorecard", "Metrics"). */
  scorecard: string;
  /** The view's average column ("13-Week Average"). */
  average: string;
  /** The initial of the terminology's quarter label ("Q"), for quarterly headings. */
  quarterInitial: string;
  /**
   * The owner as written, by user id, where the name alone would not say who: "Grace Hopper
   * <grace@example.com>" when another member has the same name (the import reads the address).
   */
  ownerTexts?: Map<string, string>;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's own conditional-format colours (light fill, dark text): they print and read well in both Excel and LibreOffice. */
const STATUS_STYLE: Partial<Record<ScoreStatus, { fill: string; font: string }>> = {
  green: { fill: 'FFC6EFCE', font: 'FF006100' },
  yellow: { fill: 'FFFFEB9C', font: 'FF9C5700' },
  red: { fill: 'FFFFC7CE', font: 'FF9C0006' },
  missing: { fill: 'FFE7E6E6', font: 'FF3F3F3F' },
};
const HEADER_FILL = 'FFF2F2F2';
const CURRENT_PERIOD_FILL = 'FFDDEBF7';

const FREQUENCY_WORDS: Record<ScorecardFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

/** Columns before the periods. */
const LEADING = ['Measurable', 'Owner', 'Goal'] as const;

const decimalsPattern = (decimals: number) => (decimals > 0 ? `.${'0'.repeat(decimals)}` : '');

/** A literal in a number format: quoted, with any quote of the text itself dropped. */
const literal = (text: string) => `"${text.replace(/"/g, '')}"`;

/**
 * A stored value as the cell value Excel computes with and the number format that shows it as the
 * page does: percent 50 → 0.5 shown "50%", minutes 90 → 0.0625 of a day shown "1:30", yes/no as text.
 */
export function excelValue(value: number, format: ValueFormat): { value: number | string; numFmt?: string } {
  const digits = decimalsPattern(format.decimals);
  switch (format.unit) {
    case 'percent':
      return { value: value / 100, numFmt: `0${digits}%` };
    case 'time':
      return { value: value / (24 * 60), numFmt: '[h]:mm' };
    case 'yes_no':
      return { value: value >= 0.5 ? 'Yes' : 'No' };
    case 'currency':
      return { value, numFmt: `${literal(`${format.currencyCode ?? ''} `)}#,##0${digits}` };
    case 'number':
      return { value, numFmt: `#,##0${digits}` };
  }
}

const formatOf = (row: ScorecardRow): ValueFormat => ({
  unit: row.measurable.unit,
  currencyCode: row.measurable.currencyCode,
  decimals: row.measurable.decimals,
});

function goalText(goal: Goal | null, format: ValueFormat): string {
  const show = (value: number) => formatScoreValue(value, format);
  const band = goal ? describeBand(goal.band, show) : null;
  return band ? `${describeGoal(goal, show)} (${band})` : describeGoal(goal, show);
}

function paint(cell: ExcelJS.Cell, status: ScoreStatus) {
  const style = STATUS_STYLE[status];
  if (!style) return;
  cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: style.fill } };
  cell.font = { color: { argb: style.font } };
}

function putValue(cell: ExcelJS.Cell, value: number | null, format: ValueFormat) {
  if (value === null) return;
  const written = excelValue(value, format);
  cell.value = written.value;
  if (written.numFmt) cell.numFmt = written.numFmt;
}

/** The average of yes/no answers is a share of yes: shown as a percent, not as Yes or No. */
function putAverage(cell: ExcelJS.Cell, value: number | null, format: ValueFormat) {
  if (value === null) return;
  if (format.unit === 'yes_no') {
    cell.value = value;
    cell.numFmt = '0%';
    return;
  }
  putValue(cell, value, format);
}

/** A yes/no total counts the yeses (sum) or says the last answer. */
function putTotal(cell: ExcelJS.Cell, value: number | null, row: ScorecardRow) {
  if (value === null) return;
  const format = formatOf(row);
  if (format.unit === 'yes_no' && row.measurable.aggregation !== 'last') {
    cell.value = value;
    cell.numFmt = '#,##0';
    return;
  }
  putValue(cell, value, format);
}

/** Why a cell has the goal it has, when it is not the measurable's current goal. */
function cellComment(cell: ScoreCell, format: ValueFormat): string {
  const parts: string[] = [];
  if (cell.note) parts.push(cell.note);
  if (cell.goal !== undefined && cell.goalSource !== 'current') {
    const which = cell.goalSource === 'period' ? 'Goal set for this period' : 'Goal when entered';
    parts.push(`${which}: ${goalText(cell.goal ?? null, format)}`);
  }
  if (cell.source === 'override') parts.push('Typed over the computed value');
  return parts.join('\n');
}

/** A period's first day as an Excel date cell: it reads back with its year, whatever the locale. */
const PERIOD_DATE_FORMAT: Record<ScorecardFrequency, string> = {
  weekly: 'd mmm yyyy',
  monthly: 'mmm yyyy',
  quarterly: 'd mmm yyyy',
};
const asExcelDate = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);
/** `&` starts a code in Excel's print header; a literal one is doubled. */
const printText = (text: string) => text.replace(/&/g, '&&');

/**
 * The scorecard as the page shows it, in one sheet that Keel's scorecard import reads back: the
 * header row first (measurable, owner, goal, one column per period headed by its first day as a
 * date, the view's average, total), then a row per group (its name alone) and per measurable,
 * numbers as numbers with their unit's format, each cell filled with its colour, notes as comments,
 * the header and the first three columns frozen. The team, frequency and view are in the sheet's
 * name, its print header and the workbook's properties, not in rows above the header.
 */
export async function scorecardWorkbook(
  grid: ScorecardGrid,
  labels: ScorecardWorkbookLabels,
): Promise<ExcelJS.Workbook> {
  // Loaded on first use, as the spreadsheet reader does: idle servers never carry exceljs in memory.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const calendar = { weekStartDay: grid.weekStartDay, fiscalYearStartMonth: grid.fiscalYearStartMonth };
  const first = grid.periods[0];
  const last = grid.periods.at(-1);
  const range = first && last ? `, ${periodRangeText({ start: first.start, end: last.end })}` : '';
  const title = `${labels.teamName} — ${labels.scorecard}`;
  const view = `${FREQUENCY_WORDS[grid.frequency]} · ${labels.average}${range}`;
  workbook.creator = 'Keel';
  workbook.created = new Date();
  workbook.title = title;
  workbook.subject = view;
  const headerRowNumber = 1;
  const sheet = workbook.addWorksheet(sheetName(`${labels.teamName} ${labels.scorecard}`), {
    views: [{ state: 'frozen', xSplit: LEADING.length, ySplit: headerRowNumber }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    headerFooter: { oddHeader: `&L&B${printText(title)}&R${printText(view)}`, oddFooter: '&RPage &P of &N' },
  });
  const width = LEADING.length + grid.periods.length + 2;

  const headers: (string | Date)[] = [
    ...LEADING,
    ...grid.periods.map((period) => asExcelDate(period.start)),
    labels.average,
    'Total',
  ];
  const header = sheet.getRow(headerRowNumber);
  headers.forEach((value, index) => {
    const cell = header.getCell(index + 1);
    cell.value = value;
    cell.font = { bold: true };
    cell.alignment = { horizontal: index < LEADING.length ? 'left' : 'center', vertical: 'middle', wrapText: true };
    const period = grid.periods[index - LEADING.length];
    const fill = period?.isCurrent ? CURRENT_PERIOD_FILL : HEADER_FILL;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
    if (!period) return;
    cell.numFmt = PERIOD_DATE_FORMAT[grid.frequency];
    const heading = periodHeading(period, grid.frequency, calendar, labels.quarterInitial);
    cell.note = `${heading}: ${periodRangeText(period)}`;
  });

  let rowNumber = headerRowNumber;
  const addGroup = (name: string) => {
    rowNumber += 1;
    // The name alone in its row, not merged across: a merged row reads back as the name in every column.
    const cell = sheet.getCell(rowNumber, 1);
    cell.value = name;
    cell.font = { bold: true };
  };
  const addMeasurable = (row: ScorecardRow) => {
    rowNumber += 1;
    const format = formatOf(row);
    const { measurable } = row;
    const line = sheet.getRow(rowNumber);
    line.getCell(1).value = measurable.title;
    if (measurable.description) line.getCell(1).note = measurable.description;
    line.getCell(2).value = labels.ownerTexts?.get(measurable.owner.id) ?? measurable.owner.name;
    line.getCell(3).value = goalText(measurable.goal, format);
    grid.periods.forEach((period, index) => {
      const cellOfPeriod = row.cells.find((candidate) => candidate.periodStart === period.start);
      if (!cellOfPeriod) return;
      const cell = line.getCell(LEADING.length + index + 1);
      putValue(cell, cellOfPeriod.value, format);
      // A period still to come, or before the measurable began, is simply blank, not "missing".
      const counts = period.start <= grid.currentPeriodStart && period.start >= measurable.startsOn;
      if (cellOfPeriod.value !== null || counts) paint(cell, cellOfPeriod.status);
      const comment = cellComment(cellOfPeriod, format);
      if (comment) cell.note = comment;
    });
    const average = line.getCell(LEADING.length + grid.periods.length + 1);
    putAverage(average, row.average, format);
    if (row.average !== null) paint(average, row.averageStatus);
    putTotal(line.getCell(LEADING.length + grid.periods.length + 2), row.total, row);
  };

  for (const row of grid.rows.filter((candidate) => candidate.measurable.groupId === null)) addMeasurable(row);
  const groups = [...grid.groups].sort((a, b) => a.position - b.position);
  for (const group of groups) {
    addGroup(group.name);
    for (const row of grid.rows.filter((candidate) => candidate.measurable.groupId === group.id)) addMeasurable(row);
  }

  sheet.getColumn(1).width = 36;
  sheet.getColumn(2).width = 20;
  sheet.getColumn(3).width = 18;
  for (let index = LEADING.length + 1; index <= width; index += 1) sheet.getColumn(index).width = 12;
  sheet.getColumn(width - 1).width = Math.max(12, labels.average.length + 2);
  return workbook;
}

/** Excel refuses sheet names over 31 characters or with any of : \ / ? * [ ]. */
export function sheetName(text: string): string {
  const cleaned = text
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || 'Scorecard';
}

/** `acme-leadership-scorecard-2026-11-26.xlsx`: letters, digits and dashes only, whatever the team is called. */
export function exportFileName(teamName: string, today: string): string {
  const slug = teamName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'team'}-scorecard-${today}.xlsx`;
}

/** Members whose name another member shares, written with their address so an import knows which one. */
function ownerTextsOf(members: { userId: string; email: string; firstName: string; lastName: string }[]) {
  const nameOf = (member: (typeof members)[number]) => `${member.firstName} ${member.lastName}`.trim();
  const counts = new Map<string, number>();
  for (const member of members) {
    const key = nameOf(member).toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const texts = new Map<string, string>();
  for (const member of members) {
    const name = nameOf(member);
    if ((counts.get(name.toLowerCase()) ?? 0) > 1) texts.set(member.userId, `${name} <${member.email}>`);
  }
  return texts;
}

export type ScorecardExportQuery = z.output<typeof scorecardExportQuerySchema>;

export interface ScorecardExportDeps {
  db: Database;
  /** The grid exactly as the page reads it, the caller's right to read the team checked (the scorecard service's). */
  grid(caller: Caller, query: ScorecardExportQuery): Promise<ScorecardGrid>;
}

/** The current view of a team's scorecard as an .xlsx file: whoever may read the scorecard may export it. */
export function createScorecardExportService(deps: ScorecardExportDeps) {
  const terminology = createTerminologyService({ db: deps.db });
  return {
    exportXlsx: async (caller: Caller, query: ScorecardExportQuery): Promise<{ fileName: string; content: Buffer }> => {
      const grid = await deps.grid(caller, query);
      const words = await terminology.get(caller, caller.organizationId);
      const [[team], members] = await asReader(deps.db, caller, ({ organizationId }) =>
        Promise.all([findActiveTeams(organizationId, [grid.teamId]), listMembersForMatching(organizationId)]),
      );
      const teamName = team?.name ?? '';
      const workbook = await scorecardWorkbook(grid, {
        teamName,
        scorecard: words.scorecard_label,
        average: words[SCORECARD_VIEW_LABEL_KEYS[grid.view]],
        quarterInitial: words.quarter_label.trim().charAt(0).toUpperCase() || 'Q',
        ownerTexts: ownerTextsOf(members),
      });
      const content = Buffer.from(await workbook.xlsx.writeBuffer());
      return { fileName: exportFileName(teamName, grid.today), content };
    },
  };
}

export type ScorecardExportService = ReturnType<typeof createScorecardExportService>;
