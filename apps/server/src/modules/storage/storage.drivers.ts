import path from 'node:path';
import type { StorageDriverKind, StorageOAuthProvider } from '@keel/contract';
import type { Config } from '../../config.js';
import { createSecretBox, type SecretBox } from '../../crypto/secret-box.js';
import type { Database } from '../../db/database.js';
import { afterCommit, hasActiveScope, inTenant } from '../../db/scope.js';
import { createGoogleDriveDriver } from '../../storage/drivers/google-drive-driver.js';
import { createLocalDriver } from '../../storage/drivers/local-driver.js';
import { createMicrosoftGraphDriver } from '../../storage/drivers/microsoft-graph-driver.js';
import { createS3Driver } from '../../storage/drivers/s3-driver.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import * as errors from './storage.errors.js';
import * as repository from './storage.repository.js';
import type { StorageSettingsRow } from './storage.repository.js';

/** The settings an organization has before it saves any: everything on the server's disk. */
export const DEFAULT_SETTINGS: StorageSettingsRow = {
  organizationId: '',
  driver: 'local',
  s3Endpoint: null,
  s3Bucket: null,
  s3Region: null,
  s3AccessKeyId: null,
  s3SecretSealed: null,
  s3ForcePathStyle: 0,
  s3Prefix: '',
  googleRefreshTokenSealed: null,
  googleConnectedAs: null,
  googleConnectedAt: null,
  googleFolderId: null,
  googleFolderName: null,
  microsoftRefreshTokenSealed: null,
  microsoftConnectedAs: null,
  microsoftConnectedAt: null,
  microsoftDriveId: null,
  microsoftDriveName: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  version: 1,
};

/** Each secret sealed for its own purpose: an S3 key cannot be opened as a Google token. */
export interface StorageSecrets {
  s3: SecretBox;
  google_drive: SecretBox;
  microsoft: SecretBox;
}

export const createStorageSecrets = (serverSecret: string): StorageSecrets => ({
  s3: createSecretBox(serverSecret, 'storage.s3'),
  google_drive: createSecretBox(serverSecret, 'storage.google_drive'),
  microsoft: createSecretBox(serverSecret, 'storage.microsoft'),
});

export const oauthConfigOf = (config: Config, provider: StorageOAuthProvider) =>
  provider === 'google_drive' ? config.storage.googleDrive : config.storage.microsoft;

export const refreshTokenSealedOf = (settings: StorageSettingsRow, provider: StorageOAuthProvider) =>
  provider === 'google_drive' ? settings.googleRefreshTokenSealed : settings.microsoftRefreshTokenSealed;

/** Keeps the newer refresh token a provider handed out while a driver of `organizationId` was in use. */
export type RotatedTokenKeeper = (
  organizationId: string,
  provider: StorageOAuthProvider,
  previousSealed: string,
  refreshToken: string,
) => Promise<void>;

/**
 * Saved in a transaction of its own once the caller's commits: a read-only request may rotate the token, and on the
 * embedded database a second transaction cannot start while the caller's is open. Losing it only costs a later
 * refresh with the older token, which Microsoft keeps accepting until it expires.
 */
export function createRotatedTokenKeeper(db: Database, secrets: StorageSecrets): RotatedTokenKeeper {
  return async (organizationId, provider, previousSealed, refreshToken) => {
    const save = () =>
      inTenant(db, { organizationId, userId: null }, () =>
        repository.replaceRefreshToken(organizationId, provider, previousSealed, secrets[provider].seal(refreshToken)),
      ).then(
        () => undefined,
        () => undefined,
      );
    if (hasActiveScope()) afterCommit(() => void save());
    else await save();
  };
}

export type DriverResolution = { driver: StorageDriver } | { problem: string };

const UNREADABLE_SECRET =
  'its saved secret can no longer be read (the server secret changed): save or connect it again.';

/** A secret sealed under another server secret opens to nothing rather than failing the request. */
export function openSealed(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

/**
 * The driver of one place, built from the organization's settings: a file stays readable where it is after the
 * organization sends new files elsewhere. Answers what is missing when that place is not set up.
 */
export function resolveDriver(
  config: Config,
  secrets: StorageSecrets,
  settings: StorageSettingsRow,
  kind: StorageDriverKind,
  keepRotatedToken?: RotatedTokenKeeper,
): DriverResolution {
  switch (kind) {
    case 'local':
      return { driver: createLocalDriver(path.join(config.dataDir, 'files')) };
    case 's3': {
      const { s3Bucket, s3Region, s3AccessKeyId, s3SecretSealed } = settings;
      if (!s3Bucket || !s3Region || !s3AccessKeyId || !s3SecretSealed) {
        return { problem: 'save its bucket, region and keys first.' };
      }
      const secretAccessKey = openSealed(secrets.s3, s3SecretSealed);
      if (secretAccessKey === null) return { problem: UNREADABLE_SECRET };
      return {
        driver: createS3Driver({
          endpoint: settings.s3Endpoint,
          bucket: s3Bucket,
          region: s3Region,
          accessKeyId: s3AccessKeyId,
          secretAccessKey,
          forcePathStyle: settings.s3ForcePathStyle === 1,
          prefix: settings.s3Prefix,
        }),
      };
    }
    case 'google_drive': {
      const oauth = config.storage.googleDrive;
      if (!oauth) return { problem: 'it is not configured on this server.' };
      if (!settings.googleRefreshTokenSealed || !settings.googleFolderId) return { problem: 'connect it first.' };
      const refreshToken = openSealed(secrets.google_drive, settings.googleRefreshTokenSealed);
      if (refreshToken === null) return { problem: UNREADABLE_SECRET };
      return {
        driver: createGoogleDriveDriver({
          config: oauth,
          refreshToken,
          folderId: settings.googleFolderId,
        }),
      };
    }
    case 'microsoft': {
      const oauth = config.storage.microsoft;
      if (!oauth) return { problem: 'it is not configured on this server.' };
      if (!settings.microsoftRefreshTokenSealed) return { problem: 'connect it first.' };
      if (!settings.microsoftDriveId) return { problem: 'choose the drive or library to keep files in first.' };
      const sealed = settings.microsoftRefreshTokenSealed;
      const refreshToken = openSealed(secrets.microsoft, sealed);
      if (refreshToken === null) return { problem: UNREADABLE_SECRET };
      return {
        driver: createMicrosoftGraphDriver({
          config: oauth,
          refreshToken,
          driveId: settings.microsoftDriveId,
          ...(keepRotatedToken && {
            onRefreshTokenRotated: (newer: string) =>
              keepRotatedToken(settings.organizationId, 'microsoft', sealed, newer),
          }),
        }),
      };
    }
  }
}

/** The driver of a place that must be usable now: a place that is not set up is a 400 with what to do. */
export function requireDriver(
  config: Config,
  secrets: StorageSecrets,
  settings: StorageSettingsRow,
  kind: StorageDriverKind,
  keepRotatedToken?: RotatedTokenKeeper,
): StorageDriver {
  const resolution = resolveDriver(config, secrets, settings, kind, keepRotatedToken);
  if ('problem' in resolution) throw errors.notSetUp(kind, resolution.problem);
  return resolution.driver;
}

/**
 * For files already kept somewhere: a place whose settings were removed since is as good as unreachable (503), not
 * the reader's mistake (400).
 */
export function driverForStoredFile(
  config: Config,
  secrets: StorageSecrets,
  settings: StorageSettingsRow,
  kind: StorageDriverKind,
  keepRotatedToken?: RotatedTokenKeeper,
): StorageDriver {
  const resolution = resolveDriver(config, secrets, settings, kind, keepRotatedToken);
  if ('problem' in resolution) throw errors.placeUnavailable(kind);
  return resolution.driver;
}
