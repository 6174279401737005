import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataImport } from '@keel/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { inUserScope } from '../../db/scope.js';
import { notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { SpoolTooLargeError, spoolUpload } from '../../storage/upload-spool.js';
import type { RequestMeta } from '../organizations/index.js';
import { DEFAULT_IMPORT_LIMITS, surveyArchive, type ImportLimits } from './data-import.archive.js';
import { manifestOf } from './data-import.contents.js';
import * as errors from './data-import.errors.js';
import { importArchivePath } from './data-import.job.js';
import * as repository from './data-import.repository.js';

export interface DataImportDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  limits?: ImportLimits;
}

function toDataImport(row: repository.ImportRow): DataImport {
  return {
    id: row.id,
    status: row.status,
    phase: row.phase,
    stepsDone: row.stepsDone,
    stepsTotal: row.stepsTotal,
    organizationName: row.organizationName,
    result: row.result,
    error: row.errorCode && row.error ? { code: row.errorCode, message: row.error } : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function createDataImportService(deps: DataImportDeps) {
  const { db } = deps;
  const limits = deps.limits ?? DEFAULT_IMPORT_LIMITS;

  return {
    /**
     * Takes an export archive for import into a new organization owned by `userId`. The upload is spooled to disk
     * (its size bounded while it streams) and looked over at once (its layout, its sizes, its manifest): what is
     * plainly no export of Keel is refused here. The background job reads it through and imports it.
     */
    async start(userId: string, upload: Readable, meta: RequestMeta): Promise<DataImport> {
      let spooled;
      try {
        spooled = await spoolUpload(upload, { tmpDir: deps.config.storage.tmpDir, maxBytes: limits.maxArchiveBytes });
      } catch (error) {
        if (error instanceof SpoolTooLargeError) throw errors.archiveTooLarge(limits.maxArchiveBytes);
        throw error;
      }
      try {
        const manifest = manifestOf(await surveyArchive(spooled.path, limits));
        const id = randomUUID();
        const target = importArchivePath(deps.config.dataDir, id);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(spooled.path, target);
        const row = await inUserScope(db, userId, async () => {
          const created = await repository.insertImport(userId, {
            id,
            organizationName: manifest.organization.name,
            archiveBytes: spooled.bytes,
          });
          await deps.jobs.enqueue(
            'data.import',
            { importId: id, userId, ipAddress: meta.ipAddress, userAgent: meta.userAgent },
            { organizationId: null, description: `Import of the organization “${manifest.organization.name}”` },
          );
          return created;
        }).catch(async (error: unknown) => {
          await rm(target, { force: true });
          throw error;
        });
        return toDataImport(row);
      } finally {
        await spooled.discard();
      }
    },

    async get(userId: string, importId: string): Promise<DataImport> {
      const row = await inUserScope(db, userId, () => repository.findImport(userId, importId));
      if (!row) throw notFound('data_import.not_found', 'Import not found');
      return toDataImport(row);
    },

    async list(userId: string): Promise<DataImport[]> {
      const rows = await inUserScope(db, userId, () => repository.listImports(userId));
      return rows.map(toDataImport);
    },
  };
}

export type DataImportService = ReturnType<typeof createDataImportService>;
