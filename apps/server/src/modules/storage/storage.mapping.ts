import type { CloudDriveConnection, StorageMove, StorageSettings } from '@keel/contract';
import type { Config } from '../../config.js';
import type { StorageMoveRow, StorageSettingsRow } from './storage.repository.js';

export function toMove(row: StorageMoveRow): StorageMove {
  return {
    id: row.id,
    from: row.fromDriver,
    to: row.toDriver,
    status: row.status,
    total: row.total,
    moved: row.moved,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function connection(
  sealedToken: string | null,
  connectedAs: string | null,
  connectedAt: Date | null,
  locationId: string | null,
  locationName: string | null,
): CloudDriveConnection | null {
  if (!sealedToken) return null;
  return {
    connectedAs: connectedAs ?? '',
    connectedAt: (connectedAt ?? new Date(0)).toISOString(),
    locationId,
    locationName,
  };
}

/** What an administrator sees of the settings: never a secret, only whether one is kept. */
export function toSettings(
  config: Config,
  row: StorageSettingsRow,
  usage: StorageSettings['usage'],
  move: StorageMoveRow | undefined,
): StorageSettings {
  return {
    driver: row.driver,
    s3:
      row.s3Bucket === null
        ? null
        : {
            endpoint: row.s3Endpoint,
            bucket: row.s3Bucket,
            region: row.s3Region ?? '',
            accessKeyId: row.s3AccessKeyId ?? '',
            forcePathStyle: row.s3ForcePathStyle === 1,
            prefix: row.s3Prefix,
            hasSecretAccessKey: row.s3SecretSealed !== null,
          },
    googleDrive: connection(
      row.googleRefreshTokenSealed,
      row.googleConnectedAs,
      row.googleConnectedAt,
      row.googleFolderId,
      row.googleFolderName,
    ),
    microsoft: connection(
      row.microsoftRefreshTokenSealed,
      row.microsoftConnectedAs,
      row.microsoftConnectedAt,
      row.microsoftDriveId,
      row.microsoftDriveName,
    ),
    providers: {
      google_drive: { configured: config.storage.googleDrive !== undefined },
      microsoft: { configured: config.storage.microsoft !== undefined },
    },
    usage,
    move: move ? toMove(move) : null,
    version: row.version,
  };
}
