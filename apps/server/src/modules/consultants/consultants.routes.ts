import {
  acceptConsultantInvitationRequestSchema,
  acceptedConsultantInvitationSchema,
  consultantClientListSchema,
  consultantGrantParamsSchema,
  consultantGrantSchema,
  envelope,
  inviteConsultantRequestSchema,
  organizationParamsSchema,
  registerRequestSchema,
  revokeConsultantRequestSchema,
  sentConsultantGrantSchema,
  sessionSchema,
  switchOrganizationRequestSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import { createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import type { ConsultantsService } from './consultants.service.js';

const tags = ['consultants'];
const clientBase = '/organizations/:organizationId/consultants';

export function consultantsRoutes(service: ConsultantsService, options: { rateLimitPerMinute: number }) {
  return async function register(app: TypedApp) {
    app.post(
      '/auth/consultant-register',
      {
        config: { public: true, rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
        schema: { tags: ['auth', ...tags], body: registerRequestSchema, response: { 201: envelope(sessionSchema) } },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.registerConsultant(request.body, clientMeta(request)) }),
    );

    // The client organization's side: its administrators invite, list and revoke consultants.
    app.get(
      clientBase,
      {
        schema: { tags, params: organizationParamsSchema, response: { 200: envelope(z.array(consultantGrantSchema)) } },
      },
      async (request) => ({ data: await service.list(request.scope) }),
    );

    app.post(
      clientBase,
      createRoute(tags, inviteConsultantRequestSchema, envelope(sentConsultantGrantSchema)),
      async (request, reply) =>
        reply.code(201).send({ data: await service.invite(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${clientBase}/:accessId/revoke`,
      objectRoute(tags, consultantGrantParamsSchema, revokeConsultantRequestSchema, envelope(consultantGrantSchema)),
      async (request) => ({
        data: await service.revoke(request.scope, request.params.accessId, request.body.version, clientMeta(request)),
      }),
    );

    // The consultant's side.
    app.post(
      '/consultant/invitations/accept',
      {
        schema: {
          tags,
          body: acceptConsultantInvitationRequestSchema,
          response: { 200: envelope(acceptedConsultantInvitationSchema) },
        },
      },
      async (request) => ({ data: await service.accept(requireAuth(request), request.body, clientMeta(request)) }),
    );

    app.get(
      '/consultant/clients',
      { schema: { tags, response: { 200: envelope(consultantClientListSchema) } } },
      async (request) => ({ data: await service.clients(requireAuth(request)) }),
    );

    app.post(
      '/consultant/switch',
      { schema: { tags, body: switchOrganizationRequestSchema, response: { 200: envelope(sessionSchema) } } },
      async (request) => ({
        data: await service.switchIn(requireAuth(request), request.body.organizationId, clientMeta(request)),
      }),
    );

    app.post(
      '/consultant/return',
      { schema: { tags, response: { 200: envelope(sessionSchema) } } },
      async (request) => ({ data: await service.returnHome(requireAuth(request), clientMeta(request)) }),
    );
  };
}
