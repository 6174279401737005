import {
  acceptInvitationRequestSchema,
  changeRoleRequestSchema,
  createInvitationRequestSchema,
  envelope,
  invitationListQuerySchema,
  invitationPageSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  invitationVersionRequestSchema,
  memberListQuerySchema,
  memberPageSchema,
  memberParamsSchema,
  memberSchema,
  memberStatusRequestSchema,
  organizationParamsSchema,
  sessionSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import { callerIn } from '../../http/organization-scope.js';
import type { TypedApp } from '../../http/types.js';
import type { MembersService } from './members.service.js';

const tags = ['members'];
const members = '/organizations/:organizationId/members';
const invitations = '/organizations/:organizationId/invitations';

export function membersRoutes(service: MembersService, options: { rateLimitPerMinute: number }) {
  const limited = { public: true, rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } as const;

  return async function register(app: TypedApp) {
    app.get(
      members,
      {
        schema: {
          tags,
          params: organizationParamsSchema,
          querystring: memberListQuerySchema,
          response: { 200: memberPageSchema },
        },
      },
      async (request) => service.list(callerIn(request), request.query),
    );

    app.patch(
      `${members}/:userId/role`,
      {
        schema: {
          tags,
          params: memberParamsSchema,
          body: changeRoleRequestSchema,
          response: { 200: envelope(memberSchema) },
        },
      },
      async (request) => ({
        data: await service.changeRole(callerIn(request), request.params.userId, request.body, clientMeta(request)),
      }),
    );

    for (const action of ['deactivate', 'reactivate'] as const) {
      app.post(
        `${members}/:userId/${action}`,
        {
          schema: {
            tags,
            params: memberParamsSchema,
            body: memberStatusRequestSchema,
            response: { 200: envelope(memberSchema) },
          },
        },
        async (request) => ({
          data: await service[action](
            callerIn(request),
            request.params.userId,
            request.body.version,
            clientMeta(request),
          ),
        }),
      );
    }

    app.get(
      invitations,
      {
        schema: {
          tags,
          params: organizationParamsSchema,
          querystring: invitationListQuerySchema,
          response: { 200: invitationPageSchema },
        },
      },
      async (request) => service.listInvitations(callerIn(request), request.query),
    );

    app.post(
      invitations,
      {
        schema: {
          tags,
          params: organizationParamsSchema,
          body: createInvitationRequestSchema,
          response: { 201: envelope(invitationSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.invite(callerIn(request), request.body, clientMeta(request)) }),
    );

    app.post(
      `${invitations}/:invitationId/resend`,
      {
        schema: {
          tags,
          params: invitationParamsSchema,
          body: invitationVersionRequestSchema,
          response: { 200: envelope(invitationSchema) },
        },
      },
      async (request) => ({
        data: await service.resend(
          callerIn(request),
          request.params.invitationId,
          request.body.version,
          clientMeta(request),
        ),
      }),
    );

    app.delete(
      `${invitations}/:invitationId`,
      { schema: { tags, params: invitationParamsSchema, response: { 200: envelope(invitationSchema) } } },
      async (request) => ({
        data: await service.revoke(callerIn(request), request.params.invitationId, clientMeta(request)),
      }),
    );

    // Public: the link's secret is the credential. A signed-in caller's token is still read for accepting.
    app.get(
      '/invitations/:token',
      {
        config: limited,
        schema: { tags, params: invitationTokenParamsSchema, response: { 200: envelope(invitationPreviewSchema) } },
      },
      async (request) => ({ data: await service.preview(request.params.token) }),
    );

    app.post(
      '/invitations/:token/accept',
      {
        config: limited,
        schema: {
          tags,
          params: invitationTokenParamsSchema,
          body: acceptInvitationRequestSchema.nullish(),
          response: { 200: envelope(sessionSchema) },
        },
      },
      async (request) => ({
        data: await service.accept(request.params.token, request.body ?? undefined, request.auth, clientMeta(request)),
      }),
    );
  };
}
