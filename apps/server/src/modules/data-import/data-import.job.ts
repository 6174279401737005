import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { inUserScope, readInTenant } from '../../db/scope.js';
import { AppError } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { restorableTables } from '../../db/tenant-restore.js';
import type { PlacedCopy, StoredFilesService } from '../storage/index.js';
import { DEFAULT_IMPORT_LIMITS, readArchive, type ImportLimits } from './data-import.archive.js';
import { checkArchive, type CheckedArchive } from './data-import.contents.js';
import * as errors from './data-import.errors.js';
import { restoreOrganization } from './data-import.organization.js';
import * as repository from './data-import.repository.js';

const payloadSchema = z.object({
  importId: z.uuid(),
  userId: z.uuid(),
  ipAddress: z.string(),
  userAgent: z.string(),
});
export type DataImportPayload = z.infer<typeof payloadSchema>;

/** Progress is saved at most this often: an archive of 200,000 entries must not write 200,000 updates. */
const PROGRESS_EVERY_MS = 500;

export interface DataImportJobDeps {
  db: Database;
  jobs: JobQueue;
  storedFiles: StoredFilesService;
  mailer: Mailer;
  appUrl: string;
  dataDir: string;
  limits?: ImportLimits;
  log?: { error(object: unknown, message: string): void };
}

/** Where an uploaded archive waits for its import, on the server's disk, until the import ends either way. */
export const importArchivePath = (dataDir: string, importId: string) =>
  path.join(dataDir, 'imports', `${importId}.zip`);

/** Imports an uploaded archive in the background: read through, checked, its files copied, its rows restored. */
export function defineDataImport(deps: DataImportJobDeps) {
  const { db } = deps;
  const limits = deps.limits ?? DEFAULT_IMPORT_LIMITS;

  const update = (payload: DataImportPayload, changes: repository.ImportChanges) =>
    inUserScope(db, payload.userId, () => repository.updateImport(payload.userId, payload.importId, changes));

  function progressOf(payload: DataImportPayload, phase: 'checking' | 'files') {
    let savedAt = 0;
    return async (done: number, total: number) => {
      if (done < total && Date.now() - savedAt < PROGRESS_EVERY_MS) return;
      savedAt = Date.now();
      await update(payload, { phase, stepsDone: done, stepsTotal: total });
    };
  }

  /** The archive's files put where the new organization keeps files; all removed again if any fails. */
  async function placeCopies(payload: DataImportPayload, organizationId: string, archive: CheckedArchive) {
    const copies = new Map<string, PlacedCopy>();
    const stored = archive.rows.get('stored_files') ?? [];
    const progress = progressOf(payload, 'files');
    try {
      await progress(0, stored.length);
      for (const row of stored) {
        const id = String(row.id);
        const file = archive.files.get(id);
        if (!file) throw errors.fileMismatch(id, 'is missing from the archive');
        copies.set(
          id,
          await deps.storedFiles.place(organizationId, {
            bytes: file.bytes,
            contentType: String(row.content_type),
            open: () => file.open(),
          }),
        );
        await progress(copies.size, stored.length);
      }
      return copies;
    } catch (error) {
      await discardAll(copies);
      throw error;
    }
  }

  async function importArchive(payload: DataImportPayload) {
    const archivePath = importArchivePath(deps.dataDir, payload.importId);
    const read = await readArchive(archivePath, limits, progressOf(payload, 'checking'));
    try {
      const organizationId = randomUUID();
      const tables = await readInTenant(db, { organizationId, userId: payload.userId }, () =>
        restorableTables(organizationId),
      );
      const archive = await checkArchive(read, tables);
      const copies = await placeCopies(payload, organizationId, archive);
      await update(payload, { phase: 'restoring', stepsDone: 0, stepsTotal: 1 });
      try {
        const result = await restoreOrganization(
          { db, mailer: deps.mailer, appUrl: deps.appUrl },
          {
            userId: payload.userId,
            organizationId,
            archive,
            tables,
            copies,
            meta: { ipAddress: payload.ipAddress, userAgent: payload.userAgent },
          },
        );
        await update(payload, {
          status: 'done',
          phase: null,
          stepsDone: 1,
          result,
          createdOrganizationId: organizationId,
          finishedAt: new Date(),
        });
      } catch (error) {
        await discardAll(copies);
        throw error;
      }
    } finally {
      read.close();
    }
  }

  async function fail(payload: DataImportPayload, error: unknown) {
    const refused = error instanceof AppError;
    if (!refused) deps.log?.error({ err: error, importId: payload.importId }, 'organization import failed');
    await update(payload, {
      status: 'failed',
      phase: null,
      errorCode: refused ? error.code : 'data_import.failed',
      error: refused
        ? error.message
        : `The import stopped and nothing of it was kept: ${error instanceof Error ? error.message : String(error)}`.slice(
            0,
            500,
          ),
      finishedAt: new Date(),
    });
  }

  deps.jobs.define({
    kind: 'data.import',
    payload: payloadSchema,
    async run(payload) {
      const row = await inUserScope(db, payload.userId, () => repository.findImport(payload.userId, payload.importId));
      // Run once: a second delivery of the job finds the import already under way or over.
      if (row?.status !== 'queued') return;
      await update(payload, { status: 'running', phase: 'checking', stepsDone: 0, stepsTotal: 0 });
      try {
        await importArchive(payload);
      } catch (error) {
        await fail(payload, error);
      } finally {
        await rm(importArchivePath(deps.dataDir, payload.importId), { force: true });
      }
    },
    // A killed server or an attempt past its time: the import is over, and says so.
    async onGaveUp(payload, error) {
      await fail(payload, new Error(error));
      await rm(importArchivePath(deps.dataDir, payload.importId), { force: true });
    },
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 2 * 60 * 60,
  });
}

async function discardAll(copies: Map<string, PlacedCopy>) {
  await Promise.all([...copies.values()].map((copy) => copy.discard()));
}
