import {
  auditActionsSchema,
  auditEventFilterSchema,
  auditEventListQuerySchema,
  auditEventPageSchema,
  organizationParamsSchema,
  AUDIT_EXPORT_MAX_ROWS,
} from '@keel/contract';
import { z } from 'zod';
import type { TypedApp } from '../../http/types.js';
import type { UserActivityService } from './user-activity.service.js';

const tags = ['user-activity'];
const base = '/organizations/:organizationId/audit-events';
const FILTERS =
  'Filters: actorId (the person who acted; a consultant acting in a client is recorded as themselves), action ' +
  "(one name from …/audit-events/actions), from and to (YYYY-MM-DD, whole days in the organization's timezone). " +
  'Admins and owners only.';

export function userActivityRoutes(service: UserActivityService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          summary: 'The audit log: sign-ins, failed sign-ins, role changes, invitations and every other change',
          description: `Newest first, keyset paged (cursor, limit). ${FILTERS}`,
          params: organizationParamsSchema,
          querystring: auditEventListQuerySchema,
          response: { 200: auditEventPageSchema },
        },
      },
      async (request) => service.list(request.scope, request.query),
    );

    app.get(
      `${base}/actions`,
      {
        schema: {
          tags,
          summary: 'The action names recorded in the organization, for the filter',
          params: organizationParamsSchema,
          response: { 200: auditActionsSchema },
        },
      },
      async (request) => ({ data: await service.actions(request.scope) }),
    );

    app.get(
      `${base}.csv`,
      {
        // Streamed row batches: compression would only hold them back on the way to a download.
        compress: false,
        schema: {
          tags,
          summary: 'The filtered audit log as CSV',
          description:
            `${FILTERS} Newest first, at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows. Cells that ` +
            "start with = + - or @ are prefixed with ' so that a spreadsheet shows them as text.",
          produces: ['text/csv'],
          params: organizationParamsSchema,
          querystring: auditEventFilterSchema,
          response: { 200: z.unknown().describe('text/csv; charset=utf-8: a header row, then one row per event') },
        },
      },
      async (request, reply) => {
        const stream = await service.exportCsv(request.scope, request.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .code(200)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="user-activity-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );
  };
}
