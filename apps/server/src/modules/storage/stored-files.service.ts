import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { StorageDriverKind } from '@keel/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { afterCommit, inTenant, readInTenant } from '../../db/scope.js';
import { detectContentType } from '../../storage/content-type.js';
import { SpoolTooLargeError, spoolUpload } from '../../storage/upload-spool.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import {
  createRotatedTokenKeeper,
  createStorageSecrets,
  DEFAULT_SETTINGS,
  driverForStoredFile,
  resolveDriver,
  type StorageSecrets,
} from './storage.drivers.js';
import * as errors from './storage.errors.js';
import * as repository from './storage.repository.js';

export interface StoredFile {
  id: string;
  contentType: string;
  bytes: number;
  sha256: string;
  driver: StorageDriverKind;
}

export interface StoredFilesService {
  /** Spools the upload (size enforced while streaming), decides its type by its bytes, puts it where the organization keeps files now, records it. */
  store(
    organizationId: string,
    userId: string,
    upload: { stream: Readable; fileName: string },
    rules: { maxBytes: number; allowedTypes: readonly string[] },
  ): Promise<StoredFile>;
  open(organizationId: string, storedFileId: string): Promise<{ stream: Readable; contentType: string; bytes: number }>;
  remove(organizationId: string, storedFileId: string): Promise<void>;
  /**
   * Puts bytes already checked where the organization keeps files now, without a row: for an import that writes
   * the rows in its own transaction. `discard` removes the copy when that transaction does not commit.
   */
  place(
    organizationId: string,
    content: { bytes: number; contentType: string; open: () => Readable },
  ): Promise<PlacedCopy>;
}

export interface PlacedCopy {
  driver: StorageDriverKind;
  locator: string;
  discard(): Promise<void>;
}

/** Never the user's file name: a name a path, a key or a Drive title can hold as it is, unique without looking. */
export function storedName(organizationId: string, now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${organizationId}/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/** The settings of the organization whose files are asked for (the defaults before it saved any). */
export async function currentSettings(organizationId: string): Promise<repository.StorageSettingsRow> {
  return (await repository.findSettings(organizationId)) ?? { ...DEFAULT_SETTINGS, organizationId };
}

/** Removing a copy nobody points at any more: its failure leaves bytes behind, never a broken file. */
async function removeQuietly(driver: StorageDriver, locator: string): Promise<void> {
  try {
    await driver.remove(locator);
  } catch {
    // The row is already gone or was never written: an unreferenced copy is all that can remain.
  }
}

export function createStoredFilesService(deps: {
  db: Database;
  config: Config;
  /** Built from the server secret when not given (tests share one with the settings service). */
  secrets?: StorageSecrets;
}): StoredFilesService {
  const { db, config } = deps;
  const secrets = deps.secrets ?? createStorageSecrets(config.jwtSecret);
  const keepRotatedToken = createRotatedTokenKeeper(db, secrets);
  const scope = (organizationId: string, userId: string | null = null) => ({ organizationId, userId });

  async function spool(stream: Readable, maxBytes: number) {
    try {
      return await spoolUpload(stream, { tmpDir: config.storage.tmpDir, maxBytes });
    } catch (error) {
      if (error instanceof SpoolTooLargeError) throw errors.tooLarge(maxBytes);
      throw error;
    }
  }

  return {
    async store(organizationId, userId, upload, rules) {
      const spooled = await spool(upload.stream, rules.maxBytes);
      try {
        if (spooled.bytes === 0) throw errors.emptyFile();
        const contentType = await detectContentType(spooled.head, upload.fileName, rules.allowedTypes);
        if (!contentType) throw errors.unsupportedType();
        const settings = await readInTenant(db, scope(organizationId, userId), () => currentSettings(organizationId));
        const kind = settings.driver;
        const driver = driverForStoredFile(config, secrets, settings, kind, keepRotatedToken);
        let locator: string;
        try {
          ({ locator } = await driver.put(storedName(organizationId, new Date()), {
            bytes: spooled.bytes,
            contentType,
            open: () => spooled.open(),
          }));
        } catch (error) {
          throw errors.storageFailure(kind, error, 'write');
        }
        try {
          const row = await inTenant(db, scope(organizationId, userId), () =>
            repository.insertStoredFile(organizationId, {
              driver: kind,
              locator,
              contentType,
              bytes: spooled.bytes,
              sha256: spooled.sha256,
              createdById: userId,
            }),
          );
          return { id: row.id, contentType, bytes: row.bytes, sha256: spooled.sha256, driver: kind };
        } catch (error) {
          await removeQuietly(driver, locator);
          throw error;
        }
      } finally {
        await spooled.discard();
      }
    },

    async open(organizationId, storedFileId) {
      const { row, settings } = await readInTenant(db, scope(organizationId), async () => ({
        row: await repository.findStoredFile(organizationId, storedFileId),
        settings: await currentSettings(organizationId),
      }));
      if (!row) throw errors.fileNotFound();
      const driver = driverForStoredFile(config, secrets, settings, row.driver, keepRotatedToken);
      try {
        return { stream: await driver.open(row.locator), contentType: row.contentType, bytes: row.bytes };
      } catch (error) {
        throw errors.storageFailure(row.driver, error, 'read');
      }
    },

    /**
     * The row goes first, in the caller's transaction if there is one; the bytes only once that commits, so a
     * rollback leaves a file that still opens.
     */
    async remove(organizationId, storedFileId) {
      const removals: Promise<void>[] = [];
      await inTenant(db, scope(organizationId), async () => {
        const row = await repository.deleteStoredFile(organizationId, storedFileId);
        if (!row) throw errors.fileNotFound();
        const resolution = resolveDriver(
          config,
          secrets,
          await currentSettings(organizationId),
          row.driver,
          keepRotatedToken,
        );
        // A place disconnected meanwhile: nothing here can reach its copy any more.
        if ('driver' in resolution) afterCommit(() => removals.push(removeQuietly(resolution.driver, row.locator)));
      });
      await Promise.all(removals);
    },

    async place(organizationId, content) {
      const settings = await readInTenant(db, scope(organizationId), () => currentSettings(organizationId));
      const kind = settings.driver;
      const driver = driverForStoredFile(config, secrets, settings, kind, keepRotatedToken);
      try {
        const { locator } = await driver.put(storedName(organizationId, new Date()), content);
        return { driver: kind, locator, discard: () => removeQuietly(driver, locator) };
      } catch (error) {
        throw errors.storageFailure(kind, error, 'write');
      }
    },
  };
}
