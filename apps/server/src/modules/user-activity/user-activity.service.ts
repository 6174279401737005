import { Readable } from 'node:stream';
import { AUDIT_EXPORT_MAX_ROWS, type AuditEvent, type AuditEventFilter, type AuditEventPage } from '@keel/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { readInTenant } from '../../db/scope.js';
import { decodeCursor, pageFrom, preciseTimestampSchema } from '../../http/pagination.js';
import { asAdminReader, type Caller } from '../organizations/index.js';
import { csvLine } from './audit-csv.js';
import * as repository from './user-activity.repository.js';

const cursorShape = z.tuple([preciseTimestampSchema, z.uuid()]);
/** Rows per statement while exporting: memory stays flat however long the log. */
const EXPORT_BATCH = 1000;

const CSV_HEADER = [
  'Time (UTC)',
  'Person',
  'E-mail',
  'Action',
  'Target type',
  'Target id',
  'IP address',
  'Browser',
  'Details',
];

function toEvent(row: repository.AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor:
      row.actorUserId === null
        ? null
        : {
            id: row.actorUserId,
            // The account may be gone; its id stays in the row.
            name:
              row.actorEmail === null ? 'Former user' : `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim(),
            email: row.actorEmail ?? '',
          },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    summary: row.summary,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

export function createUserActivityService(deps: { db: Database }) {
  const { db } = deps;
  /** `/admin/user-activity` is for admins and owners (spec section 6). */
  const asAuditor = <T>(caller: Caller, work: (organizationId: string) => Promise<T>) =>
    asAdminReader(db, caller, (member) => work(member.organizationId));

  return {
    list: (caller: Caller, query: AuditEventFilter & { limit: number; cursor?: string | undefined }) =>
      asAuditor(caller, async (organizationId): Promise<AuditEventPage> => {
        const after = decodeCursor(query.cursor, cursorShape);
        const { limit, cursor: _cursor, ...filter } = query;
        const rows = await repository.listAuditEvents(organizationId, filter, limit + 1, after);
        return pageFrom(rows, limit, toEvent, (row) => [row.position, row.id]);
      }),

    actions: (caller: Caller) => asAuditor(caller, (organizationId) => repository.listAuditActions(organizationId)),

    /**
     * The filtered log as CSV, newest first, at most AUDIT_EXPORT_MAX_ROWS rows. The right is checked
     * before the first byte; the rows are then read batch by batch as the client takes them.
     */
    exportCsv: async (caller: Caller, filter: AuditEventFilter): Promise<Readable> => {
      await asAuditor(caller, async () => undefined);
      const scope = { organizationId: caller.organizationId, userId: caller.userId };
      async function* lines() {
        yield `\uFEFF${csvLine(CSV_HEADER)}`;
        let after: readonly [string, string] | undefined;
        let sent = 0;
        while (sent < AUDIT_EXPORT_MAX_ROWS) {
          const size = Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - sent);
          const rows = await readInTenant(db, scope, () =>
            repository.listAuditEvents(caller.organizationId, filter, size, after),
          );
          if (rows.length === 0) return;
          yield rows
            .map((row) => {
              const event = toEvent(row);
              return csvLine([
                event.at,
                event.actor?.name ?? '',
                event.actor?.email ?? '',
                event.action,
                event.targetType,
                event.targetId,
                event.ipAddress,
                event.userAgent,
                event.summary === null ? '' : JSON.stringify(event.summary),
              ]);
            })
            .join('');
          sent += rows.length;
          if (rows.length < size) return;
          const last = rows.at(-1)!;
          after = [last.position, last.id];
        }
      }
      return Readable.from(lines());
    },
  };
}

export type UserActivityService = ReturnType<typeof createUserActivityService>;
