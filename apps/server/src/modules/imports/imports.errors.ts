import type { ImportRowError } from '@keel/contract';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';

export const fileMissing = () => badRequest('import.file_missing', 'Choose a CSV or Excel (.xlsx) file to import.');
export const malformedUpload = () =>
  badRequest('import.malformed_upload', 'The upload could not be read. Please choose the file again.');
export const badForm = (details: { path: string; message: string }[]) =>
  badRequest('request.invalid', details[0]?.message ?? 'The import form is invalid', details);
export const unknownSheet = (name: string) =>
  badRequest('import.unknown_sheet', `This file has no sheet named "${name}".`, [
    { path: 'mapping.sheet', message: `No sheet named "${name}"` },
  ]);
export const unknownField = (path: string, field: string) =>
  badRequest('request.invalid', `"${field}" is not a field of this import.`, [
    { path, message: `Unknown field "${field}"` },
  ]);
export const unknownHeader = (path: string, header: string, sheet: string) =>
  badRequest('import.unknown_column', `The sheet "${sheet}" has no column named "${header}".`, [
    { path, message: `No column named "${header}"` },
  ]);
export const milestonesOnlyForPriorities = () =>
  badRequest('request.invalid', 'Only a priorities import reads a milestones sheet.', [
    { path: 'mapping.milestoneSheet', message: 'Only for priorities' },
  ]);
export const unknownOwnerChoice = (name: string) =>
  badRequest('import.unknown_member', `The owner chosen for "${name}" is not an active member of this organization.`, [
    { path: `mapping.owners.${name}`, message: 'Not an active member of this organization' },
  ]);
export const observerReadOnly = () =>
  forbidden('auth.observer_read_only', 'Observers can look but not change anything');
export const teamNotFound = () => notFound('team.not_found', 'This team does not exist or has been archived');

/** No row can be written: the file is refused whole and every row error travels back, as the preview lists them. */
export const invalidRows = (rowErrors: ImportRowError[], total: number) =>
  new AppError(
    400,
    'import.invalid_rows',
    `No row can be imported: ${total === 1 ? '1 problem' : `${total.toLocaleString('en-US')} problems`}, listed below; nothing was imported. Choose owners for unknown names or fix the file, then try again.`,
    rowErrors.map((error) => ({
      path: `${error.sheet}!${error.rowNumber}.${error.field}`,
      message: error.message,
    })),
  );
