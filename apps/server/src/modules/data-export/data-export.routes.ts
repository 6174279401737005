import { dataExportListSchema, dataExportSchema, envelope, organizationParamsSchema, uuidSchema } from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import { contentDisposition } from '../../http/file-download.js';
import type { TypedApp } from '../../http/types.js';
import type { DataExportService } from './data-export.service.js';

const tags = ['data-export'];
const base = '/organizations/:organizationId/data-exports';
const WHO = 'Admins and owners only, signed in; another organization’s id reads as not found.';

export function dataExportRoutes(service: DataExportService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          summary: "The organization's latest exports",
          description: `Each with its progress; ready ones can be downloaded for 7 days. ${WHO}`,
          params: organizationParamsSchema,
          response: { 200: dataExportListSchema },
        },
      },
      async (request) => ({ data: await service.list(request.scope) }),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: 'Export all of the organization’s data',
          description: `Builds one zip in the background: JSON per table with a schema version, CSV per table, the stored files and a README of the format. 409 while another export is being made. ${WHO}`,
          params: organizationParamsSchema,
          response: { 202: envelope(dataExportSchema) },
        },
      },
      async (request, reply) =>
        reply.code(202).send({ data: await service.request(request.scope, clientMeta(request)) }),
    );

    app.get(
      `${base}/:exportId/archive`,
      {
        schema: {
          tags,
          summary: 'Download an export',
          description: `The zip, while it is ready and within its 7 days. ${WHO}`,
          params: organizationParamsSchema.extend({ exportId: uuidSchema }),
          produces: ['application/zip'],
          response: { 200: z.unknown().describe('The zip archive') },
        },
      },
      async (request, reply) => {
        const archive = await service.open(request.scope, request.params.exportId, clientMeta(request));
        reply
          .code(200)
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition('attachment', archive.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store');
        if (archive.bytes !== null) reply.header('content-length', String(archive.bytes));
        return reply.send(archive.stream);
      },
    );
  };
}
