import { apiKeyListSchema, apiKeySchema, createdApiKeySchema, type CreateApiKeyRequest } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';

/** The realtime entity of keys and webhooks: a change by another administrator refreshes every open page. */
const ENTITY = 'integration';

const apiKeysPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/api-keys${rest}`;

export const useApiKeys = () =>
  useOrganizationQuery(ENTITY, ['api-keys'], (organizationId, { signal }) =>
    apiRequest(apiKeysPath(organizationId), { schema: apiKeyListSchema.shape.data, signal }),
  );

export const useCreateApiKey = () =>
  useOrganizationMutation([ENTITY], (organizationId, body: CreateApiKeyRequest) =>
    apiRequest(apiKeysPath(organizationId), { schema: createdApiKeySchema, method: 'POST', body }),
  );

export const useRevokeApiKey = () =>
  useOrganizationMutation([ENTITY], (organizationId, keyId: string) =>
    apiRequest(apiKeysPath(organizationId, `/${encodeURIComponent(keyId)}/revoke`), {
      schema: apiKeySchema,
      method: 'POST',
    }),
  );
