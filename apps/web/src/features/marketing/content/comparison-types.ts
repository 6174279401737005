import type { FeatureStatus } from './feature-status';

export interface ComparisonRow {
  topic: string;
  keel: string;
  spreadsheets: string;
  otherTools: string;
  /** Whether Keel's side of the row works today or is still being built. */
  status: FeatureStatus;
}

export interface ComparisonContent {
  heading: string;
  intro: readonly string[];
  rows: readonly ComparisonRow[];
  /** Names from FEATURE_STATUS to list under "What works today"; all of them when omitted. */
  statusNames?: readonly string[];
  whenElse: { heading: string; paragraphs: readonly string[] };
}

export const COLUMN_LABELS = {
  keel: 'Keel',
  spreadsheets: 'Spreadsheets and slide decks',
  otherTools: 'Other business-operating-system tools',
} as const;
