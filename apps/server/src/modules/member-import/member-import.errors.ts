import type { ImportRowError } from '@keel/contract';
import { badRequest, serviceUnavailable } from '../../http/errors.js';

export const fileMissing = () =>
  badRequest('member_import.file_missing', 'Choose a CSV or Excel (.xlsx) file of people to import.');
export const malformedUpload = () =>
  badRequest('member_import.malformed_upload', 'The upload could not be read. Please choose the file again.');
export const emailColumnMissing = (headers: string[]) =>
  badRequest(
    'member_import.email_column_missing',
    `The file needs an "E-mail" column. Its columns are: ${headers.slice(0, 20).join(', ')}.`,
    [{ path: 'file', message: 'No e-mail column' }],
  );
/** Invitations are built in the members module; until it can send them, nothing is imported. */
export const invitationsUnavailable = () =>
  serviceUnavailable(
    'member_import.not_yet',
    'Bulk invitations are not available yet: nothing was imported. The preview works; try the import again later.',
  );

export const describeRowErrors = (rowErrors: ImportRowError[]) =>
  rowErrors.map((error) => ({ path: `${error.sheet}!${error.rowNumber}.${error.field}`, message: error.message }));
