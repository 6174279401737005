import {
  createProcessRequestSchema,
  envelope,
  processListQuerySchema,
  processPageSchema,
  processParamsSchema,
  processSchema,
  processVersionListSchema,
  processVersionParamsSchema,
  processVersionRequestSchema,
  processVersionSchema,
  updateProcessRequestSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import { cachedListRoute, createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import { PDF_CONTENT_TYPE } from '../../pdf/pdf-document.js';
import type { ProcessPdfService } from './processes.pdf.js';
import type { ProcessesService } from './processes.service.js';
import { sendFileDownload } from '../../http/file-download.js';

const base = '/organizations/:organizationId/processes';
const one = envelope(processSchema);

export function processesRoutes(service: ProcessesService, pdfs: ProcessPdfService) {
  return async function register(app: TypedApp) {
    const tags = ['processes'];
    const versioned = objectRoute(tags, processParamsSchema, processVersionRequestSchema, one);
    const action = (description: string) => ({
      schema: { tags, description, params: processParamsSchema, response: { 200: one } },
    });

    app.get(
      base,
      cachedListRoute(
        tags,
        processListQuerySchema,
        processPageSchema,
        'Processes in title order, each with the share of its team that acknowledged its published version.',
      ),
      async (request) => service.list(request.scope, request.query),
    );

    app.post(
      base,
      createRoute(tags, createProcessRequestSchema, one, 'Documents a new process, as a draft (version 1).'),
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, params: processParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(request.scope, request.params.id) }),
    );

    app.patch(
      `${base}/:id`,
      objectRoute(tags, processParamsSchema, updateProcessRequestSchema, one),
      async (request) => ({
        data: await service.update(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(`${base}/:id/publish`, versioned, async (request) => ({
      data: await service.publish(request.scope, request.params.id, request.body.version, clientMeta(request)),
    }));

    app.post(`${base}/:id/archive`, versioned, async (request) => ({
      data: await service.archive(request.scope, request.params.id, request.body.version, clientMeta(request)),
    }));

    app.post(`${base}/:id/draft`, versioned, async (request) => ({
      data: await service.backToDraft(request.scope, request.params.id, request.body.version, clientMeta(request)),
    }));

    app.post(
      `${base}/:id/acknowledge`,
      action('“I follow this process”: acknowledges its published version, replacing an earlier acknowledgement.'),
      async (request) => ({ data: await service.acknowledge(request.scope, request.params.id, clientMeta(request)) }),
    );

    app.post(
      `${base}/:id/reviewed`,
      action('Marks the process reviewed: its next review is its review period from today.'),
      async (request) => ({ data: await service.markReviewed(request.scope, request.params.id, clientMeta(request)) }),
    );

    app.get(
      `${base}/:id/versions`,
      { schema: { tags, params: processParamsSchema, response: { 200: envelope(processVersionListSchema) } } },
      async (request) => ({ data: await service.versions(request.scope, request.params.id) }),
    );

    app.get(
      `${base}/:id/versions/:version`,
      { schema: { tags, params: processVersionParamsSchema, response: { 200: envelope(processVersionSchema) } } },
      async (request) => ({
        data: await service.version(request.scope, request.params.id, request.params.version),
      }),
    );

    app.get(
      `${base}/:id/process.pdf`,
      {
        schema: {
          tags,
          summary: 'A process as a PDF',
          description:
            'The process as it stands: title, team, owner, status, next review, purpose and its numbered steps and ' +
            'sub-steps. Anyone who may read it, observers included.',
          produces: [PDF_CONTENT_TYPE],
          params: processParamsSchema,
          response: { 200: z.unknown().describe(`${PDF_CONTENT_TYPE}: the document, as a download`) },
        },
      },
      async (request, reply) => {
        const file = await pdfs.pdf(request.scope, request.params.id);
        return sendFileDownload(reply, file, PDF_CONTENT_TYPE);
      },
    );
  };
}
