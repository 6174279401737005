import { TERMINOLOGY_DEFAULTS } from '@keel/contract';
import type { ComparisonContent } from './comparison-types';

const averages = [
  TERMINOLOGY_DEFAULTS.scorecard_13_week_label,
  TERMINOLOGY_DEFAULTS.scorecard_quarter_label,
  TERMINOLOGY_DEFAULTS.scorecard_4_week_label,
].join(', ');

export const SCORECARD_COMPARISON: ComparisonContent = {
  heading: 'A scorecard built for the weekly meeting',
  intro: [
    'A scorecard is the handful of numbers a leadership team reviews every week to see whether the business is on track. Here is how Keel’s scorecard approaches that job compared with a spreadsheet or another business-operating-system tool.',
    'The scorecard is being built now. Each row below describes how it is designed to work, not a finished feature.',
  ],
  rows: [
    {
      topic: 'Weekly and monthly numbers',
      keel: 'Weekly and monthly scorecards side by side, each metric with an owner and a goal.',
      spreadsheets: 'A column per week, added by hand; monthly figures often live in a separate tab.',
      otherTools: 'Most offer a weekly scorecard; monthly support varies.',
      status: 'in-progress',
    },
    {
      topic: 'On track or not',
      keel: 'Red, yellow and green status against each goal, computed from the numbers you enter.',
      spreadsheets: 'Conditional formatting rules that each sheet owner sets up and maintains.',
      otherTools: 'Usually on or off track against a goal.',
      status: 'in-progress',
    },
    {
      topic: 'Trends',
      keel: `Trend analysis with a choice of period: ${averages}.`,
      spreadsheets: 'Formulas and charts you build yourself, which break easily when rows are moved.',
      otherTools: 'Trend views differ from tool to tool.',
      status: 'in-progress',
    },
    {
      topic: 'Organizing metrics',
      keel: 'Drag-and-drop grouping, and a right-to-left layout option.',
      spreadsheets: 'Cut and paste rows, taking care not to break formulas.',
      otherTools: 'Grouping and ordering options vary.',
      status: 'in-progress',
    },
    {
      topic: 'Getting the numbers out',
      keel: 'Excel export, plus the API and full data export.',
      spreadsheets: 'Already a spreadsheet.',
      otherTools: 'Export formats vary; check before you commit years of history.',
      status: 'in-progress',
    },
  ],
  statusNames: [
    'Sign-up with e-mail and password',
    'Organization setup',
    'Scorecard (weekly and monthly metrics)',
    'REST API, webhooks and data export',
  ],
  whenElse: {
    heading: 'When a spreadsheet is enough',
    paragraphs: [
      'If you track a few numbers, one person maintains them and nobody needs history beyond a quarter, a spreadsheet is simple and free. A dedicated scorecard helps once several owners enter numbers and the team wants trends it can trust.',
    ],
  },
};
