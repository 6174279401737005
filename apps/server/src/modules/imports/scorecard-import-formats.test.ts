import { describe, expect, it } from 'vitest';
import type { Sheet } from '../../spreadsheet/index.js';
import type { Directory } from './import-rows.js';
import { resolveScorecardColumns } from './scorecard-import-columns.js';
import { isPercentFormat, splitGoalCell, unitFromNumberFormats } from './scorecard-import-formats.js';
import { checkScorecardRows } from './scorecard-import-rows.js';

const CALENDAR = { weekStartDay: 1, fiscalYearStartMonth: 1, today: '2026-11-26' };

describe('unitFromNumberFormats', () => {
  it.each([
    [['0.0%'], { unit: 'percent', currencyCode: null }, 1],
    [['', '"EUR "#,##0.00'], { unit: 'currency', currencyCode: 'EUR' }, 2],
    [['[$CHF] #,##0'], { unit: 'currency', currencyCode: 'CHF' }, 0],
    [['[$€-407]#,##0.0'], { unit: 'currency', currencyCode: 'EUR' }, 1],
    [['$#,##0'], { unit: 'currency', currencyCode: 'USD' }, 0],
    [['[h]:mm'], { unit: 'time', currencyCode: null }, null],
    [['h:mm'], { unit: 'time', currencyCode: null }, null],
  ])('reads %j', (formats, choice, decimals) => {
    expect(unitFromNumberFormats(formats)).toEqual({ choice, decimals });
  });

  it.each([[['#,##0.00']], [['General']], [['d mmm yyyy']], [['"50%"0']], [[]]])('finds no unit in %j', (formats) => {
    expect(unitFromNumberFormats(formats)).toBeNull();
  });

  it('tells a percent format from a literal percent sign', () => {
    expect([isPercentFormat('0%'), isPercentFormat('0"%"'), isPercentFormat(undefined)]).toEqual([true, false, false]);
  });
});

describe('splitGoalCell', () => {
  const number = { unit: 'number', currencyCode: null, decimals: 4 } as const;
  const percent = { unit: 'percent', currencyCode: null, decimals: 4 } as const;

  it('reads the band Keel writes after the goal, and "No goal" as none', () => {
    expect(splitGoalCell('≥ 50 (yellow within 10%)', number)).toEqual({
      goalText: '≥ 50',
      band: { kind: 'percent', amount: 10 },
    });
    expect(splitGoalCell('≥ 50 (yellow within 2.5)', number)).toEqual({
      goalText: '≥ 50',
      band: { kind: 'absolute', amount: 2.5 },
    });
    expect(splitGoalCell('≥ 50.0% (yellow within 5.0%)', percent)).toEqual({
      goalText: '≥ 50.0%',
      band: { kind: 'absolute', amount: 5 },
    });
    expect(splitGoalCell('No goal', number)).toEqual({ goalText: '', band: null });
    expect(splitGoalCell('>= 3', number)).toEqual({ goalText: '>= 3', band: null });
    expect(splitGoalCell('>= 3 (yellow within lots)', number).band).toBe('unreadable');
  });
});

describe("Keel's own export layout", () => {
  const headers = ['Measurable', 'Owner', 'Goal', '2026-11-01', '13-Week Average', 'Total'];
  const sheet = (extra: Partial<Sheet> = {}): Sheet => ({
    name: 'Leadership Scorecard',
    headers,
    rows: [
      { rowNumber: 2, cells: ['Sales', '', '', '', '', ''] },
      { rowNumber: 3, cells: ['Close rate', 'ada@example.com', 'No goal', '0.455', '0.455', ''] },
    ],
    numberFormats: new Map([[3, ['', '', '', '0.0%', '0.0%', '']]]),
    ...extra,
  });
  const directory: Directory = {
    people: new Map([['ada@example.com', { userId: 'ada', active: true }]]),
    teams: new Map(),
    defaultTeamId: 'team',
  };

  it('reads a month header, ignores the average and total, and takes a name alone as a group', () => {
    const columns = resolveScorecardColumns([sheet({ headerFormats: ['', '', '', 'mmm yyyy'] })], {}, CALENDAR);
    expect(columns).toMatchObject({ frequency: 'monthly', titleRowsAreGroups: true });
    expect(columns.ignoredColumns).toEqual(['13-Week Average', 'Total']);
    const checked = checkScorecardRows(columns, directory, new Map(), {
      currentPeriodStart: '2026-11-01',
      existingMeasurables: 0,
    });
    expect(checked.errors).toEqual([]);
    expect(checked.drafts).toMatchObject([
      {
        title: 'Close rate',
        groupName: 'Sales',
        unit: 'percent',
        decimals: 1,
        goal: null,
        scores: [{ periodStart: '2026-11-01', value: 45.5 }],
      },
    ]);
  });

  it('still asks for an owner on a title alone in any other sheet', () => {
    const plain = sheet();
    plain.headers = ['Title', 'Owner', 'Goal', '2026-11-01', 'Average', 'Notes'];
    const columns = resolveScorecardColumns([plain], {}, CALENDAR);
    expect(columns.titleRowsAreGroups).toBe(false);
    const checked = checkScorecardRows(columns, directory, new Map(), {
      currentPeriodStart: '2026-11-23',
      existingMeasurables: 0,
    });
    expect(checked.errors).toContainEqual(expect.objectContaining({ rowNumber: 2, message: 'Owner is required' }));
  });
});
