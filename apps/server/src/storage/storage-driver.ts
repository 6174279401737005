import type { Readable } from 'node:stream';

/** The bytes handed to a driver: their size is known, and they can be read again if a driver must retry. */
export interface StorageSource {
  bytes: number;
  contentType: string;
  open(): Readable;
}

/**
 * One place files are kept: the server's disk, an S3-compatible bucket, a folder of a Google Drive, a
 * OneDrive or SharePoint library. Drivers know nothing of organizations or features: the caller names
 * each file (`name`, safe and unique), and keeps the `locator` the driver answers with (a key, a
 * Drive file id, a Graph item id) to read or remove it later.
 *
 * A write either completes or leaves nothing behind. Failures are `StorageError`s.
 */
export interface StorageDriver {
  put(name: string, source: StorageSource): Promise<{ locator: string }>;
  /** The bytes, streamed; `StorageError('not_found')` when they are gone. */
  open(locator: string): Promise<Readable>;
  /** Removing what is already gone is not an error. */
  remove(locator: string): Promise<void>;
  /** Writes, reads back and removes a small probe file: proves the settings work end to end. */
  check(): Promise<void>;
}

/**
 * - `unauthorized`: the credentials are wrong, expired or revoked (an administrator must fix the settings);
 * - `not_found`: the bucket, folder, drive or file does not exist;
 * - `unavailable`: the service could not be reached or failed (worth trying again later);
 * - `rejected`: the service refused this file (too large for it, quota full).
 */
export type StorageErrorKind = 'unauthorized' | 'not_found' | 'unavailable' | 'rejected';

/** A driver's failure, with a message an administrator can act on and no secret in it. */
export class StorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export const isStorageError = (error: unknown): error is StorageError => error instanceof StorageError;
