import type { ScorecardFrequency, ScorecardUnit } from '@keel/contract';

/** How units and frequencies are named on screen. */
export const UNIT_TEXT: Record<ScorecardUnit, string> = {
  number: 'Number',
  currency: 'Currency',
  percent: 'Percent',
  yes_no: 'Yes / no',
  time: 'Time (hours:minutes)',
};

export const FREQUENCY_TEXT: Record<ScorecardFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};
