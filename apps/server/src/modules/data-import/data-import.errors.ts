import { AppError, badRequest } from '../../http/errors.js';

const GB = 1024 * 1024 * 1024;
const refused = (code: string, message: string) => badRequest(`data_import.${code}`, message);

export const archiveMissing = () =>
  refused('archive_missing', 'Choose the export archive (a .zip made by Keel) to import, in the field "archive".');
export const uploadMalformed = () =>
  refused('upload_malformed', 'The upload was cut off or garbled. Please try again.');
export const archiveTooLarge = (maxBytes: number) =>
  new AppError(413, 'data_import.too_large', `The archive is larger than ${maxBytes / GB} GB.`);
export const notAZip = () => refused('not_a_zip', 'This file is not a zip archive, or it is damaged.');
export const unsafeEntry = (name: string) =>
  refused('unsafe_entry', `The archive holds "${name}", a path that points outside the archive. It was not imported.`);
export const unknownEntry = (name: string) =>
  refused('unknown_entry', `The archive holds "${name}", which is not part of Keel's export layout.`);
export const duplicateEntry = (name: string) => refused('duplicate_entry', `The archive holds "${name}" twice.`);
export const tooManyEntries = (max: number) =>
  refused('too_many_entries', `The archive holds more than ${max} entries; an export of Keel never does.`);
export const tooExpanded = () =>
  refused(
    'too_expanded',
    'The archive unpacks to far more than it holds, or more than Keel imports at once. It was not imported.',
  );
export const missingEntry = (name: string) => refused('missing_entry', `The archive has no ${name}.`);
export const badJson = (name: string, reason: string) =>
  refused('bad_json', `${name} is not valid JSON (${reason}). Was it edited by hand?`);
export const notKeelExport = () =>
  refused('not_keel_export', 'manifest.json does not describe a Keel organization export.');
export const unknownVersion = (version: unknown) =>
  refused('unknown_version', `This archive's format version ${String(version)} is not one Keel can import.`);
export const badShape = (name: string, reason: string) => refused('bad_shape', `${name}: ${reason}`);
export const unknownTable = (table: string) =>
  refused('unknown_table', `data/${table}.json is not a table Keel keeps for an organization.`);
export const unknownColumn = (table: string, column: string) =>
  refused('unknown_column', `data/${table}.json has a column "${column}" that the table ${table} does not have.`);
export const missingReference = (table: string, column: string, value: string) =>
  refused(
    'missing_reference',
    `data/${table}.json refers in "${column}" to ${value}, which is in no table of the archive.`,
  );
export const fileMismatch = (id: string, reason: string) =>
  refused('file_mismatch', `files/${id} ${reason}. It was not imported.`);
export const rowsRefused = (table: string, reason: string) =>
  refused('rows_refused', `data/${table}.json could not be restored (${reason}). Nothing was imported.`);
