import {
  addDepartmentMemberRequestSchema,
  adminDepartmentListSchema,
  adminDepartmentSchema,
  createDepartmentRequestSchema,
  departmentListQuerySchema,
  departmentMemberListSchema,
  departmentMemberParamsSchema,
  departmentParamsSchema,
  departmentVersionRequestSchema,
  envelope,
  organizationParamsSchema,
  setDepartmentMemberRoleRequestSchema,
  successSchema,
  updateDepartmentRequestSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import { createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import type { DepartmentsService } from './departments.service.js';

const base = '/organizations/:organizationId/departments';
const one = envelope(adminDepartmentSchema);
const tags = ['departments'];
const done = envelope(successSchema);
const ok = { data: { success: true as const } };

export function departmentsRoutes(service: DepartmentsService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          description:
            'Every department of the organization (active, or archived with archived=true); any member reads it.',
          params: organizationParamsSchema,
          querystring: departmentListQuerySchema,
          response: { 200: adminDepartmentListSchema },
        },
      },
      async (request) => ({ data: await service.list(request.scope, request.query.archived === 'true') }),
    );

    app.post(base, createRoute(tags, createDepartmentRequestSchema, one), async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/:departmentId`,
      { schema: { tags, params: departmentParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(request.scope, request.params.departmentId) }),
    );

    app.patch(
      `${base}/:departmentId`,
      objectRoute(tags, departmentParamsSchema, updateDepartmentRequestSchema, one),
      async (request) => ({
        data: await service.update(request.scope, request.params.departmentId, request.body, clientMeta(request)),
      }),
    );

    for (const action of ['archive', 'restore'] as const) {
      app.post(
        `${base}/:departmentId/${action}`,
        objectRoute(tags, departmentParamsSchema, departmentVersionRequestSchema, one),
        async (request) => ({
          data: await service[action](
            request.scope,
            request.params.departmentId,
            request.body.version,
            clientMeta(request),
          ),
        }),
      );
    }

    app.post(
      `${base}/:departmentId/make-leadership`,
      {
        schema: {
          tags,
          description: 'Moves the leadership flag here from the current leadership team, in one transaction.',
          params: departmentParamsSchema,
          body: departmentVersionRequestSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await service.makeLeadership(
          request.scope,
          request.params.departmentId,
          request.body.version,
          clientMeta(request),
        ),
      }),
    );

    app.get(
      `${base}/:departmentId/members`,
      { schema: { tags, params: departmentParamsSchema, response: { 200: departmentMemberListSchema } } },
      async (request) => ({ data: await service.members(request.scope, request.params.departmentId) }),
    );

    app.post(
      `${base}/:departmentId/members`,
      {
        schema: {
          tags,
          params: departmentParamsSchema,
          body: addDepartmentMemberRequestSchema,
          response: { 201: done },
        },
      },
      async (request, reply) => {
        await service.addMember(request.scope, request.params.departmentId, request.body, clientMeta(request));
        return reply.code(201).send(ok);
      },
    );

    app.patch(
      `${base}/:departmentId/members/:userId`,
      objectRoute(tags, departmentMemberParamsSchema, setDepartmentMemberRoleRequestSchema, done),
      async (request) => {
        const { departmentId, userId } = request.params;
        await service.setMemberRole(request.scope, departmentId, userId, request.body.role, clientMeta(request));
        return ok;
      },
    );

    app.delete(
      `${base}/:departmentId/members/:userId`,
      { schema: { tags, params: departmentMemberParamsSchema, response: { 200: done } } },
      async (request) => {
        const { departmentId, userId } = request.params;
        await service.removeMember(request.scope, departmentId, userId, clientMeta(request));
        return ok;
      },
    );
  };
}
