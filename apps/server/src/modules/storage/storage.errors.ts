import { STORAGE_DRIVER_LABELS, type StorageDriverKind, type StorageOAuthProvider } from '@keel/contract';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../http/errors.js';
import { isStorageError } from '../../storage/storage-driver.js';

const MB = 1024 * 1024;

export const placeName = (driver: StorageDriverKind) => STORAGE_DRIVER_LABELS[driver];

export const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'storage.too_large',
    `The file is larger than ${Number.isInteger(maxBytes / MB) ? maxBytes / MB : (maxBytes / MB).toFixed(1)} MB.`,
  );
export const unsupportedType = () =>
  new AppError(
    415,
    'storage.unsupported_type',
    'This kind of file cannot be uploaded. Upload PDFs, images, office documents or text.',
  );
export const emptyFile = () => badRequest('storage.empty_file', 'The file is empty.');
export const fileNotFound = () =>
  notFound('storage.file_not_found', 'This file is no longer where it was kept. It may have been removed.');
export const placeRefusedAccess = (driver: StorageDriverKind) =>
  conflict(
    'storage.unauthorized',
    `${placeName(driver)} refused access: an administrator must check Storage settings.`,
  );
export const placeUnavailable = (driver: StorageDriverKind) =>
  serviceUnavailable(
    'storage.unavailable',
    `${placeName(driver)} could not be reached or did not accept the file. Please try again in a moment.`,
  );

/** A driver's failure as the answer a person sees; anything that is not a StorageError is a fault and stays one. */
export function storageFailure(driver: StorageDriverKind, error: unknown, action: 'read' | 'write'): unknown {
  if (!isStorageError(error)) return error;
  if (error.kind === 'unauthorized') return placeRefusedAccess(driver);
  if (error.kind === 'not_found' && action === 'read') return fileNotFound();
  return placeUnavailable(driver);
}

export const notSetUp = (driver: StorageDriverKind, reason: string) =>
  badRequest('storage.not_set_up', `${placeName(driver)} cannot be used yet: ${reason}`);
export const providerNotConfigured = (provider: StorageOAuthProvider) =>
  badRequest(
    'storage.provider_not_configured',
    `${placeName(provider)} is not configured on this server. Its client id and secret must be set in the server settings.`,
  );
export const notConnected = (provider: StorageOAuthProvider) =>
  badRequest('storage.not_connected', `${placeName(provider)} is not connected. Connect it first.`);
export const driveNotFound = () =>
  badRequest(
    'storage.drive_not_found',
    'This drive is not one the connected account can use. Choose one from the list.',
    [{ path: 'driveId', message: 'Choose one of the listed drives' }],
  );
export const moveRunning = () =>
  conflict('storage.move_running', 'Files are being moved right now. Wait until the move has finished.');
export const stillInUse = (driver: StorageDriverKind, files: number) =>
  conflict(
    'storage.in_use',
    files > 0
      ? `${files} ${files === 1 ? 'file is' : 'files are'} still kept in ${placeName(driver)}. Move them elsewhere before disconnecting it.`
      : `New files go to ${placeName(driver)}. Choose another place for new files before disconnecting it.`,
  );
export const staleSettings = () =>
  conflict(
    'storage.stale_version',
    'Someone else changed the storage settings since you opened them. Reload to see their change, then try again.',
  );
export const secretRequired = () =>
  badRequest('storage.secret_required', 'Enter the secret access key: none is saved yet.', [
    { path: 'secretAccessKey', message: 'Enter the secret access key' },
  ]);

/**
 * A feature that answered with its own words before its files went through storage keeps them: the storage
 * module's refusals of an empty file, a type it does not take and missing bytes, renamed; anything else as is.
 */
export function inFeatureWords(
  error: unknown,
  words: { empty: () => AppError; unsupported: () => AppError; notFound: () => AppError },
): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'storage.empty_file') return words.empty();
  if (error.code === 'storage.unsupported_type') return words.unsupported();
  if (error.code === 'storage.file_not_found') return words.notFound();
  return error;
}
