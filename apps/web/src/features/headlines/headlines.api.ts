import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CascadingMessageDirection,
  cascadingMessagePageSchema,
  cascadingMessageReceiptsSchema,
  cascadingMessageSchema,
  type CreateCascadingMessageRequest,
  type CreateHeadlineRequest,
  headlinePageSchema,
  headlineSchema,
  raisedIssueSchema,
  type UpdateHeadlineRequest,
} from '@keel/contract';
import { ApiError, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import {
  NO_ORGANIZATION,
  organizationKey,
  useOrganizationInfiniteQuery,
  useOrganizationQuery,
} from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';

const PAGE_SIZE = 100;

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`;

export const useHeadlines = (teamId: string | undefined, includeArchived: boolean) =>
  useOrganizationInfiniteQuery(
    'headline',
    ['list', teamId ?? 'none', { includeArchived }],
    (organizationId, { pageParam, signal }) => {
      const query = new URLSearchParams({ teamId: teamId ?? '', limit: String(PAGE_SIZE) });
      if (includeArchived) query.set('includeArchived', 'true');
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(`${base(organizationId)}/headlines?${query}`, { schema: headlinePageSchema, signal });
    },
    {
      initialPageParam: '',
      getNextPageParam: (last) => last.page.nextCursor ?? undefined,
      enabled: teamId !== undefined,
    },
  );

export const useCascadingMessages = (teamId: string | undefined, direction: CascadingMessageDirection) =>
  useOrganizationInfiniteQuery(
    'cascading_message',
    ['list', teamId ?? 'none', direction],
    (organizationId, { pageParam, signal }) => {
      const query = new URLSearchParams({ teamId: teamId ?? '', direction, limit: String(PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(`${base(organizationId)}/cascading-messages?${query}`, {
        schema: cascadingMessagePageSchema,
        signal,
      });
    },
    {
      initialPageParam: '',
      getNextPageParam: (last) => last.page.nextCursor ?? undefined,
      enabled: teamId !== undefined,
    },
  );

export const useReceipts = (messageId: string | null) =>
  useOrganizationQuery(
    'cascading_message',
    ['receipts', messageId ?? 'none'],
    (organizationId) =>
      apiRequest(`${base(organizationId)}/cascading-messages/${messageId ?? ''}/receipts`, {
        schema: cascadingMessageReceiptsSchema,
      }),
    { enabled: messageId !== null },
  );

export const useCreateHeadline = () =>
  useOrganizationMutation(['headline'], (organizationId, body: CreateHeadlineRequest) =>
    apiRequest(`${base(organizationId)}/headlines`, { schema: headlineSchema, method: 'POST', body }),
  );

export const useUpdateHeadline = () =>
  useOrganizationMutation(['headline'], (organizationId, { id, ...body }: UpdateHeadlineRequest & { id: string }) =>
    apiRequest(`${base(organizationId)}/headlines/${id}`, { schema: headlineSchema, method: 'PATCH', body }),
  );

export type HeadlineAction =
  | { kind: 'discussed'; id: string; version: number; discussed: boolean }
  | { kind: 'archive' | 'restore'; id: string; version: number };

export const useHeadlineAction = () =>
  useOrganizationMutation(['headline'], (organizationId, action: HeadlineAction) =>
    apiRequest(`${base(organizationId)}/headlines/${action.id}/${action.kind}`, {
      schema: headlineSchema,
      method: 'POST',
      body:
        action.kind === 'discussed'
          ? { version: action.version, discussed: action.discussed }
          : { version: action.version },
    }),
  );

export const useSendCascadingMessage = () =>
  useOrganizationMutation(['cascading_message'], (organizationId, body: CreateCascadingMessageRequest) =>
    apiRequest(`${base(organizationId)}/cascading-messages`, { schema: cascadingMessageSchema, method: 'POST', body }),
  );

export const useMarkMessageRead = () =>
  useOrganizationMutation(['cascading_message'], (organizationId, messageId: string) =>
    apiRequest(`${base(organizationId)}/cascading-messages/${messageId}/read`, {
      schema: cascadingMessageSchema,
      method: 'POST',
      body: {},
    }),
  );

/** A 409: someone else changed the headline since this page loaded it. */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Turns a headline into a linked issue of its team; the issue lists refresh. */
export function useRaiseIssueFromHeadline() {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (headlineId: string) => {
      if (!organizationId) throw new Error(NO_ORGANIZATION);
      return apiRequest(`${base(organizationId)}/headlines/${headlineId}/issue`, {
        schema: raisedIssueSchema.shape.data,
        method: 'POST',
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'issue') }),
  });
}
