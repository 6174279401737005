import { z } from 'zod';
import { uuidSchema } from './common.js';
import {
  importOwnerChoicesSchema,
  importRowErrorSchema,
  importStreamLinesOf,
  unmatchedOwnerSchema,
} from './imports.js';
import { goalBandSchema, goalOperatorSchema } from './scorecard-goals.js';
import { scorecardFrequencySchema } from './scorecard-periods.js';
import { SCORECARD_UNITS } from './scorecard-values.js';

/**
 * Importing measurables and their history (`POST …/imports/scorecard/preview`, `POST …/imports/scorecard`).
 * Two layouts are read: Ninety's scorecard export (Group, Status, Title, Description, Owner, Goal,
 * Average, then one column per week or month headed by a date or a week range) and a plain sheet with
 * one row per measurable (Title, Owner, Goal, optionally Unit, Frequency, Group, Description, then
 * period columns). A column whose header reads as a date (`11/23/2026`, `2026-11-23`, `Nov 23, 2026`,
 * `Nov 23 - Nov 29`, `Nov 2026`) is a period column; the rest are mapped by their headers.
 */
export const SCORECARD_IMPORT_FIELDS = ['title', 'owner', 'goal', 'group', 'description', 'unit', 'frequency'] as const;
export type ScorecardImportField = (typeof SCORECARD_IMPORT_FIELDS)[number];
export const scorecardImportFieldSchema = z.enum(SCORECARD_IMPORT_FIELDS);

export const SCORECARD_IMPORT_FIELD_LABELS: Record<ScorecardImportField, string> = {
  title: 'Title',
  owner: 'Owner',
  goal: 'Goal',
  group: 'Group',
  description: 'Description',
  unit: 'Unit',
  frequency: 'Frequency',
};

/** The preview lists this many measurable rows (every row is checked and counted). */
export const SCORECARD_IMPORT_ROWS_LISTED = 1000;

export const scorecardImportLayoutSchema = z.enum(['ninety', 'plain']);
export type ScorecardImportLayout = z.infer<typeof scorecardImportLayoutSchema>;

/**
 * The mapping: which sheet, which header feeds each field (absent: suggested from the headers; null:
 * not imported), the frequency when the period columns do not tell it (a single column), and the
 * member chosen for each owner name that matches no active member (null: leave its rows out).
 */
export const scorecardImportMappingSchema = z.strictObject({
  sheet: z.string().max(200).optional(),
  columns: z.partialRecord(scorecardImportFieldSchema, z.string().max(200).nullable()).optional(),
  frequency: scorecardFrequencySchema.optional(),
  owners: importOwnerChoicesSchema.optional(),
});
export type ScorecardImportMapping = z.infer<typeof scorecardImportMappingSchema>;

/** The multipart text fields (before the file under "file"): the team the measurables join and the mapping as JSON. */
export const scorecardImportFormSchema = z.strictObject({
  teamId: uuidSchema,
  mapping: scorecardImportMappingSchema.optional(),
});
export type ScorecardImportForm = z.infer<typeof scorecardImportFormSchema>;

export const scorecardImportParamsSchema = z.object({ organizationId: uuidSchema });

/** One column read as a period: its header as written and the period (of the import's frequency) containing it. */
export const scorecardImportPeriodSchema = z.object({
  header: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type ScorecardImportPeriod = z.infer<typeof scorecardImportPeriodSchema>;

/**
 * How a row's owner was matched: `member` by full name or e-mail; `chosen` through `mapping.owners`;
 * `unmatched` no member and no choice yet (the row is left out until one is made); `left_out` the
 * choice was null.
 */
/**
 * A goal as read (the `Goal` type). Not `goalSchema` itself: a response is encoded through its schema
 * and that one ends in a transform, which only decodes.
 */
const readGoalSchema = z.object({
  operator: goalOperatorSchema,
  value: z.number(),
  valueMax: z.number().nullable(),
  band: goalBandSchema.nullable(),
});

export const scorecardImportOwnerMatchSchema = z.enum(['member', 'chosen', 'unmatched', 'left_out']);

export const scorecardImportRowSchema = z.object({
  rowNumber: z.number().int(),
  title: z.string(),
  group: z.string().nullable(),
  /** The owner as written in the file, and the member who will own the measurable (null when none). */
  ownerName: z.string(),
  ownerId: uuidSchema.nullable(),
  ownerMatch: scorecardImportOwnerMatchSchema,
  goalText: z.string(),
  /** The goal read from `goalText` (null: no goal written, or unreadable — then the row has an error). */
  goal: readGoalSchema.nullable(),
  unit: z.enum(SCORECARD_UNITS),
  currencyCode: z.string().nullable(),
  frequency: scorecardFrequencySchema,
  /** Cells with a number that will be written. */
  valueCount: z.number().int(),
  /** False when the row has an error and will be left out. */
  importable: z.boolean(),
});
export type ScorecardImportRow = z.infer<typeof scorecardImportRowSchema>;

export const scorecardImportPreviewSchema = z.object({
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  sheets: z.array(z.object({ name: z.string(), headers: z.array(z.string()), rowCount: z.number().int() })),
  /** The sheet read. */
  sheet: z.string(),
  layout: scorecardImportLayoutSchema,
  frequency: scorecardFrequencySchema,
  /** columns: from the spacing of the period columns; mapping: as chosen; default: weekly, nothing told otherwise. */
  frequencySource: z.enum(['columns', 'mapping', 'default']),
  /** Which header feeds each field (null: the file has none). */
  columns: z.record(z.string(), z.string().nullable()),
  /** Period columns, oldest first. */
  periods: z.array(scorecardImportPeriodSchema),
  /** Headers neither mapped nor read as a period (Ninety's Status and Average, for instance). */
  ignoredColumns: z.array(z.string()),
  /** File-level remarks that leave no row out (two columns in one period: only the first is read). */
  notices: z.array(z.string()),
  totalRows: z.number().int(),
  importableRows: z.number().int(),
  /** Values the import would write (rows without a problem). */
  valueCount: z.number().int(),
  /** Group names that do not exist on the team yet and would be created. */
  newGroups: z.array(z.string()),
  rows: z.array(scorecardImportRowSchema),
  /** Row and cell problems (`field` is the column header for a cell); such rows are left out. */
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
  unmatchedOwners: z.array(unmatchedOwnerSchema),
});
export type ScorecardImportPreview = z.infer<typeof scorecardImportPreviewSchema>;

export const scorecardImportResultSchema = z.object({
  teamId: uuidSchema,
  frequency: scorecardFrequencySchema,
  /** Measurables created. */
  created: z.number().int(),
  groupsCreated: z.number().int(),
  /** Values written. */
  values: z.number().int(),
  skippedRows: z.number().int(),
  skipped: z.array(importRowErrorSchema),
});
export type ScorecardImportResult = z.infer<typeof scorecardImportResultSchema>;

/** The lines of a streamed scorecard import (`Accept: application/x-ndjson`), as the other imports stream. */
export const scorecardImportStreamLineSchema = importStreamLinesOf(scorecardImportResultSchema);
export type ScorecardImportStreamLine = z.infer<typeof scorecardImportStreamLineSchema>;
