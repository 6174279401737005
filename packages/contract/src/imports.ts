import { z } from 'zod';
import { uuidSchema } from './common.js';

/** One import takes at most this many data rows per sheet, and a file of at most this many bytes. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The preview shows the first rows mapped; errors are checked on every row but listed up to a bound. */
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_ERRORS_LISTED = 1000;

export const importKindSchema = z.enum(['todos', 'issues', 'priorities']);
export type ImportKind = z.infer<typeof importKindSchema>;

/** The fields each kind reads, in the order the mapping screen shows them. `title` is always required. */
export const IMPORT_FIELDS = {
  todos: ['title', 'details', 'owner', 'dueDate', 'completedOn', 'team', 'createdDate'],
  issues: [
    'title',
    'description',
    'owner',
    'team',
    'horizon',
    'priority',
    'createdDate',
    'completedOn',
    'archivedDate',
  ],
  priorities: ['title', 'description', 'owner', 'dueDate', 'completedOn', 'createdDate', 'team', 'level', 'status'],
} as const satisfies Record<ImportKind, readonly string[]>;
/** The milestones sheet of a priorities workbook (Ninety's rocks export has one). */
export const MILESTONE_IMPORT_FIELDS = ['priority', 'title', 'owner', 'dueDate', 'completedOn', 'done'] as const;

export const importFieldSchema = z.enum([
  ...new Set([...IMPORT_FIELDS.todos, ...IMPORT_FIELDS.issues, ...IMPORT_FIELDS.priorities]),
] as [string, ...string[]]);
export type ImportField = (typeof IMPORT_FIELDS)[ImportKind][number];
export type MilestoneImportField = (typeof MILESTONE_IMPORT_FIELDS)[number];

/** Human names of the fields, neutral (the entity names themselves come from terminology on screen). */
export const IMPORT_FIELD_LABELS: Record<ImportField | MilestoneImportField, string> = {
  title: 'Title',
  details: 'Details',
  description: 'Description',
  owner: 'Owner',
  dueDate: 'Due date',
  completedOn: 'Completed on',
  team: 'Team',
  createdDate: 'Created date',
  horizon: 'Short or long term',
  priority: 'Priority',
  archivedDate: 'Archived date',
  level: 'Level',
  status: 'Status',
  done: 'Done',
};

const headerSchema = z.string().max(200);
const columnsSchema = z.record(z.string().max(40), headerSchema.nullable());

/** At most this many owner names of a file get a chosen member. */
export const IMPORT_OWNER_CHOICES_MAX = 1000;

/**
 * For owner names of the file that match no active member (as written, case and spacing aside): the
 * member who owns their rows instead, or null to leave those rows out.
 */
export const importOwnerChoicesSchema = z
  .record(z.string().max(320), uuidSchema.nullable())
  .refine((choices) => Object.keys(choices).length <= IMPORT_OWNER_CHOICES_MAX, {
    message: `At most ${IMPORT_OWNER_CHOICES_MAX} owner choices`,
  });
export type ImportOwnerChoices = z.infer<typeof importOwnerChoicesSchema>;

/** Which sheet and which column feeds each field, and who owns the rows of unknown owners; absent parts are suggested from the headers. */
export const importMappingSchema = z.strictObject({
  sheet: z.string().max(200).optional(),
  columns: columnsSchema.optional(),
  milestoneSheet: z.string().max(200).nullable().optional(),
  milestoneColumns: columnsSchema.optional(),
  owners: importOwnerChoicesSchema.optional(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

/**
 * The text fields of the multipart form (besides the file in the field "file"): the default team
 * and the mapping as JSON. Sent before the file, as a browser's FormData does in insertion order.
 */
export const importFormSchema = z.strictObject({
  teamId: uuidSchema,
  mapping: importMappingSchema.optional(),
});
export type ImportForm = z.infer<typeof importFormSchema>;

export const importParamsSchema = z.object({ organizationId: uuidSchema, kind: importKindSchema });

export const importRowErrorSchema = z.object({
  /** The sheet the row is on ('Milestones' for a milestone row). */
  sheet: z.string(),
  rowNumber: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const resolvedMappingSchema = z.object({
  sheet: z.string(),
  columns: z.record(z.string(), z.string().nullable()),
  milestoneSheet: z.string().nullable(),
  milestoneColumns: z.record(z.string(), z.string().nullable()),
});
export type ResolvedImportMapping = z.infer<typeof resolvedMappingSchema>;

/** An owner name of the file that matches no active member, why, and on how many rows it stands. */
export const unmatchedOwnerSchema = z.object({
  name: z.string(),
  message: z.string(),
  rows: z.number().int(),
});
export type UnmatchedOwner = z.infer<typeof unmatchedOwnerSchema>;

export const importPreviewSchema = z.object({
  kind: importKindSchema,
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  sheets: z.array(z.object({ name: z.string(), headers: z.array(z.string()), rowCount: z.number().int() })),
  mapping: resolvedMappingSchema,
  totalRows: z.number().int(),
  milestoneRows: z.number().int(),
  /** The first rows, each field's text as mapped (owner and team as written in the file). */
  rows: z.array(z.object({ rowNumber: z.number().int(), values: z.record(z.string(), z.string()) })),
  /** The problems of rows that will be left out (the rest imports). */
  errors: z.array(importRowErrorSchema),
  /** Every error found, including those beyond the listed ones. */
  errorCount: z.number().int(),
  /** What the import would write as the mapping stands: rows and milestones without a problem. */
  importableRows: z.number().int(),
  importableMilestones: z.number().int(),
  /** Owner names matching no active member, whether or not `mapping.owners` chose for them. */
  unmatchedOwners: z.array(unmatchedOwnerSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  kind: importKindSchema,
  /** Rows created: to-dos (one per owner), issues, or priorities. */
  created: z.number().int(),
  milestones: z.number().int(),
  teamIds: z.array(uuidSchema),
  /** Rows of the main sheet and of the milestones sheet left out, and why (listed up to a bound). */
  skippedRows: z.number().int(),
  skippedMilestones: z.number().int(),
  skipped: z.array(importRowErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importStageSchema = z.enum(['reading', 'checking', 'writing']);
export type ImportStage = z.infer<typeof importStageSchema>;

/** The lines of a streamed import whose result line carries `result`: progress lines, then a result or error line. */
export const importStreamLinesOf = <T extends z.ZodType>(result: T) =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('progress'),
      stage: importStageSchema,
      done: z.number().int(),
      total: z.number().int(),
    }),
    z.object({ type: z.literal('result'), data: result }),
    z.object({
      type: z.literal('error'),
      status: z.number().int(),
      error: z.string(),
      code: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  ]);

/** The lines of a streamed commit (`Accept: application/x-ndjson`), one JSON object per line. */
export const importStreamLineSchema = importStreamLinesOf(importResultSchema);
export type ImportStreamLine = z.infer<typeof importStreamLineSchema>;
