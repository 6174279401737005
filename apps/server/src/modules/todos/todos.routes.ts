import {
  bulkTodoRequestSchema,
  bulkTodoResultSchema,
  bulkTodoUndoRequestSchema,
  bulkTodoUndoResultSchema,
  createTodoRequestSchema,
  envelope,
  listTodosQuerySchema,
  organizationParamsSchema,
  organizationPeopleSchema,
  successSchema,
  todoCompletionRateQuerySchema,
  todoCompletionRateSchema,
  todoListSchema,
  todoPageSchema,
  todoParamsSchema,
  todoSchema,
  todoVersionRequestSchema,
  updateTodoRequestSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import { cachedListRoute, createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import type { TodosService } from './todos.service.js';

const tags = ['todos'];
const base = '/organizations/:organizationId/todos';
const one = envelope(todoSchema);

export function todosRoutes(service: TodosService) {
  return async function register(app: TypedApp) {
    const versioned = objectRoute(tags, todoParamsSchema, todoVersionRequestSchema, one);

    app.get(
      '/organizations/:organizationId/people',
      { schema: { tags: ['people'], params: organizationParamsSchema, response: { 200: organizationPeopleSchema } } },
      async (request) => ({ data: await service.people(request.scope) }),
    );

    app.get(base, cachedListRoute(tags, listTodosQuerySchema, todoPageSchema), async (request) =>
      service.list(request.scope, request.query),
    );

    app.post(base, createRoute(tags, createTodoRequestSchema, todoListSchema), async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/completion-rate`,
      {
        schema: {
          tags,
          params: organizationParamsSchema,
          querystring: todoCompletionRateQuerySchema,
          response: { 200: envelope(todoCompletionRateSchema) },
        },
      },
      async (request) => ({ data: await service.completionRate(request.scope, request.query) }),
    );

    app.post(
      `${base}/bulk`,
      objectRoute(tags, organizationParamsSchema, bulkTodoRequestSchema, envelope(bulkTodoResultSchema)),
      async (request) => ({ data: await service.bulk(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${base}/bulk/undo`,
      objectRoute(tags, organizationParamsSchema, bulkTodoUndoRequestSchema, envelope(bulkTodoUndoResultSchema)),
      async (request) => ({ data: await service.undo(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(`${base}/:id`, { schema: { tags, params: todoParamsSchema, response: { 200: one } } }, async (request) => ({
      data: await service.get(request.scope, request.params.id),
    }));

    app.patch(`${base}/:id`, objectRoute(tags, todoParamsSchema, updateTodoRequestSchema, one), async (request) => ({
      data: await service.update(request.scope, request.params.id, request.body, clientMeta(request)),
    }));

    app.post(`${base}/:id/complete`, versioned, async (request) => ({
      data: await service.complete(request.scope, request.params.id, request.body.version, clientMeta(request)),
    }));

    app.post(`${base}/:id/reopen`, versioned, async (request) => ({
      data: await service.reopen(request.scope, request.params.id, request.body.version, clientMeta(request)),
    }));

    app.delete(
      `${base}/:id`,
      { schema: { tags, params: todoParamsSchema, response: { 200: envelope(successSchema) } } },
      async (request) => ({ data: await service.remove(request.scope, request.params.id, clientMeta(request)) }),
    );
  };
}
