import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DATA_EXPORT_KEEP_DAYS } from '@keel/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { inTenant } from '../../db/scope.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import type { StoredFilesService } from '../storage/index.js';
import { writeOrganizationArchive } from './data-export.archive.js';
import * as repository from './data-export.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const payloadSchema = z.object({ organizationId: z.uuid(), exportId: z.uuid() });

export interface DataExportDeps {
  db: Database;
  jobs: JobQueue;
  changes: ChangeBus;
  storedFiles: StoredFilesService;
  dataDir: string;
}

/** Where an export's archive is kept on the server's disk until it expires. */
export const archivePathOf = (dataDir: string, organizationId: string, exportId: string) =>
  path.join(dataDir, 'exports', organizationId, `${exportId}.zip`);

/** Builds an archive in the background, its progress saved table by table; a failure is recorded, never half a file. */
export function defineDataExport(deps: DataExportDeps) {
  const { db } = deps;
  const announce = (organizationId: string, id: string) =>
    deps.changes.publish({
      organizationId,
      teamId: null,
      entity: 'data_export',
      ids: [id],
      action: 'updated',
      actorUserId: null,
    });

  async function build({ organizationId, exportId }: z.infer<typeof payloadSchema>) {
    const scope = { organizationId, userId: null };
    const update = async (changes: repository.ExportChanges) => {
      await inTenant(db, scope, () => repository.updateExport(organizationId, exportId, changes));
      announce(organizationId, exportId);
    };
    const target = archivePathOf(deps.dataDir, organizationId, exportId);
    const partial = `${target}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    await update({ status: 'running', stepsDone: 0, error: null });
    try {
      const { bytes } = await writeOrganizationArchive(deps, organizationId, partial, (done, total) =>
        update({ stepsDone: done, stepsTotal: total }),
      );
      await rename(partial, target);
      const finishedAt = new Date();
      await update({
        status: 'ready',
        bytes,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + DATA_EXPORT_KEEP_DAYS * DAY_MS),
      });
    } catch (error) {
      await rm(partial, { force: true });
      await update({
        status: 'failed',
        finishedAt: new Date(),
        error: `The export stopped: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
      });
    }
  }

  deps.jobs.define({
    kind: 'data.export',
    payload: payloadSchema,
    run: build,
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 60 * 60,
  });
}
