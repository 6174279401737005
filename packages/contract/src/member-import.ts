import { z } from 'zod';
import { importRowErrorSchema, importStreamLinesOf } from './imports.js';
import { invitationDeliverySchema } from './members.js';

/** The columns a bulk user import reads, in the order the page lists them. */
export const MEMBER_IMPORT_FIELDS = ['email', 'firstName', 'lastName', 'role', 'teams'] as const;
export type MemberImportField = (typeof MEMBER_IMPORT_FIELDS)[number];
export const MEMBER_IMPORT_FIELD_LABELS: Record<MemberImportField, string> = {
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  role: 'Role',
  teams: 'Teams',
};
/** The preview lists this many rows; every row is checked and counted. */
export const MEMBER_IMPORT_ROWS_LISTED = 1000;
export const MEMBER_IMPORT_NAME_MAX = 100;

/** new: will be invited; skipped: already a member or invited (a notice, not an error); invalid: has errors. */
export const memberImportRowStatusSchema = z.enum(['new', 'skipped', 'invalid']);
export type MemberImportRowStatus = z.infer<typeof memberImportRowStatusSchema>;

export const memberImportRowSchema = z.object({
  rowNumber: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  teams: z.array(z.string()),
  status: memberImportRowStatusSchema,
  /** Why a row is skipped ("Already a member"); errors are listed separately. */
  notice: z.string().nullable(),
});
export type MemberImportRow = z.infer<typeof memberImportRowSchema>;

export const memberImportPreviewSchema = z.object({
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  sheet: z.string(),
  /** Which header feeds each field (null: the file has no such column). */
  columns: z.record(z.string(), z.string().nullable()),
  totalRows: z.number().int(),
  newCount: z.number().int(),
  skippedCount: z.number().int(),
  invalidCount: z.number().int(),
  rows: z.array(memberImportRowSchema),
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
});
export type MemberImportPreview = z.infer<typeof memberImportPreviewSchema>;

export const memberImportResultSchema = z.object({
  /** Invitations created (and mailed once the transaction committed). */
  invited: z.number().int(),
  /** Rows already a member or already invited: left as they were. */
  skipped: z.number().int(),
  /** Rows with errors: not imported. */
  invalid: z.number().int(),
  /** How the new invitations' links reach the people (see invitationDeliverySchema); absent when none was created. */
  delivery: invitationDeliverySchema.optional(),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

/** The lines of a streamed bulk import (`Accept: application/x-ndjson`), as the other imports stream. */
export const memberImportStreamLineSchema = importStreamLinesOf(memberImportResultSchema);
export type MemberImportStreamLine = z.infer<typeof memberImportStreamLineSchema>;
