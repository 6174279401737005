import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Goal, Measurable, ScoreCell, ScorecardGrid, ScorecardRow, ScoreStatus } from '@keel/contract';
import { exportFileName, scorecardWorkbook, sheetName, type ScorecardWorkbookLabels } from './scorecard.export.js';

const TEAM = randomUUID();
const OWNER = { id: randomUUID(), name: 'Ada Lovelace' };
const NOW = '2026-11-26T09:00:00.000Z';
const PERIODS = [
  { start: '2026-11-09', end: '2026-11-15', isCurrent: false },
  { start: '2026-11-16', end: '2026-11-22', isCurrent: false },
  { start: '2026-11-23', end: '2026-11-29', isCurrent: true },
];
const LABELS: ScorecardWorkbookLabels = {
  teamName: 'Leadership',
  scorecard: 'Scorecard',
  average: '13-Week Average',
  quarterInitial: 'Q',
};
const atLeast = (value: number): Goal => ({ operator: '>=', value, valueMax: null, band: null });

function measurable(overrides: Partial<Measurable>): Measurable {
  return {
    id: randomUUID(),
    teamId: TEAM,
    groupId: null,
    position: 0,
    title: 'Revenue',
    description: '',
    ownerId: OWNER.id,
    owner: OWNER,
    dataEntryUserId: null,
    dataEntry: null,
    frequency: 'weekly',
    unit: 'number',
    currencyCode: null,
    decimals: 0,
    goal: null,
    kind: 'manual',
    formula: null,
    rollup: null,
    todoCompletionScope: null,
    aggregation: 'sum',
    startsOn: '2026-01-05',
    archivedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    version: 1,
    ...overrides,
  };
}

function cell(periodStart: string, value: number | null, status: ScoreStatus, overrides: Partial<ScoreCell> = {}) {
  return {
    periodStart,
    value,
    note: '',
    status,
    goalSource: 'current' as const,
    source: value === null ? ('none' as const) : ('entered' as const),
    enteredById: null,
    enteredAt: null,
    version: value === null ? 0 : 1,
    ...overrides,
  };
}

function row(m: Measurable, cells: ScoreCell[], average: number | null, total: number | null): ScorecardRow {
  return { measurable: m, cells, average, averageStatus: 'green', total, sparkline: [] };
}

function grid(rows: ScorecardRow[], groups: ScorecardGrid['groups'] = []): ScorecardGrid {
  return {
    teamId: TEAM,
    frequency: 'weekly',
    view: '13_week_rolling',
    today: '2026-11-26',
    currentPeriodStart: '2026-11-23',
    weekStartDay: 1,
    fiscalYearStartMonth: 1,
    periods: PERIODS,
    groups,
    rows,
    canEdit: true,
  };
}

/** The workbook as Excel would open it: written to bytes and read back. */
async function readBack(source: ScorecardGrid) {
  const written = await (await scorecardWorkbook(source, LABELS)).xlsx.writeBuffer();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(written);
  return Object.assign(book.worksheets[0]!, { book });
}

const fillOf = (cell: ExcelJS.Cell) => (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb ?? null;
const noteOf = (cell: ExcelJS.Cell) => {
  const note = cell.note as string | { texts?: { text: string }[] } | undefined;
  if (note === undefined) return null;
  return typeof note === 'string' ? note : (note.texts ?? []).map((part) => part.text).join('');
};

describe('scorecardWorkbook', () => {
  it('writes the header of the view first, then one row per group and measurable with numbers, formats and colours', async () => {
    const groupId = randomUUID();
    const revenue = measurable({
      title: 'Revenue',
      unit: 'currency',
      currencyCode: 'EUR',
      decimals: 2,
      goal: atLeast(1000),
    });
    const close = measurable({ title: 'Close rate', unit: 'percent', goal: atLeast(50), groupId });
    const call = measurable({ title: 'Call time', unit: 'time', groupId, position: 1 });
    const audit = measurable({
      title: 'Audit done',
      unit: 'yes_no',
      goal: { operator: '=', value: 1, valueMax: null, band: null },
    });
    const sheet = await readBack(
      grid(
        [
          row(
            revenue,
            [
              cell('2026-11-09', 1200.5, 'green', { note: 'Big order' }),
              cell('2026-11-16', 950, 'yellow'),
              cell('2026-11-23', null, 'missing'),
            ],
            1075.25,
            2150.5,
          ),
          row(
            audit,
            [cell('2026-11-09', 1, 'green'), cell('2026-11-16', 0, 'red'), cell('2026-11-23', null, 'missing')],
            0.5,
            1,
          ),
          row(
            close,
            [cell('2026-11-09', 50, 'green'), cell('2026-11-16', 20, 'red'), cell('2026-11-23', 75, 'green')],
            48.3,
            145,
          ),
          row(
            call,
            [
              cell('2026-11-09', 90, 'no_goal'),
              cell('2026-11-16', null, 'missing'),
              cell('2026-11-23', null, 'missing'),
            ],
            90,
            90,
          ),
        ],
        [{ id: groupId, teamId: TEAM, name: 'Sales', position: 0, version: 1 }],
      ),
    );

    // The header is the first row, so the scorecard import reads the file back; the title lives in the
    // sheet's name, its print header and the workbook's properties.
    expect(sheet.name).toBe('Leadership Scorecard');
    expect(sheet.headerFooter.oddHeader).toContain('Leadership — Scorecard');
    expect(sheet.headerFooter.oddHeader).toContain('Weekly · 13-Week Average');
    expect(sheet.book.title).toBe('Leadership — Scorecard');
    expect(sheet.book.subject).toContain('Weekly · 13-Week Average');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([
      'Measurable',
      'Owner',
      'Goal',
      new Date('2026-11-09T00:00:00.000Z'),
      new Date('2026-11-16T00:00:00.000Z'),
      new Date('2026-11-23T00:00:00.000Z'),
      '13-Week Average',
      'Total',
    ]);
    expect(sheet.getCell('D1').numFmt).toBe('d mmm yyyy');
    expect(noteOf(sheet.getCell('D1'))).toMatch(/^Nov 9: /);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: 1 });

    // Ungrouped rows first, then the group's heading (its name alone, not merged) and its rows.
    expect(sheet.getCell('A4').isMerged).toBe(false);
    expect(sheet.getCell('B4').value).toBeNull();
    expect(['A2', 'A3', 'A4', 'A5', 'A6'].map((ref) => sheet.getCell(ref).value)).toEqual([
      'Revenue',
      'Audit done',
      'Sales',
      'Close rate',
      'Call time',
    ]);

    const revenueRow = sheet.getRow(2);
    expect(revenueRow.getCell(2).value).toBe('Ada Lovelace');
    expect(revenueRow.getCell(4).value).toBe(1200.5);
    expect(revenueRow.getCell(4).numFmt).toBe('"EUR "#,##0.00');
    expect(fillOf(revenueRow.getCell(4))).toBe('FFC6EFCE');
    expect(noteOf(revenueRow.getCell(4))).toBe('Big order');
    expect(fillOf(revenueRow.getCell(5))).toBe('FFFFEB9C');
    expect(revenueRow.getCell(6).value).toBeNull();
    expect(fillOf(revenueRow.getCell(6))).toBe('FFE7E6E6');
    expect(revenueRow.getCell(7).value).toBe(1075.25);
    expect(revenueRow.getCell(8).value).toBe(2150.5);

    const auditRow = sheet.getRow(3);
    expect([auditRow.getCell(4).value, auditRow.getCell(5).value]).toEqual(['Yes', 'No']);
    expect(fillOf(auditRow.getCell(5))).toBe('FFFFC7CE');
    expect(auditRow.getCell(7).numFmt).toBe('0%');

    const closeRow = sheet.getRow(5);
    expect(closeRow.getCell(4).value).toBe(0.5);
    expect(closeRow.getCell(4).numFmt).toBe('0%');

    const callRow = sheet.getRow(6);
    // 90 minutes are stored as 0.0625 of a day; a reader of a time format sees them as 1:30 past Excel's day zero.
    expect(callRow.getCell(4).value).toEqual(new Date('1899-12-30T01:30:00.000Z'));
    expect(callRow.getCell(4).numFmt).toBe('[h]:mm');
    // No goal: the value stands uncoloured.
    expect(fillOf(callRow.getCell(4))).toBeNull();
  });

  it('leaves periods before a measurable started uncoloured and says which goal an old cell kept', async () => {
    const late = measurable({ title: 'New measure', startsOn: '2026-11-16', goal: atLeast(10) });
    const snapshot: Goal = atLeast(5);
    const sheet = await readBack(
      grid([
        row(
          late,
          [
            cell('2026-11-09', null, 'missing'),
            cell('2026-11-16', 7, 'green', { goal: snapshot, goalSource: 'snapshot' }),
            cell('2026-11-23', null, 'missing'),
          ],
          7,
          7,
        ),
      ]),
    );
    const line = sheet.getRow(2);
    expect(fillOf(line.getCell(4))).toBeNull();
    expect(noteOf(line.getCell(5))).toBe('Goal when entered: ≥ 5');
    expect(fillOf(line.getCell(6))).toBe('FFE7E6E6');
  });
});

describe('period headings', () => {
  it('heads months and fiscal quarters by their first day, with the heading the page shows in the note', async () => {
    const quarterly: ScorecardGrid = {
      ...grid([]),
      frequency: 'quarterly',
      view: 'current_quarter',
      fiscalYearStartMonth: 10,
      currentPeriodStart: '2026-10-01',
      periods: [
        { start: '2026-07-01', end: '2026-09-30', isCurrent: false },
        { start: '2026-10-01', end: '2026-12-31', isCurrent: true },
      ],
    };
    const sheet = await readBack(quarterly);
    expect(sheet.getCell('E1').value).toEqual(new Date('2026-10-01T00:00:00.000Z'));
    expect(sheet.getCell('E1').numFmt).toBe('d mmm yyyy');
    expect(noteOf(sheet.getCell('E1'))).toMatch(/^Q1 FY2027: /);
    expect(sheet.book.subject).toMatch(/^Quarterly · /);

    const monthly = await readBack({
      ...grid([]),
      frequency: 'monthly',
      periods: [{ start: '2026-11-01', end: '2026-11-30', isCurrent: true }],
    });
    expect(monthly.getCell('D1').value).toEqual(new Date('2026-11-01T00:00:00.000Z'));
    expect(monthly.getCell('D1').numFmt).toBe('mmm yyyy');
  });
});

describe('names', () => {
  it('gives a file name of letters, digits and dashes whatever the team is called', () => {
    expect(exportFileName('Sales & Marketing "EU"/Nord', '2026-11-26')).toBe(
      'sales-marketing-eu-nord-scorecard-2026-11-26.xlsx',
    );
    expect(exportFileName('经理', '2026-11-26')).toBe('team-scorecard-2026-11-26.xlsx');
  });

  it('keeps a sheet name within what Excel accepts', () => {
    expect(sheetName('Scores: [Q4] / 2026?')).toBe('Scores   Q4    2026');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('[]')).toBe('Scorecard');
  });
});
