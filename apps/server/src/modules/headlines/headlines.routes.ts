import {
  cascadingMessageListQuerySchema,
  cascadingMessagePageSchema,
  cascadingMessageReceiptsSchema,
  cascadingMessageSchema,
  createCascadingMessageRequestSchema,
  createHeadlineRequestSchema,
  envelope,
  headlineListQuerySchema,
  headlinePageSchema,
  headlineParamsSchema,
  headlineSchema,
  headlineVersionRequestSchema,
  markHeadlineDiscussedRequestSchema,
  organizationParamsSchema,
  updateHeadlineRequestSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import { callerIn } from '../../http/organization-scope.js';
import type { TypedApp } from '../../http/types.js';
import type { CascadingMessagesService } from './cascading-messages.service.js';
import { registerRaiseIssueRoute, type IssueRaiser } from '../issues/index.js';
import { headlineIssueDraft, type HeadlinesService } from './headlines.service.js';

const base = '/organizations/:organizationId/headlines';
const messagesBase = '/organizations/:organizationId/cascading-messages';
const one = envelope(headlineSchema);
const oneMessage = envelope(cascadingMessageSchema);

export function headlinesRoutes(service: HeadlinesService, messages: CascadingMessagesService, raiser: IssueRaiser) {
  return async function register(app: TypedApp) {
    const tags = ['headlines'];
    app.get(
      base,
      {
        config: { revisionCached: true },
        schema: {
          tags,
          params: organizationParamsSchema,
          querystring: headlineListQuerySchema,
          response: { 200: headlinePageSchema },
        },
      },
      async (request) => service.list(callerIn(request), request.query),
    );

    app.post(
      base,
      {
        schema: { tags, params: organizationParamsSchema, body: createHeadlineRequestSchema, response: { 201: one } },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(callerIn(request), request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, params: headlineParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(callerIn(request), request.params.id) }),
    );

    app.patch(
      `${base}/:id`,
      { schema: { tags, params: headlineParamsSchema, body: updateHeadlineRequestSchema, response: { 200: one } } },
      async (request) => ({
        data: await service.update(callerIn(request), request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/:id/discussed`,
      {
        schema: {
          tags,
          params: headlineParamsSchema,
          body: markHeadlineDiscussedRequestSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await service.markDiscussed(callerIn(request), request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/:id/archive`,
      { schema: { tags, params: headlineParamsSchema, body: headlineVersionRequestSchema, response: { 200: one } } },
      async (request) => ({
        data: await service.archive(callerIn(request), request.params.id, request.body.version, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/:id/restore`,
      { schema: { tags, params: headlineParamsSchema, body: headlineVersionRequestSchema, response: { 200: one } } },
      async (request) => ({
        data: await service.restore(callerIn(request), request.params.id, request.body.version, clientMeta(request)),
      }),
    );

    registerRaiseIssueRoute(app, raiser, {
      path: `${base}/:id/issue`,
      tags,
      description: 'Turns the headline into an open issue of its team, linked back to the headline.',
      draftOf: headlineIssueDraft,
    });

    const messageTags = ['cascading messages'];
    app.get(
      messagesBase,
      {
        schema: {
          tags: messageTags,
          params: organizationParamsSchema,
          querystring: cascadingMessageListQuerySchema,
          response: { 200: cascadingMessagePageSchema },
        },
      },
      async (request) => messages.list(callerIn(request), request.query),
    );

    app.post(
      messagesBase,
      {
        schema: {
          tags: messageTags,
          params: organizationParamsSchema,
          body: createCascadingMessageRequestSchema,
          response: { 201: oneMessage },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await messages.create(callerIn(request), request.body, clientMeta(request)) }),
    );

    app.get(
      `${messagesBase}/:id`,
      { schema: { tags: messageTags, params: headlineParamsSchema, response: { 200: oneMessage } } },
      async (request) => ({ data: await messages.get(callerIn(request), request.params.id) }),
    );

    app.post(
      `${messagesBase}/:id/read`,
      { schema: { tags: messageTags, params: headlineParamsSchema, response: { 200: oneMessage } } },
      async (request) => ({
        data: await messages.markRead(callerIn(request), request.params.id, clientMeta(request)),
      }),
    );

    app.get(
      `${messagesBase}/:id/receipts`,
      {
        schema: {
          tags: messageTags,
          params: headlineParamsSchema,
          response: { 200: envelope(cascadingMessageReceiptsSchema) },
        },
      },
      async (request) => ({ data: await messages.receipts(callerIn(request), request.params.id) }),
    );
  };
}
