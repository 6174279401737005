import {
  createIssueCommentRequestSchema,
  createIssueRequestSchema,
  envelope,
  issueAttachmentListSchema,
  issueAttachmentParamsSchema,
  issueAttachmentSchema,
  issueCommentPageSchema,
  issueCommentParamsSchema,
  issueCommentSchema,
  issueListQuerySchema,
  issuePageSchema,
  issueParamsSchema,
  issueSchema,
  issueTrailSchema,
  issueVersionRequestSchema,
  organizationParamsSchema,
  pageQuerySchema,
  rankIssueRequestSchema,
  reorderIssuesRequestSchema,
  sendIssueRequestSchema,
  sentIssuesPageSchema,
  sentIssuesQuerySchema,
  solveIssueRequestSchema,
  solveIssueResultSchema,
  successSchema,
  updateIssueCommentRequestSchema,
  updateIssueRequestSchema,
  uuidSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import { contentDisposition } from '../../http/file-download.js';
import { cachedListRoute, createChildRoute, createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import { openAttachmentFile } from './issue-attachment-upload.js';
import type { IssueThreadsService } from './issue-threads.service.js';
import type { IssuesService } from './issues.service.js';

const base = '/organizations/:organizationId/issues';
const one = envelope(issueSchema);

export function issuesRoutes(service: IssuesService, threads: IssueThreadsService) {
  return async function register(app: TypedApp) {
    const tags = ['issues'];
    const versioned = objectRoute(tags, issueParamsSchema, issueVersionRequestSchema, one);

    app.get(base, cachedListRoute(tags, issueListQuerySchema, issuePageSchema), async (request) =>
      service.list(request.scope, request.query),
    );

    app.post(base, createRoute(tags, createIssueRequestSchema, one), async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${base}/reorder`,
      {
        schema: {
          tags,
          params: organizationParamsSchema,
          body: reorderIssuesRequestSchema,
          response: { 200: envelope(z.object({ ids: z.array(uuidSchema) })) },
        },
      },
      async (request) => ({ data: await service.reorder(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/sent`,
      {
        schema: {
          tags,
          description: "A team's read-only trail of issues it sent to other teams.",
          params: organizationParamsSchema,
          querystring: sentIssuesQuerySchema,
          response: { 200: sentIssuesPageSchema },
        },
      },
      async (request) => threads.sent(request.scope, request.query),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, params: issueParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(request.scope, request.params.id) }),
    );

    app.patch(`${base}/:id`, objectRoute(tags, issueParamsSchema, updateIssueRequestSchema, one), async (request) => ({
      data: await service.update(request.scope, request.params.id, request.body, clientMeta(request)),
    }));

    app.post(
      `${base}/:id/rank`,
      objectRoute(tags, issueParamsSchema, rankIssueRequestSchema, one),
      async (request) => ({
        data: await service.rank(
          request.scope,
          request.params.id,
          request.body.version,
          request.body.rank,
          clientMeta(request),
        ),
      }),
    );

    app.post(
      `${base}/:id/vote`,
      { schema: { tags, params: issueParamsSchema, response: { 200: one } } },
      async (request) => ({
        data: await service.vote(request.scope, request.params.id, true, clientMeta(request)),
      }),
    );
    app.delete(
      `${base}/:id/vote`,
      { schema: { tags, params: issueParamsSchema, response: { 200: one } } },
      async (request) => ({
        data: await service.vote(request.scope, request.params.id, false, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/:id/solve`,
      {
        schema: {
          tags,
          description: 'Solves the issue and creates the listed to-dos (linked to it) in the same transaction.',
          params: issueParamsSchema,
          body: solveIssueRequestSchema,
          response: { 200: solveIssueResultSchema },
        },
      },
      async (request) => service.solve(request.scope, request.params.id, request.body, clientMeta(request)),
    );

    app.post(`${base}/:id/reopen`, versioned, async (request) => ({
      data: await service.reopen(request.scope, request.params.id, request.body.version, clientMeta(request)),
    }));

    app.post(
      `${base}/:id/send`,
      objectRoute(tags, issueParamsSchema, sendIssueRequestSchema, one),
      async (request) => ({
        data: await service.send(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(`${base}/:id/archive`, versioned, async (request) => ({
      data: await service.archive(request.scope, request.params.id, request.body.version, true, clientMeta(request)),
    }));
    app.post(`${base}/:id/restore`, versioned, async (request) => ({
      data: await service.archive(request.scope, request.params.id, request.body.version, false, clientMeta(request)),
    }));

    app.get(
      `${base}/:id/trail`,
      { schema: { tags, params: issueParamsSchema, response: { 200: issueTrailSchema } } },
      async (request) => ({ data: await threads.trail(request.scope, request.params.id) }),
    );

    app.get(
      `${base}/:id/comments`,
      {
        schema: {
          tags,
          params: issueParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: issueCommentPageSchema },
        },
      },
      async (request) => threads.comments(request.scope, request.params.id, request.query),
    );
    app.post(
      `${base}/:id/comments`,
      createChildRoute(tags, issueParamsSchema, createIssueCommentRequestSchema, envelope(issueCommentSchema)),
      async (request, reply) =>
        reply.code(201).send({
          data: await threads.addComment(request.scope, request.params.id, request.body, clientMeta(request)),
        }),
    );
    app.patch(
      `${base}/:id/comments/:commentId`,
      objectRoute(tags, issueCommentParamsSchema, updateIssueCommentRequestSchema, envelope(issueCommentSchema)),
      async (request) => ({
        data: await threads.editComment(
          request.scope,
          request.params.id,
          request.params.commentId,
          request.body,
          clientMeta(request),
        ),
      }),
    );
    app.delete(
      `${base}/:id/comments/:commentId`,
      { schema: { tags, params: issueCommentParamsSchema, response: { 200: successSchema } } },
      async (request) =>
        threads.deleteComment(request.scope, request.params.id, request.params.commentId, clientMeta(request)),
    );

    app.get(
      `${base}/:id/attachments`,
      { schema: { tags, params: issueParamsSchema, response: { 200: issueAttachmentListSchema } } },
      async (request) => ({ data: await threads.attachments(request.scope, request.params.id) }),
    );
    app.post(
      `${base}/:id/attachments`,
      {
        schema: {
          tags,
          description:
            'multipart/form-data with the file in the field "file": an image, PDF, Office document or zip, at most 10 MB.',
          consumes: ['multipart/form-data'],
          params: issueParamsSchema,
          response: { 201: envelope(issueAttachmentSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await threads.upload(
            request.scope,
            request.params.id,
            () => openAttachmentFile(request),
            clientMeta(request),
          ),
        }),
    );
    app.get(
      `${base}/:id/attachments/:attachmentId`,
      { schema: { tags, description: 'The file itself, as a download.', params: issueAttachmentParamsSchema } },
      async (request, reply) => {
        const file = await threads.download(request.scope, request.params.id, request.params.attachmentId);
        return reply
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('cache-control', 'private, no-store')
          .header('content-length', String(file.bytes))
          .type(file.mimeType)
          .send(file.stream);
      },
    );
    app.delete(
      `${base}/:id/attachments/:attachmentId`,
      { schema: { tags, params: issueAttachmentParamsSchema, response: { 200: successSchema } } },
      async (request) =>
        threads.removeAttachment(request.scope, request.params.id, request.params.attachmentId, clientMeta(request)),
    );
  };
}
