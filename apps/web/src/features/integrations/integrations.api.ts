import {
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  createdWebhookEndpointSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  type CreateApiKeyRequest,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveryPage,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationInfiniteQuery, useOrganizationQuery } from '../../lib/organization-query';

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

const webhooksPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/webhooks${rest}`;
/** The delivery log changes with every attempt, which is not announced live: an open log asks again while any is due. */
const DELIVERIES = 'webhook_deliveries';
export const DELIVERY_POLL_MS = 3000;
const DELIVERIES_PAGE = 20;

export const useWebhookEndpoints = () =>
  useOrganizationQuery(ENTITY, ['webhooks'], (organizationId, { signal }) =>
    apiRequest(webhooksPath(organizationId), { schema: webhookEndpointListSchema.shape.data, signal }),
  );

export const useCreateWebhookEndpoint = () =>
  useOrganizationMutation([ENTITY], (organizationId, body: CreateWebhookEndpointRequest) =>
    apiRequest(webhooksPath(organizationId), { schema: createdWebhookEndpointSchema, method: 'POST', body }),
  );

export const useUpdateWebhookEndpoint = () =>
  useOrganizationMutation([ENTITY], (organizationId, { id, ...body }: UpdateWebhookEndpointRequest & { id: string }) =>
    apiRequest(webhooksPath(organizationId, `/${encodeURIComponent(id)}`), {
      schema: webhookEndpointSchema,
      method: 'PATCH',
      body,
    }),
  );

export const useDeleteWebhookEndpoint = () =>
  useOrganizationMutation([ENTITY, DELIVERIES], (organizationId, id: string) =>
    apiRequest(webhooksPath(organizationId, `/${encodeURIComponent(id)}`), { method: 'DELETE' }),
  );

export const useSendTestEvent = () =>
  useOrganizationMutation([DELIVERIES], (organizationId, id: string) =>
    apiRequest(webhooksPath(organizationId, `/${encodeURIComponent(id)}/test`), {
      schema: webhookDeliverySchema,
      method: 'POST',
    }),
  );

export const useResendDelivery = () =>
  useOrganizationMutation(
    [DELIVERIES],
    (organizationId, { endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiRequest(
        webhooksPath(
          organizationId,
          `/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        ),
        { schema: webhookDeliverySchema, method: 'POST' },
      ),
  );

const isDue = (pages: WebhookDeliveryPage[] | undefined) =>
  pages?.some((page) =>
    page.data.some((delivery) => delivery.status === 'pending' || delivery.status === 'retrying'),
  ) ?? false;

export const useWebhookDeliveries = (endpointId: string) =>
  useOrganizationInfiniteQuery(
    DELIVERIES,
    [endpointId],
    (organizationId, { pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(DELIVERIES_PAGE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequestWhole(webhooksPath(organizationId, `/${encodeURIComponent(endpointId)}/deliveries?${params}`), {
        schema: webhookDeliveryPageSchema,
        signal,
      });
    },
    {
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.page.nextCursor,
      refetchInterval: (query) => (isDue(query.state.data?.pages) ? DELIVERY_POLL_MS : false),
    },
  );
