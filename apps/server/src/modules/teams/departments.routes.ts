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
import { callerIn } from '../../http/organization-scope.js';
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
      async (request) => ({ data: await service.list(callerIn(request), request.query.archived === 'true') }),
    );

    app.post(
      base,
      {
        schema: { tags, params: organizationParamsSchema, body: createDepartmentRequestSchema, response: { 201: one } },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(callerIn(request), request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/:departmentId`,
      { schema: { tags, params: departmentParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(callerIn(request), request.params.departmentId) }),
    );

    app.patch(
      `${base}/:departmentId`,
      { schema: { tags, params: departmentParamsSchema, body: updateDepartmentRequestSchema, response: { 200: one } } },
      async (request) => ({
        data: await service.update(callerIn(request), request.params.departmentId, request.body, clientMeta(request)),
      }),
    );

    for (const action of ['archive', 'restore'] as const) {
      app.post(
        `${base}/:departmentId/${action}`,
        {
          schema: {
            tags,
            params: departmentParamsSchema,
            body: departmentVersionRequestSchema,
            response: { 200: one },
          },
        },
        async (request) => ({
          data: await service[action](
            callerIn(request),
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
          callerIn(request),
          request.params.departmentId,
          request.body.version,
          clientMeta(request),
        ),
      }),
    );

    app.get(
      `${base}/:departmentId/members`,
      { schema: { tags, params: departmentParamsSchema, response: { 200: departmentMemberListSchema } } },
      async (request) => ({ data: await service.members(callerIn(request), request.params.departmentId) }),
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
        await service.addMember(callerIn(request), request.params.departmentId, request.body, clientMeta(request));
        return reply.code(201).send(ok);
      },
    );

    app.patch(
      `${base}/:departmentId/members/:userId`,
      {
        schema: {
          tags,
          params: departmentMemberParamsSchema,
          body: setDepartmentMemberRoleRequestSchema,
          response: { 200: done },
        },
      },
      async (request) => {
        const { departmentId, userId } = request.params;
        await service.setMemberRole(callerIn(request), departmentId, userId, request.body.role, clientMeta(request));
        return ok;
      },
    );

    app.delete(
      `${base}/:departmentId/members/:userId`,
      { schema: { tags, params: departmentMemberParamsSchema, response: { 200: done } } },
      async (request) => {
        const { departmentId, userId } = request.params;
        await service.removeMember(callerIn(request), departmentId, userId, clientMeta(request));
        return ok;
      },
    );
  };
}
