import {
  chatConnectionListSchema,
  chatConnectionSchema,
  type CreateChatConnectionRequest,
  type UpdateChatConnectionRequest,
} from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';

/** The realtime entity of every integration: a change by another administrator refreshes every open page. */
const ENTITY = 'integration';

const path = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/chat-connections${rest}`;

export const useChatConnections = () =>
  useOrganizationQuery(ENTITY, ['chat-connections'], (organizationId, { signal }) =>
    apiRequest(path(organizationId), { schema: chatConnectionListSchema.shape.data, signal }),
  );

export const useCreateChatConnection = () =>
  useOrganizationMutation([ENTITY], (organizationId, body: CreateChatConnectionRequest) =>
    apiRequest(path(organizationId), { schema: chatConnectionSchema, method: 'POST', body }),
  );

export const useUpdateChatConnection = () =>
  useOrganizationMutation([ENTITY], (organizationId, { id, ...body }: UpdateChatConnectionRequest & { id: string }) =>
    apiRequest(path(organizationId, `/${encodeURIComponent(id)}`), {
      schema: chatConnectionSchema,
      method: 'PATCH',
      body,
    }),
  );

export const useDeleteChatConnection = () =>
  useOrganizationMutation([ENTITY], (organizationId, id: string) =>
    apiRequest(path(organizationId, `/${encodeURIComponent(id)}`), { method: 'DELETE' }),
  );

export const useSendChatTest = () =>
  useOrganizationMutation([], (organizationId, id: string) =>
    apiRequest(path(organizationId, `/${encodeURIComponent(id)}/test`), { method: 'POST' }),
  );
