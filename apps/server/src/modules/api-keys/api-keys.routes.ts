import {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  envelope,
  organizationParamsSchema,
  uuidSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { ApiKeysService } from './api-keys.service.js';

const tags = ['api-keys'];
const base = '/organizations/:organizationId/api-keys';
const WHO =
  'Admins and owners only, signed in (a key cannot manage keys); another organization’s id reads as not found.';
const keyParamsSchema = organizationParamsSchema.extend({ keyId: uuidSchema });

export function apiKeysRoutes(service: ApiKeysService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          summary: "The organization's API keys",
          description: `Every key in use, newest first, then recently revoked ones; never a secret. ${WHO}`,
          params: organizationParamsSchema,
          response: { 200: apiKeyListSchema },
        },
      },
      async (request) => ({ data: await service.list(request.scope) }),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: 'Create an API key',
          description: `Answers the secret once: only its hash is kept. The key acts as the organization, limited to its scopes. ${WHO}`,
          params: organizationParamsSchema,
          body: createApiKeyRequestSchema,
          response: { 201: envelope(createdApiKeySchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${base}/:keyId/revoke`,
      {
        schema: {
          tags,
          summary: 'Revoke an API key',
          description: `The key is refused from the next request on. Revoking twice keeps the first time. ${WHO}`,
          params: keyParamsSchema,
          response: { 200: envelope(apiKeySchema) },
        },
      },
      async (request) => ({ data: await service.revoke(request.scope, request.params.keyId, clientMeta(request)) }),
    );
  };
}
