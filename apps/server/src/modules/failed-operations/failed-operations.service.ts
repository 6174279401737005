import {
  jobKindSchema,
  type FailedOperation,
  type FailedOperationCounts,
  type FailedOperationListQuery,
  type FailedOperationPage,
} from '@keel/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { pageFrom, preciseTimestampSchema, decodeCursor } from '../../http/pagination.js';
import {
  countFailedOperations,
  deleteFailedOperations,
  findFailedOperationsForUpdate,
  listFailedOperations,
  markRetrying,
  type FailedOperationRow,
} from '../../jobs/failed-operations.repository.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asAdminReader, type Caller } from '../organizations/index.js';
import * as errors from './failed-operations.errors.js';

const cursorShape = z.tuple([preciseTimestampSchema, z.uuid()]);

interface RequestMeta {
  ipAddress: string;
  userAgent: string;
}

function toOperation(row: FailedOperationRow): FailedOperation {
  return {
    id: row.id,
    kind: jobKindSchema.parse(row.kind),
    description: row.description,
    attempts: row.attempts,
    lastError: row.lastError,
    failedAt: row.failedAt.toISOString(),
    status: row.status,
  };
}

/** `/admin/failed-operations`: admins and owners (spec section 6) see, retry and discard their organization's. */
export function createFailedOperationsService(deps: { db: Database; jobs: JobQueue; changes: ChangeBus }) {
  const { db, jobs } = deps;
  const asOperator = <T>(caller: Caller, work: (organizationId: string) => Promise<T>) =>
    asAdminReader(db, caller, (member) => work(member.organizationId));

  /** The named operations, all of them this organization's and waiting (not running again). */
  async function waiting(organizationId: string, ids: string[]) {
    const unique = [...new Set(ids)];
    const rows = await findFailedOperationsForUpdate(organizationId, unique);
    if (rows.length !== unique.length) throw errors.operationNotFound();
    if (rows.some((row) => row.status === 'retrying')) throw errors.operationRunning();
    return rows;
  }

  const announce = (organizationId: string, ids: string[], actorUserId: string, action: 'updated' | 'deleted') =>
    deps.changes.publish({ organizationId, teamId: null, entity: 'failed_operation', ids, action, actorUserId });

  return {
    list: (caller: Caller, query: FailedOperationListQuery & { limit: number }) =>
      asOperator(caller, async (organizationId): Promise<FailedOperationPage> => {
        const after = decodeCursor(query.cursor, cursorShape);
        const rows = await listFailedOperations(organizationId, { kind: query.kind }, query.limit + 1, after);
        return pageFrom(
          rows,
          query.limit,
          ({ row }) => toOperation(row),
          ({ row, position }) => [position, row.id],
        );
      }),

    counts: (caller: Caller) =>
      asOperator(caller, async (organizationId): Promise<FailedOperationCounts> => {
        const kinds = await countFailedOperations(organizationId);
        return {
          total: kinds.reduce((sum, kind) => sum + kind.failed + kind.retrying, 0),
          retrying: kinds.reduce((sum, kind) => sum + kind.retrying, 0),
          kinds: kinds.map((kind) => ({ kind: jobKindSchema.parse(kind.kind), count: kind.failed + kind.retrying })),
        };
      }),

    /** Sends the operations back to their queues in one transaction: all of them go, or none. */
    async retry(caller: Caller, ids: string[], meta: RequestMeta) {
      const count = await asAdmin(db, caller, async ({ organizationId, userId }) => {
        const rows = await waiting(organizationId, ids);
        for (const row of rows) {
          const runId = await jobs.requeue({
            id: row.id,
            kind: jobKindSchema.parse(row.kind),
            payload: row.payload,
            organizationId,
            description: row.description,
          });
          await markRetrying(organizationId, row.id, runId);
        }
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'failed_operations.retried',
          targetType: 'failed_operation',
          summary: { count: rows.length, kinds: [...new Set(rows.map((row) => row.kind))] },
          ...meta,
        });
        return rows.length;
      });
      announce(caller.organizationId, ids, caller.userId, 'updated');
      return { count };
    },

    async discard(caller: Caller, ids: string[], meta: RequestMeta) {
      const count = await asAdmin(db, caller, async ({ organizationId, userId }) => {
        const rows = await waiting(organizationId, ids);
        await deleteFailedOperations(
          organizationId,
          rows.map((row) => row.id),
        );
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'failed_operations.discarded',
          targetType: 'failed_operation',
          summary: { count: rows.length, descriptions: rows.slice(0, 10).map((row) => row.description) },
          ...meta,
        });
        return rows.length;
      });
      announce(caller.organizationId, ids, caller.userId, 'deleted');
      return { count };
    },
  };
}

export type FailedOperationsService = ReturnType<typeof createFailedOperationsService>;
