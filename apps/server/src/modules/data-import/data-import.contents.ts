import {
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_SCHEMA_VERSION,
  dataExportManifestSchema,
  type DataExportManifest,
} from '@keel/contract';
import { z } from 'zod';
import type { RestorableTable } from '../../db/tenant-restore.js';
import { detectContentType } from '../../storage/content-type.js';
import type { ArchivedFile, ReadArchive } from './data-import.archive.js';
import * as errors from './data-import.errors.js';

export type Row = Record<string, unknown>;

/** An archive whose every part says what the export's layout says, checked against today's tables. */
export interface CheckedArchive {
  manifest: DataExportManifest;
  organization: z.infer<typeof organizationSchema>;
  people: z.infer<typeof peopleSchema>;
  rows: Map<string, Row[]>;
  files: Map<string, ArchivedFile>;
  /** Stored files the export could not read (its `missingFiles`): their rows are left out of `rows`. */
  missingFileIds: Set<string>;
}

const organizationSchema = z.object({
  name: z.string().trim().min(1).max(200),
  themePrimaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  themeSecondaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  themeAccentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  timezone: z.string().max(100).optional(),
  weekStartDay: z.number().int().min(0).max(6).optional(),
  fiscalYearStartMonth: z.number().int().min(1).max(12).optional(),
  methodology: z.enum(['eos', '4dx', 'okrs', 'scaling_up', 'custom']).nullable().optional(),
});

const peopleSchema = z.array(
  z.object({
    id: z.uuid(),
    email: z.string().trim().min(3).max(320),
    firstName: z.string().max(200),
    lastName: z.string().max(200),
  }),
);

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'the whole file'}: ${issue.message}` : 'unreadable';
};

export function manifestOf(value: unknown): DataExportManifest {
  if (value === undefined) throw errors.missingEntry('manifest.json');
  if (!isRow(value) || value.format !== DATA_EXPORT_FORMAT) throw errors.notKeelExport();
  if (value.schemaVersion !== DATA_EXPORT_SCHEMA_VERSION) throw errors.unknownVersion(value.schemaVersion);
  const parsed = dataExportManifestSchema.safeParse(value);
  if (!parsed.success) throw errors.badShape('manifest.json', firstIssue(parsed.error));
  return parsed.data;
}

function parsedEntry<T>(archive: ReadArchive, name: string, schema: z.ZodType<T>): T {
  const value = archive.json.get(name);
  if (value === undefined) throw errors.missingEntry(name);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw errors.badShape(name, firstIssue(parsed.error));
  return parsed.data;
}

/** Every data/<table>.json: an array of objects, of a table Keel has, with only its columns and a UUID `id`. */
function rowsOf(archive: ReadArchive, manifest: DataExportManifest, tables: Map<string, RestorableTable>) {
  const rows = new Map<string, Row[]>();
  for (const [table, value] of archive.tables) {
    const shape = tables.get(table);
    if (!shape) throw errors.unknownTable(table);
    if (!Array.isArray(value) || !value.every(isRow)) {
      throw errors.badShape(`data/${table}.json`, 'it must be a JSON array of objects, one a row');
    }
    for (const row of value) {
      for (const column of Object.keys(row))
        if (shape.columns.get(column)?.secret !== false) throw errors.unknownColumn(table, column);
      if (shape.columns.has('id') && !z.uuid().safeParse(row.id).success) {
        throw errors.badShape(`data/${table}.json`, `a row's id ${JSON.stringify(row.id)} is not a UUID`);
      }
    }
    if (manifest.tables[table] !== value.length) {
      throw errors.badShape(
        `data/${table}.json`,
        `it holds ${value.length} rows where manifest.json says ${manifest.tables[table] ?? 0}`,
      );
    }
    rows.set(table, value);
  }
  for (const table of Object.keys(manifest.tables)) {
    if (!rows.has(table)) throw errors.missingEntry(`data/${table}.json`);
  }
  return rows;
}

/** Types whose bytes alone do not tell them apart: the name's extension an upload would have had decides. */
const EXTENSION_OF_TYPE: Readonly<Record<string, string>> = {
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'image/svg+xml': 'svg',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
};

/**
 * Each stored file's bytes are in the archive, of the size and SHA-256 its row records, and of the type it
 * claims, proven by the bytes as an upload's is: an edited row cannot make a file be served as something else.
 */
async function checkFiles(rows: Map<string, Row[]>, files: Map<string, ArchivedFile>) {
  const stored = rows.get('stored_files') ?? [];
  for (const row of stored) {
    const id = String(row.id);
    const file = files.get(id);
    if (!file) throw errors.fileMismatch(id, 'is missing from the archive, though data/stored_files.json lists it');
    if (Number(row.bytes) !== file.bytes) throw errors.fileMismatch(id, 'is not of the size its row records');
    if (String(row.sha256).toLowerCase() !== file.sha256) {
      throw errors.fileMismatch(id, 'does not have the SHA-256 its row records: it was changed');
    }
    const claimed = String(row.content_type);
    const proven = await detectContentType(file.head, `file.${EXTENSION_OF_TYPE[claimed] ?? 'bin'}`, [claimed]);
    if (!proven) throw errors.fileMismatch(id, `is not the ${claimed} its row says it is`);
  }
  const listed = new Set(stored.map((row) => String(row.id)));
  for (const id of files.keys()) {
    if (!listed.has(id)) throw errors.fileMismatch(id, 'is in no row of data/stored_files.json');
  }
}

export async function checkArchive(
  archive: ReadArchive,
  tables: Map<string, RestorableTable>,
): Promise<CheckedArchive> {
  const manifest = manifestOf(archive.json.get('manifest.json'));
  const organization = parsedEntry(archive, 'organization.json', organizationSchema);
  const people = parsedEntry(archive, 'people.json', peopleSchema);
  const rows = rowsOf(archive, manifest, tables);
  // Only a file the manifest owns up to may be absent; its row goes, and the rows holding it follow on restore.
  const missingFileIds = new Set(
    manifest.missingFiles.map((file) => file.id.toLowerCase()).filter((id) => !archive.files.has(id)),
  );
  const stored = rows.get('stored_files');
  if (stored)
    rows.set(
      'stored_files',
      stored.filter((row) => !missingFileIds.has(String(row.id).toLowerCase())),
    );
  await checkFiles(rows, archive.files);
  return { manifest, organization, people, rows, files: archive.files, missingFileIds };
}
