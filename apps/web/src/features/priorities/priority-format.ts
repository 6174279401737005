import { fiscalQuarterRange, type FiscalQuarter, type PriorityStatus } from '@keel/contract';

export const STATUS_TEXT: Record<PriorityStatus, string> = {
  on_track: 'On track',
  off_track: 'Off track',
  complete: 'Complete',
  not_complete: 'Not complete',
};

export const SCOPE_TEXT = { company: 'Company', team: 'Team', individual: 'Individual' } as const;

export const quarterName = (quarterLabel: string, quarter: { year: number; quarter: number }) =>
  `${quarterLabel} ${quarter.quarter}, ${quarter.year}`;

export const previousQuarter = (quarter: FiscalQuarter): FiscalQuarter =>
  quarter.quarter === 1
    ? { year: quarter.year - 1, quarter: 4 }
    : { year: quarter.year, quarter: (quarter.quarter - 1) as FiscalQuarter['quarter'] };

/** The last day of a fiscal quarter: the default due date of its priorities. */
export const quarterEnd = (quarter: { year: number; quarter: number }, startMonth: number) =>
  fiscalQuarterRange({ year: quarter.year, quarter: quarter.quarter as FiscalQuarter['quarter'] }, startMonth).end;

/** `2026-06-30` as a short local date, without shifting it across time zones. */
export const formatDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
