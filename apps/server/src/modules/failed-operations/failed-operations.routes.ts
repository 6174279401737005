import {
  envelope,
  failedOperationCountsSchema,
  failedOperationListQuerySchema,
  failedOperationPageSchema,
  failedOperationsActionResultSchema,
  failedOperationsActionSchema,
  organizationParamsSchema,
  FAILED_OPERATIONS_BATCH_MAX,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { FailedOperationsService } from './failed-operations.service.js';

const tags = ['failed-operations'];
const base = '/organizations/:organizationId/failed-operations';
const WHO = 'Admins and owners only; another organization’s operations read as not found.';

export function failedOperationsRoutes(service: FailedOperationsService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          summary: 'Background work that failed after all its attempts',
          description: `Newest failure first, keyset paged (cursor, limit); filter by kind. ${WHO}`,
          params: organizationParamsSchema,
          querystring: failedOperationListQuerySchema,
          response: { 200: failedOperationPageSchema },
        },
      },
      async (request) => service.list(request.scope, request.query),
    );

    app.get(
      `${base}/counts`,
      {
        schema: {
          tags,
          summary: 'How many failed operations there are, per kind',
          description: WHO,
          params: organizationParamsSchema,
          response: { 200: envelope(failedOperationCountsSchema) },
        },
      },
      async (request) => ({ data: await service.counts(request.scope) }),
    );

    app.post(
      `${base}/retry`,
      {
        schema: {
          tags,
          summary: 'Send failed operations back to the queue',
          description:
            `One to ${FAILED_OPERATIONS_BATCH_MAX} ids; all are sent back or none. 404 when one is no longer listed, ` +
            `409 when one is already running again. ${WHO}`,
          params: organizationParamsSchema,
          body: failedOperationsActionSchema,
          response: { 200: envelope(failedOperationsActionResultSchema) },
        },
      },
      async (request) => ({ data: await service.retry(request.scope, request.body.ids, clientMeta(request)) }),
    );

    app.post(
      `${base}/discard`,
      {
        schema: {
          tags,
          summary: 'Discard failed operations: they will not run',
          description:
            `One to ${FAILED_OPERATIONS_BATCH_MAX} ids; all are discarded or none. 404 when one is no longer listed, ` +
            `409 when one is running again after a retry. ${WHO}`,
          params: organizationParamsSchema,
          body: failedOperationsActionSchema,
          response: { 200: envelope(failedOperationsActionResultSchema) },
        },
      },
      async (request) => ({ data: await service.discard(request.scope, request.body.ids, clientMeta(request)) }),
    );
  };
}
