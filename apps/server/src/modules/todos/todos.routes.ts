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
import { callerIn } from '../../http/organization-scope.js';
import type { TypedApp } from '../../http/types.js';
import type { TodosService } from './todos.service.js';

const tags = ['todos'];
const base = '/organizations/:organizationId/todos';

export function todosRoutes(service: TodosService) {
  return async function register(app: TypedApp) {
    app.get(
      '/organizations/:organizationId/people',
      { schema: { tags: ['people'], params: organizationParamsSchema, response: { 200: organizationPeopleSchema } } },
      async (request) => ({ data: await service.people(callerIn(request)) }),
    );

    app.get(
      base,
      {
        config: { revisionCached: true },
        schema: {
          tags,
          params: organizationParamsSchema,
          querystring: listTodosQuerySchema,
          response: { 200: todoPageSchema },
        },
      },
      async (request) => service.list(callerIn(request), request.query),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          params: organizationParamsSchema,
          body: createTodoRequestSchema,
          response: { 201: todoListSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(callerIn(request), request.body, clientMeta(request)) }),
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
      async (request) => ({ data: await service.completionRate(callerIn(request), request.query) }),
    );

    app.post(
      `${base}/bulk`,
      {
        schema: {
          tags,
          params: organizationParamsSchema,
          body: bulkTodoRequestSchema,
          response: { 200: envelope(bulkTodoResultSchema) },
        },
      },
      async (request) => ({ data: await service.bulk(callerIn(request), request.body, clientMeta(request)) }),
    );

    app.post(
      `${base}/bulk/undo`,
      {
        schema: {
          tags,
          params: organizationParamsSchema,
          body: bulkTodoUndoRequestSchema,
          response: { 200: envelope(bulkTodoUndoResultSchema) },
        },
      },
      async (request) => ({ data: await service.undo(callerIn(request), request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, params: todoParamsSchema, response: { 200: envelope(todoSchema) } } },
      async (request) => ({ data: await service.get(callerIn(request), request.params.id) }),
    );

    app.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          params: todoParamsSchema,
          body: updateTodoRequestSchema,
          response: { 200: envelope(todoSchema) },
        },
      },
      async (request) => ({
        data: await service.update(callerIn(request), request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/:id/complete`,
      {
        schema: {
          tags,
          params: todoParamsSchema,
          body: todoVersionRequestSchema,
          response: { 200: envelope(todoSchema) },
        },
      },
      async (request) => ({
        data: await service.complete(callerIn(request), request.params.id, request.body.version, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/:id/reopen`,
      {
        schema: {
          tags,
          params: todoParamsSchema,
          body: todoVersionRequestSchema,
          response: { 200: envelope(todoSchema) },
        },
      },
      async (request) => ({
        data: await service.reopen(callerIn(request), request.params.id, request.body.version, clientMeta(request)),
      }),
    );

    app.delete(
      `${base}/:id`,
      { schema: { tags, params: todoParamsSchema, response: { 200: envelope(successSchema) } } },
      async (request) => ({ data: await service.remove(callerIn(request), request.params.id, clientMeta(request)) }),
    );
  };
}
