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
import { cachedListRoute, createRoute, objectRoute } from '../../http/route-options.js';
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
    const versioned = objectRoute(tags, headlineParamsSchema, headlineVersionRequestSchema, one);
    app.get(base, cachedListRoute(tags, headlineListQuerySchema, headlinePageSchema), async (request) =>
      service.list(request.scope, request.query),
    );

    app.post(base, createRoute(tags, createHeadlineRequestSchema, one), async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, params: headlineParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(request.scope, request.params.id) }),
    );

    app.patch(
      `${base}/:id`,
      objectRoute(tags, headlineParamsSchema, updateHeadlineRequestSchema, one),
      async (request) => ({
        data: await service.update(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/:id/discussed`,
      objectRoute(tags, headlineParamsSchema, markHeadlineDiscussedRequestSchema, one),
      async (request) => ({
        data: await service.markDiscussed(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(`${base}/:id/archive`, versioned, async (request) => ({
      data: await service.archive(request.scope, request.params.id, request.body.version, clientMeta(request)),
    }));

    app.post(`${base}/:id/restore`, versioned, async (request) => ({
      data: await service.restore(request.scope, request.params.id, request.body.version, clientMeta(request)),
    }));

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
      async (request) => messages.list(request.scope, request.query),
    );

    app.post(
      messagesBase,
      createRoute(messageTags, createCascadingMessageRequestSchema, oneMessage),
      async (request, reply) =>
        reply.code(201).send({ data: await messages.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${messagesBase}/:id`,
      { schema: { tags: messageTags, params: headlineParamsSchema, response: { 200: oneMessage } } },
      async (request) => ({ data: await messages.get(request.scope, request.params.id) }),
    );

    app.post(
      `${messagesBase}/:id/read`,
      { schema: { tags: messageTags, params: headlineParamsSchema, response: { 200: oneMessage } } },
      async (request) => ({
        data: await messages.markRead(request.scope, request.params.id, clientMeta(request)),
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
      async (request) => ({ data: await messages.receipts(request.scope, request.params.id) }),
    );
  };
}
