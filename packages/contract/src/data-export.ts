import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from './common.js';

/** What the archive says it is, and the version of its layout: an importer refuses any other. */
export const DATA_EXPORT_FORMAT = 'keel-organization-export';
export const DATA_EXPORT_SCHEMA_VERSION = 1;
/** An archive can be downloaded for this long, then it is deleted. */
export const DATA_EXPORT_KEEP_DAYS = 7;
/** The exports listed: the newest, whatever their state. */
export const DATA_EXPORTS_LISTED = 10;

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

export const dataExportSchema = z.object({
  id: uuidSchema,
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Tables written so far, of `stepsTotal` (files count as one step). */
  stepsDone: z.number().int(),
  stepsTotal: z.number().int(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  requestedByName: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
  expiresAt: isoDateTimeSchema.nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportListSchema = z.object({ data: z.array(dataExportSchema) });

/** `manifest.json` at the archive's root. */
export const dataExportManifestSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  schemaVersion: z.number().int(),
  exportedAt: isoDateTimeSchema,
  organization: z.object({ id: uuidSchema, name: z.string() }),
  /** Rows per table, as written under data/ and csv/. */
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.number().int().min(0),
  /** Files whose place could not be read when the archive was made: named, never silently left out. */
  missingFiles: z.array(z.object({ id: uuidSchema, reason: z.string() })),
});
export type DataExportManifest = z.infer<typeof dataExportManifestSchema>;

/** What an import of an archive made: a new organization owned by the importer, and what it holds. */
export const dataImportResultSchema = z.object({
  organizationId: uuidSchema,
  organizationName: z.string(),
  /** Rows written per table. */
  rows: z.record(z.string(), z.number().int().min(0)),
  files: z.number().int().min(0),
  /** Files the export could not read (its `missingFiles`): left out, with the attachments and versions holding them. */
  filesMissing: z.number().int().min(0),
  /** People of the archive who already had an account here (found by e-mail) and those given a new one. */
  peopleMatched: z.number().int().min(0),
  peopleNew: z.number().int().min(0),
  /** People sent an invitation to join: everyone active or invited in the archive but the importer. */
  invitationsSent: z.number().int().min(0),
  /** False when the server sends no mail: the invitations wait, and Users resends them with their links. */
  invitationsMailed: z.boolean(),
  /** Tables the archive carries that could not be restored, and why (their secrets are never exported). */
  notRestored: z.array(z.object({ table: z.string(), reason: z.string() })),
});
export type DataImportResult = z.infer<typeof dataImportResultSchema>;

export const DATA_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** What a running import is doing: reading the archive through, copying its files, writing its rows. */
export const DATA_IMPORT_PHASES = ['checking', 'files', 'restoring'] as const;
/** The imports a person is shown: their newest. */
export const DATA_IMPORTS_LISTED = 5;

/** An archive being imported in the background by the person who uploaded it, and its outcome. */
export const dataImportSchema = z.object({
  id: uuidSchema,
  status: z.enum(DATA_IMPORT_STATUSES),
  phase: z.enum(DATA_IMPORT_PHASES).nullable(),
  /** Steps of the phase done so far, of `stepsTotal` (tables read, files copied). */
  stepsDone: z.number().int(),
  stepsTotal: z.number().int(),
  /** The name manifest.json gives the exported organization. */
  organizationName: z.string(),
  result: dataImportResultSchema.nullable(),
  /** Why an archive was refused or the import stopped: nothing of it was kept. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});
export type DataImport = z.infer<typeof dataImportSchema>;
export const dataImportListSchema = z.object({ data: z.array(dataImportSchema) });
