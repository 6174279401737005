import { describe, expect, it } from 'vitest';
import type { Sheet } from '../../spreadsheet/index.js';
import { readHeaderDate, resolveScorecardColumns, resolveYears } from './scorecard-import-columns.js';

const CALENDAR = { weekStartDay: 1, fiscalYearStartMonth: 1, today: '2026-11-26' };
const sheetOf = (headers: string[]): Sheet => ({ name: 'Scorecard', headers, rows: [] });

describe('readHeaderDate', () => {
  it.each([
    ['11/23/2026', { kind: 'day', day: { year: 2026, month: 11, day: 23 } }],
    ['2026-11-23', { kind: 'day', day: { year: 2026, month: 11, day: 23 } }],
    ['2026-11-22T23:00:00.000Z', { kind: 'day', day: { year: 2026, month: 11, day: 23 } }],
    ['Nov 23, 2026', { kind: 'day', day: { year: 2026, month: 11, day: 23 } }],
    ['23 November 2026', { kind: 'day', day: { year: 2026, month: 11, day: 23 } }],
    ['Nov 23', { kind: 'day', day: { year: null, month: 11, day: 23 } }],
    [
      'Nov 23 - Nov 29',
      { kind: 'range', day: { year: null, month: 11, day: 23 }, last: { year: null, month: 11, day: 29 } },
    ],
    [
      'Dec 28 – Jan 3',
      { kind: 'range', day: { year: null, month: 12, day: 28 }, last: { year: null, month: 1, day: 3 } },
    ],
    ['Nov 2026', { kind: 'month', year: 2026, month: 11 }],
    ['2026-11', { kind: 'month', year: 2026, month: 11 }],
  ])('reads %s', (header, expected) => {
    expect(readHeaderDate(header)).toEqual(expected);
  });

  it.each(['Title', 'Goal', 'Average', 'Status', '13-Week Average', '2/30/2026', 'Mayday 3', ''])(
    'does not take %s for a period',
    (header) => {
      expect(readHeaderDate(header)).toBeNull();
    },
  );

  it('reads day first when told', () => {
    expect(readHeaderDate('23/11/2026', true)).toEqual({ kind: 'day', day: { year: 2026, month: 11, day: 23 } });
  });
});

describe('resolveYears', () => {
  it('carries a run of yearless weeks across New Year and keeps it out of the future', () => {
    const headers = ['Dec 22 - Dec 28', 'Dec 29 - Jan 4', 'Jan 5 - Jan 11'].map((text) => readHeaderDate(text)!);
    expect(resolveYears(headers, '2027-01-14')).toEqual(['2026-12-22', '2026-12-29', '2027-01-05']);
    // In November 2026 the same headers can only be last winter's.
    expect(resolveYears(headers, '2026-11-26')).toEqual(['2025-12-22', '2025-12-29', '2026-01-05']);
  });
});

describe('resolveScorecardColumns', () => {
  it("recognises Ninety's export: fields by header, weekly columns mapped to the organization's weeks", () => {
    const columns = resolveScorecardColumns(
      [
        sheetOf([
          'Group',
          'Status',
          'Title',
          'Description',
          'Owner',
          'Goal',
          'Average',
          '11/08/2026',
          '11/15/2026',
          '11/22/2026',
        ]),
      ],
      {},
      CALENDAR,
    );
    expect(columns.layout).toBe('ninety');
    expect(columns.frequency).toBe('weekly');
    expect(columns.frequencySource).toBe('columns');
    expect(columns.columns).toMatchObject({ title: 'Title', owner: 'Owner', goal: 'Goal', group: 'Group' });
    expect(columns.ignoredColumns).toEqual(['Status', 'Average']);
    // Ninety's Sunday weeks fall in the organization's Monday weeks that contain them.
    expect(columns.periods.map(({ header, periodStart, periodEnd }) => ({ header, periodStart, periodEnd }))).toEqual([
      { header: '11/08/2026', periodStart: '2026-11-02', periodEnd: '2026-11-08' },
      { header: '11/15/2026', periodStart: '2026-11-09', periodEnd: '2026-11-15' },
      { header: '11/22/2026', periodStart: '2026-11-16', periodEnd: '2026-11-22' },
    ]);
  });

  it('reads monthly columns, newest first, and a quarter of months apart as quarterly', () => {
    const monthly = resolveScorecardColumns(
      [sheetOf(['Title', 'Owner', 'Goal', 'Oct 2026', 'Sep 2026', 'Aug 2026'])],
      {},
      CALENDAR,
    );
    expect(monthly.layout).toBe('plain');
    expect(monthly.frequency).toBe('monthly');
    expect(monthly.periods.map((period) => period.periodStart)).toEqual(['2026-08-01', '2026-09-01', '2026-10-01']);
    const quarterly = resolveScorecardColumns(
      [sheetOf(['Title', '2026-01-01', '2026-04-01', '2026-07-01'])],
      {},
      CALENDAR,
    );
    expect(quarterly.frequency).toBe('quarterly');
  });

  it('takes the frequency from the mapping when one column cannot tell it, and reads two columns of one week once', () => {
    const single = resolveScorecardColumns([sheetOf(['Title', '2026-11-02'])], {}, CALENDAR);
    expect([single.frequency, single.frequencySource]).toEqual(['weekly', 'default']);
    const chosen = resolveScorecardColumns([sheetOf(['Title', '2026-11-02'])], { frequency: 'monthly' }, CALENDAR);
    expect([chosen.frequency, chosen.frequencySource, chosen.periods[0]?.periodStart]).toEqual([
      'monthly',
      'mapping',
      '2026-11-01',
    ]);
    const twice = resolveScorecardColumns([sheetOf(['Title', '2026-11-02', '2026-11-03', '2026-11-09'])], {}, CALENDAR);
    expect(twice.periods.map((period) => period.header)).toEqual(['2026-11-02', '2026-11-09']);
    expect(twice.notices).toEqual([
      'The columns "2026-11-02" and "2026-11-03" fall in the same period; only "2026-11-02" is read.',
    ]);
  });

  it('refuses more period columns than ten years of weeks', () => {
    const headers = [
      'Title',
      ...Array.from({ length: 521 }, (_, index) => `2016-01-${String((index % 28) + 1).padStart(2, '0')}`),
    ];
    expect(() => resolveScorecardColumns([sheetOf(headers)], {}, CALENDAR)).toThrow(/521 period columns; at most 520/);
  });

  it('refuses a sheet or header the file does not have', () => {
    expect(() => resolveScorecardColumns([sheetOf(['Title'])], { sheet: 'Other' }, CALENDAR)).toThrow(
      /no sheet named "Other"/,
    );
    expect(() => resolveScorecardColumns([sheetOf(['Title'])], { columns: { owner: 'Who' } }, CALENDAR)).toThrow(
      /no column named "Who"/,
    );
  });
});
