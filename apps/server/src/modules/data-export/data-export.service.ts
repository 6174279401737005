import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { DataExport } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { conflict, notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, type Caller, type RequestMeta } from '../organizations/index.js';
import { archivePathOf } from './data-export.job.js';
import * as repository from './data-export.repository.js';

function toDataExport(row: repository.ExportRow, requestedByName: string | null): DataExport {
  return {
    id: row.id,
    status: row.status,
    stepsDone: row.stepsDone,
    stepsTotal: row.stepsTotal,
    bytes: row.bytes,
    error: row.error,
    requestedByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export function createDataExportService(deps: { db: Database; jobs: JobQueue; changes: ChangeBus; dataDir: string }) {
  const { db } = deps;

  /** Archives past their seven days are deleted from the disk as soon as anyone looks at the exports. */
  async function expire(organizationId: string) {
    const expired = await repository.expireExports(organizationId, new Date());
    await Promise.all(expired.map((id) => rm(archivePathOf(deps.dataDir, organizationId, id), { force: true })));
  }

  return {
    async list(caller: Caller): Promise<DataExport[]> {
      return asAdmin(db, caller, async () => {
        await expire(caller.organizationId);
        const rows = await repository.listExports(caller.organizationId);
        return rows.map(({ row, requestedByName }) => toDataExport(row, requestedByName));
      });
    },

    async request(caller: Caller, meta: RequestMeta): Promise<DataExport> {
      const row = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        await expire(organizationId);
        if (await repository.hasExportUnderWay(organizationId)) {
          throw conflict(
            'data_export.under_way',
            'An export is already being made. It will be listed here when ready.',
          );
        }
        const created = await repository.insertExport(organizationId, member.userId);
        await deps.jobs.enqueue(
          'data.export',
          { organizationId, exportId: created.id },
          { organizationId, description: 'Export of all the organization’s data' },
        );
        await recordAuditEvent(organizationId, {
          actorUserId: member.userId,
          action: 'data_export.requested',
          targetType: 'data_export',
          targetId: created.id,
          ...meta,
        });
        return created;
      });
      publishChange(deps.changes, caller, { teamId: null, entity: 'data_export', ids: [row.id], action: 'created' });
      return toDataExport(row, null);
    },

    /** The archive of a ready export, streamed from the disk; 404 for one that is not ready or has expired. */
    async open(caller: Caller, id: string, meta: RequestMeta) {
      const row = await asAdmin(db, caller, async (member) => {
        await expire(member.organizationId);
        const found = await repository.findExport(member.organizationId, id);
        if (!found || found.status !== 'ready') {
          throw notFound('data_export.not_found', 'This export is not ready, or its seven days have passed.');
        }
        await recordAuditEvent(member.organizationId, {
          actorUserId: member.userId,
          action: 'data_export.downloaded',
          targetType: 'data_export',
          targetId: id,
          ...meta,
        });
        return found;
      });
      return {
        stream: createReadStream(archivePathOf(deps.dataDir, caller.organizationId, row.id)),
        bytes: row.bytes,
        fileName: `keel-export-${row.createdAt.toISOString().slice(0, 10)}.zip`,
      };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
