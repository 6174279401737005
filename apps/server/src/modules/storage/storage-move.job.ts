import { z } from 'zod';
import { STORAGE_DRIVER_LABELS, type StorageDriverKind } from '@keel/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { inTenant, readInTenant } from '../../db/scope.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { SpoolTooLargeError, spoolUpload } from '../../storage/upload-spool.js';
import { isStorageError, type StorageDriver } from '../../storage/storage-driver.js';
import {
  createRotatedTokenKeeper,
  createStorageSecrets,
  resolveDriver,
  type StorageSecrets,
} from './storage.drivers.js';
import * as repository from './storage.repository.js';
import { currentSettings, storedName } from './stored-files.service.js';

/** Files read per query; the move itself goes one file at a time. */
const BATCH = 50;
/** A progress notice every few files: the settings page follows without a notice per file. */
const PROGRESS_EVERY = 5;

export interface StorageMoveDeps {
  db: Database;
  config: Config;
  changes: ChangeBus;
  log: { error(details: object, message: string): void };
  secrets?: StorageSecrets;
}

export const storageMovePayloadSchema = z.object({ organizationId: z.uuid(), moveId: z.uuid() });
export type StorageMovePayload = z.infer<typeof storageMovePayloadSchema>;

/**
 * Moves running in this process: an attempt cut off by its time limit may still be working when its retry starts,
 * and two runs of one move would copy the same files twice.
 */
const movesRunningHere = new Set<string>();

/** Why a move stopped, as the settings page shows it; the StorageError's own words when there is one. */
class MoveStopped extends Error {}

const stoppedBecause = (error: unknown) => {
  if (error instanceof MoveStopped) return error.message;
  if (isStorageError(error)) return error.message;
  return 'The move stopped unexpectedly. The files not moved yet are still where they were; try again later.';
};

/**
 * Moves the organization's files that are elsewhere than the move's target there, one by one: a copy is written
 * and checked, the row is pointed at it in a transaction, and only then is the old copy removed. A failure leaves
 * the row on the old copy, so nothing is lost; running the move again carries on with the files still elsewhere.
 */
export async function runStorageMove(deps: StorageMoveDeps, payload: StorageMovePayload): Promise<void> {
  if (movesRunningHere.has(payload.moveId)) return;
  movesRunningHere.add(payload.moveId);
  try {
    await moveFiles(deps, payload);
  } finally {
    movesRunningHere.delete(payload.moveId);
  }
}

async function moveFiles(deps: StorageMoveDeps, payload: StorageMovePayload): Promise<void> {
  const { db, config } = deps;
  const { organizationId, moveId } = payload;
  const secrets = deps.secrets ?? createStorageSecrets(config.jwtSecret);
  const keepRotatedToken = createRotatedTokenKeeper(db, secrets);
  const scope = { organizationId, userId: null };
  const announce = () =>
    deps.changes.publish({
      organizationId,
      teamId: null,
      entity: 'storage',
      ids: [organizationId],
      action: 'updated',
      actorUserId: null,
    });

  const start = await inTenant(db, scope, async () => {
    const move = await repository.findMove(organizationId, moveId);
    const latest = await repository.latestMove(organizationId);
    // A later move, or one already finished, has the last word: this run has nothing to do.
    if (!move || move.status === 'done' || latest?.id !== move.id) return null;
    const settings = await currentSettings(organizationId);
    const remaining = await repository.countFilesNotOn(organizationId, move.toDriver);
    await repository.updateMove(organizationId, moveId, {
      status: 'running',
      error: null,
      finishedAt: null,
      total: move.moved + remaining,
    });
    return { move, settings, total: move.moved + remaining };
  });
  if (!start) return;
  const { move, settings } = start;
  let { total } = start;
  let moved = move.moved;
  const target = move.toDriver;

  const drivers = new Map<StorageDriverKind, StorageDriver>();
  const driverOf = (kind: StorageDriverKind) => {
    const known = drivers.get(kind);
    if (known) return known;
    const resolution = resolveDriver(config, secrets, settings, kind, keepRotatedToken);
    if ('problem' in resolution)
      throw new MoveStopped(`${STORAGE_DRIVER_LABELS[kind]} cannot be used: ${resolution.problem}`);
    drivers.set(kind, resolution.driver);
    return resolution.driver;
  };

  try {
    if (settings.driver !== target) {
      throw new MoveStopped(`New files now go to ${STORAGE_DRIVER_LABELS[settings.driver]}, so this move was stopped.`);
    }
    const to = driverOf(target);
    for (;;) {
      const files = await readInTenant(db, scope, () => repository.nextFilesNotOn(organizationId, target, BATCH));
      if (files.length === 0) break;
      for (const file of files) {
        await moveOne(deps, organizationId, file, driverOf(file.driver), to, target);
        moved += 1;
        total = Math.max(total, moved);
        if (moved % PROGRESS_EVERY === 0) {
          await inTenant(db, scope, () => repository.updateMove(organizationId, moveId, { moved, total }));
          announce();
        }
      }
    }
    await inTenant(db, scope, () =>
      repository.updateMove(organizationId, moveId, { status: 'done', moved, total, finishedAt: new Date() }),
    );
    announce();
  } catch (error) {
    if (!(error instanceof MoveStopped) && !isStorageError(error)) {
      deps.log.error({ err: error, organizationId, moveId }, 'storage move failed');
    }
    await inTenant(db, scope, () =>
      repository.updateMove(organizationId, moveId, {
        status: 'failed',
        moved,
        total,
        error: stoppedBecause(error),
        finishedAt: new Date(),
      }),
    );
    announce();
    throw error;
  }
}

/** One file: copied through a spool (its size and checksum proven), re-pointed, then the old copy removed. */
async function moveOne(
  deps: StorageMoveDeps,
  organizationId: string,
  file: repository.StoredFileRow,
  from: StorageDriver,
  to: StorageDriver,
  target: StorageDriverKind,
) {
  const spooled = await spoolUpload(await from.open(file.locator), {
    tmpDir: deps.config.storage.tmpDir,
    maxBytes: Math.max(file.bytes, 1),
  }).catch((error: unknown) => {
    if (!(error instanceof SpoolTooLargeError)) throw error;
    throw new MoveStopped(`A file in ${STORAGE_DRIVER_LABELS[file.driver]} is larger than when it was stored.`);
  });
  let locator: string;
  try {
    // A file stored before Keel recorded hashes is checked by its size alone, and its hash recorded now.
    if (spooled.bytes !== file.bytes || (file.sha256 !== null && spooled.sha256 !== file.sha256)) {
      throw new MoveStopped(
        `A file read back from ${STORAGE_DRIVER_LABELS[file.driver]} is not the one that was stored, so it was left there.`,
      );
    }
    ({ locator } = await to.put(storedName(organizationId, file.createdAt), {
      bytes: spooled.bytes,
      contentType: file.contentType,
      open: () => spooled.open(),
    }));
  } finally {
    await spooled.discard();
  }
  const relocated = await inTenant(deps.db, { organizationId, userId: null }, () =>
    repository.relocateStoredFile(
      organizationId,
      file.id,
      { driver: file.driver, locator: file.locator },
      { driver: target, locator, sha256: spooled.sha256 },
    ),
  );
  // Removed (or moved by someone else) meanwhile: the new copy is nobody's.
  const leftover = relocated ? { driver: from, locator: file.locator } : { driver: to, locator };
  try {
    await leftover.driver.remove(leftover.locator);
  } catch {
    // The row points at the good copy; an old copy left behind takes room but loses nothing.
  }
}

/** Defines the `storage.move` job (before `jobs.prepare()`); the switch use case enqueues it. */
export function defineStorageMove(deps: StorageMoveDeps & { jobs: JobQueue }): void {
  deps.jobs.define({
    kind: 'storage.move',
    payload: storageMovePayloadSchema,
    retryLimit: 2,
    retryDelaySeconds: 120,
    // Many gigabytes may take hours; an attempt cut off is retried and carries on where it stopped.
    expireInSeconds: 6 * 60 * 60,
    run: (payload) => runStorageMove(deps, payload),
  });
}
