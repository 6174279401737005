import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drive, type drive_v3 } from '@googleapis/drive';
import type { StorageOAuthConfig } from '../../config.js';
import { forgetStorageAccessToken, googleOAuthClient, storageAccessTokenWithExpiry } from '../oauth/storage-oauth.js';
import { StorageError, isStorageError, type StorageDriver } from '../storage-driver.js';
import { probeDriver } from './probe.js';

const FOLDER_MIME = 'application/vnd.google-apps.folder';

export interface GoogleDriveAccess {
  config: StorageOAuthConfig;
  refreshToken: string;
}

interface GoogleApiFailure {
  status?: number;
  code?: string | number;
  response?: { status?: number; data?: unknown };
}

function reasonsOf(data: unknown): string[] {
  const errors = (data as { error?: { errors?: { reason?: string }[] } } | undefined)?.error?.errors;
  return Array.isArray(errors) ? errors.map((entry) => entry.reason ?? '') : [];
}

/** Google's answer in the contract's four kinds, in words for an administrator (never a token). */
function toStorageError(error: unknown, subject: string): StorageError {
  if (isStorageError(error)) return error;
  const failure = error as GoogleApiFailure;
  const status = failure.response?.status ?? failure.status;
  const reasons = reasonsOf(failure.response?.data);
  if (status === 401) {
    return new StorageError(
      'unauthorized',
      'Google Drive refused access: an administrator must connect it again in Storage settings.',
      { cause: error },
    );
  }
  if (status === 403 && reasons.some((reason) => /quota|storageQuotaExceeded/i.test(reason) && !/rate/i.test(reason))) {
    return new StorageError('rejected', 'The Google Drive is full: free some space or raise its storage quota.', {
      cause: error,
    });
  }
  if (status === 403 && reasons.some((reason) => /rateLimit/i.test(reason))) {
    return new StorageError(
      'unavailable',
      'Google Drive is limiting requests just now; please try again in a minute.',
      {
        cause: error,
      },
    );
  }
  if (status === 403) {
    return new StorageError(
      'unauthorized',
      `Google Drive did not allow Keel to use ${subject}: an administrator must connect it again in Storage settings.`,
      { cause: error },
    );
  }
  if (status === 404) {
    return new StorageError(
      'not_found',
      `Google Drive could not find ${subject} (it may have been deleted or moved to the bin).`,
      {
        cause: error,
      },
    );
  }
  if (status === 413 || status === 400) {
    return new StorageError('rejected', `Google Drive refused the file (status ${status}).`, { cause: error });
  }
  return new StorageError(
    'unavailable',
    status
      ? `Google Drive failed (status ${status}); please try again in a few minutes.`
      : 'Google Drive could not be reached; please try again in a few minutes.',
    { cause: error },
  );
}

/** A Drive client whose bearer token comes from the shared cache of refreshed access tokens. */
function driveClient({ config, refreshToken }: GoogleDriveAccess): drive_v3.Drive {
  const auth = googleOAuthClient(config);
  auth.refreshHandler = async () => {
    const { accessToken, expiresAt } = await storageAccessTokenWithExpiry('google_drive', config, refreshToken);
    return { access_token: accessToken, expiry_date: expiresAt };
  };
  return drive({ version: 'v3', auth, rootUrl: config.apiUrl });
}

/**
 * Runs a call to Drive; a refused access token is dropped from the cache and the call tried once more, so an
 * expired token costs a retry while a revoked grant ends as `unauthorized` from the token endpoint.
 */
async function withAccess<T>(access: GoogleDriveAccess, subject: string, call: (api: drive_v3.Drive) => Promise<T>) {
  try {
    return await call(driveClient(access));
  } catch (error) {
    const status = (error as GoogleApiFailure).response?.status ?? (error as GoogleApiFailure).status;
    if (status !== 401) throw toStorageError(error, subject);
    forgetStorageAccessToken('google_drive', access.config, access.refreshToken);
  }
  try {
    return await call(driveClient(access));
  } catch (error) {
    throw toStorageError(error, subject);
  }
}

const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The app's folder of that name (only what Keel created is visible to its drive.file scope), made if missing. */
export async function ensureGoogleDriveFolder({
  config,
  refreshToken,
  name,
}: GoogleDriveAccess & { name: string }): Promise<{ id: string; name: string }> {
  return withAccess({ config, refreshToken }, `the folder "${name}"`, async (api) => {
    const found = await api.files.list({
      q: `mimeType = ${quoted(FOLDER_MIME)} and name = ${quoted(name)} and trashed = false`,
      fields: 'files(id, name)',
      spaces: 'drive',
      pageSize: 10,
    });
    const existing = found.data.files?.find((file) => file.id);
    if (existing?.id) return { id: existing.id, name: existing.name ?? name };
    const created = await api.files.create({ requestBody: { name, mimeType: FOLDER_MIME }, fields: 'id, name' });
    if (!created.data.id) throw new StorageError('unavailable', 'Google Drive did not say which folder it created.');
    return { id: created.data.id, name: created.data.name ?? name };
  });
}

export function createGoogleDriveDriver({
  config,
  refreshToken,
  folderId,
}: GoogleDriveAccess & { folderId: string }): StorageDriver {
  const access = { config, refreshToken };

  const driver: StorageDriver = {
    // One multipart request: Drive creates the file only once every byte has arrived, so a failure leaves nothing.
    async put(name, source) {
      return withAccess(access, 'the Keel folder', async (api) => {
        // The source is piped through, so a read failure aborts the request instead of leaving it waiting.
        const reading = new AbortController();
        const body = new PassThrough();
        pipeline(source.open(), body).catch((error: unknown) => reading.abort(error));
        const created = await api.files
          .create(
            {
              requestBody: { name, parents: [folderId] },
              media: { mimeType: source.contentType, body },
              fields: 'id, size',
            },
            // The generated client builds the upload address from the call's rootUrl, not the client's.
            { rootUrl: config.apiUrl, signal: reading.signal },
          )
          .catch((error: unknown) => {
            if (!reading.signal.aborted) throw error;
            throw new StorageError('unavailable', `Keel could not read "${name}" to the end, so nothing was stored.`, {
              cause: reading.signal.reason,
            });
          });
        if (!created.data.id) throw new StorageError('unavailable', 'Google Drive did not say which file it created.');
        if (
          created.data.size !== undefined &&
          created.data.size !== null &&
          Number(created.data.size) !== source.bytes
        ) {
          await api.files.delete({ fileId: created.data.id }).catch(() => undefined);
          throw new StorageError(
            'unavailable',
            `Google Drive stored an incomplete copy of "${name}"; please try again.`,
          );
        }
        return { locator: created.data.id };
      });
    },

    async open(locator) {
      return withAccess(access, 'this file', async (api) => {
        const response = await api.files.get({ fileId: locator, alt: 'media' }, { responseType: 'stream' });
        const body: unknown = response.data;
        return body instanceof Readable ? body : Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]);
      });
    },

    async remove(locator) {
      try {
        await withAccess(access, 'this file', (api) => api.files.delete({ fileId: locator }));
      } catch (error) {
        if (isStorageError(error) && error.kind === 'not_found') return;
        throw error;
      }
    },

    check: () => probeDriver(driver, 'Google Drive'),
  };
  return driver;
}
