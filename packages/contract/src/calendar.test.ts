import { describe, expect, it } from 'vitest';
import { addDays, fiscalQuarterOf, fiscalQuarterRange, nextFiscalQuarter } from './calendar.js';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('fiscal calendar', () => {
  it('follows the calendar year when the fiscal year starts in January', () => {
    expect(fiscalQuarterOf(day('2026-01-01'), 1)).toEqual({ year: 2026, quarter: 1 });
    expect(fiscalQuarterOf(day('2026-11-22'), 1)).toEqual({ year: 2026, quarter: 4 });
    expect(fiscalQuarterRange({ year: 2026, quarter: 4 }, 1)).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(fiscalQuarterRange({ year: 2024, quarter: 1 }, 1)).toEqual({ start: '2024-01-01', end: '2024-03-31' });
  });

  it('names a year starting in July by the year it ends in', () => {
    expect(fiscalQuarterOf(day('2026-07-01'), 7)).toEqual({ year: 2027, quarter: 1 });
    expect(fiscalQuarterOf(day('2026-11-22'), 7)).toEqual({ year: 2027, quarter: 2 });
    expect(fiscalQuarterOf(day('2027-06-30'), 7)).toEqual({ year: 2027, quarter: 4 });
    expect(fiscalQuarterRange({ year: 2027, quarter: 2 }, 7)).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(fiscalQuarterRange({ year: 2027, quarter: 4 }, 7)).toEqual({ start: '2027-04-01', end: '2027-06-30' });
  });

  it('handles quarters spanning a new calendar year and leap days', () => {
    expect(fiscalQuarterRange({ year: 2025, quarter: 1 }, 12)).toEqual({ start: '2024-12-01', end: '2025-02-28' });
    expect(fiscalQuarterRange({ year: 2024, quarter: 1 }, 12)).toEqual({ start: '2023-12-01', end: '2024-02-29' });
    expect(fiscalQuarterOf(day('2024-12-15'), 12)).toEqual({ year: 2025, quarter: 1 });
  });

  it('steps to the next quarter and adds days', () => {
    expect(nextFiscalQuarter({ year: 2026, quarter: 4 })).toEqual({ year: 2027, quarter: 1 });
    expect(nextFiscalQuarter({ year: 2026, quarter: 2 })).toEqual({ year: 2026, quarter: 3 });
    expect(addDays('2026-11-22', 7)).toEqual('2026-11-29');
    expect(addDays('2026-12-28', 7)).toEqual('2027-01-04');
  });
});
