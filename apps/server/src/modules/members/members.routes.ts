import {
  acceptInvitationRequestSchema,
  changeRoleRequestSchema,
  createInvitationRequestSchema,
  envelope,
  invitationListQuerySchema,
  invitationPageSchema,
  invitationParamsSchema,
  invitationLookupSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  invitationVersionRequestSchema,
  memberListQuerySchema,
  memberPageSchema,
  memberParamsSchema,
  memberSchema,
  memberStatusRequestSchema,
  organizationParamsSchema,
  sentInvitationSchema,
  sessionSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import { createRoute, objectRoute } from '../../http/route-options.js';
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
      async (request) => service.list(request.scope, request.query),
    );

    app.patch(
      `${members}/:userId/role`,
      objectRoute(tags, memberParamsSchema, changeRoleRequestSchema, envelope(memberSchema)),
      async (request) => ({
        data: await service.changeRole(request.scope, request.params.userId, request.body, clientMeta(request)),
      }),
    );

    for (const action of ['deactivate', 'reactivate'] as const) {
      app.post(
        `${members}/:userId/${action}`,
        objectRoute(tags, memberParamsSchema, memberStatusRequestSchema, envelope(memberSchema)),
        async (request) => ({
          data: await service[action](request.scope, request.params.userId, request.body.version, clientMeta(request)),
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
      async (request) => service.listInvitations(request.scope, request.query),
    );

    app.post(
      invitations,
      createRoute(tags, createInvitationRequestSchema, envelope(sentInvitationSchema)),
      async (request, reply) =>
        reply.code(201).send({ data: await service.invite(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${invitations}/:invitationId/resend`,
      objectRoute(tags, invitationParamsSchema, invitationVersionRequestSchema, envelope(sentInvitationSchema)),
      async (request) => ({
        data: await service.resend(
          request.scope,
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
        data: await service.revoke(request.scope, request.params.invitationId, clientMeta(request)),
      }),
    );

    // Public: the link's secret is the credential. A signed-in caller's token is still read for accepting.
    app.get(
      '/invitations/:token',
      {
        config: limited,
        schema: { tags, params: invitationTokenParamsSchema, response: { 200: envelope(invitationLookupSchema) } },
      },
      async (request) => ({ data: await service.lookup(request.params.token) }),
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
