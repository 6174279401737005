import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CascadingMessage,
  CascadingMessageDirection,
  CascadingMessagePage,
  CascadingMessageReceipts,
  CreateCascadingMessageRequest,
  CreateHeadlineRequest,
  Headline,
  HeadlinePage,
  RaisedIssue,
  UpdateHeadlineRequest,
} from '@keel/contract';
import { ApiError, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { NO_ORGANIZATION, useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationId } from '../../lib/session-store';

const PAGE_SIZE = 100;

/** Keys start with the change-bus entity, so a live change notice invalidates exactly these. */
export const headlineKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'headline'] as const,
  list: (organizationId: string, teamId: string, includeArchived: boolean) =>
    ['organizations', organizationId, 'headline', 'list', teamId, { includeArchived }] as const,
};
export const cascadingMessageKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'cascading_message'] as const,
  list: (organizationId: string, teamId: string, direction: CascadingMessageDirection) =>
    ['organizations', organizationId, 'cascading_message', 'list', teamId, direction] as const,
  receipts: (organizationId: string, messageId: string) =>
    ['organizations', organizationId, 'cascading_message', 'receipts', messageId] as const,
};
export const peopleKey = (organizationId: string) => ['organizations', organizationId, 'people', 'headlines'] as const;

export interface Person {
  id: string;
  name: string;
}

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`;

export function useHeadlines(teamId: string | undefined, includeArchived: boolean) {
  const organizationId = useOrganizationId() ?? 'none';
  return useInfiniteQuery({
    queryKey: headlineKeys.list(organizationId, teamId ?? 'none', includeArchived),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ teamId: teamId ?? '', limit: String(PAGE_SIZE) });
      if (includeArchived) query.set('includeArchived', 'true');
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole<HeadlinePage>(`${base(organizationId)}/headlines?${query}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.page.nextCursor ?? undefined,
    enabled: organizationId !== 'none' && teamId !== undefined,
  });
}

export function useCascadingMessages(teamId: string | undefined, direction: CascadingMessageDirection) {
  const organizationId = useOrganizationId() ?? 'none';
  return useInfiniteQuery({
    queryKey: cascadingMessageKeys.list(organizationId, teamId ?? 'none', direction),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ teamId: teamId ?? '', direction, limit: String(PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole<CascadingMessagePage>(`${base(organizationId)}/cascading-messages?${query}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.page.nextCursor ?? undefined,
    enabled: organizationId !== 'none' && teamId !== undefined,
  });
}

export function useReceipts(messageId: string | null) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: cascadingMessageKeys.receipts(organizationId, messageId ?? 'none'),
    queryFn: () =>
      apiRequest<CascadingMessageReceipts>(`${base(organizationId)}/cascading-messages/${messageId ?? ''}/receipts`),
    enabled: organizationId !== 'none' && messageId !== null,
  });
}

/** The organization's people, for the owner and "about" pickers (served by the people route). */
export function usePeople() {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: peopleKey(organizationId),
    queryFn: async () => {
      const people = await apiRequest<Person[]>(`${base(organizationId)}/people`);
      return Array.isArray(people) ? people.map(({ id, name }) => ({ id, name })) : [];
    },
    enabled: organizationId !== 'none',
    staleTime: 5 * 60_000,
  });
}

export const useCreateHeadline = () =>
  useOrganizationMutation(['headline'], (organizationId, body: CreateHeadlineRequest) =>
    apiRequest<Headline>(`${base(organizationId)}/headlines`, { method: 'POST', body }),
  );

export const useUpdateHeadline = () =>
  useOrganizationMutation(['headline'], (organizationId, { id, ...body }: UpdateHeadlineRequest & { id: string }) =>
    apiRequest<Headline>(`${base(organizationId)}/headlines/${id}`, { method: 'PATCH', body }),
  );

export type HeadlineAction =
  | { kind: 'discussed'; id: string; version: number; discussed: boolean }
  | { kind: 'archive' | 'restore'; id: string; version: number };

export const useHeadlineAction = () =>
  useOrganizationMutation(['headline'], (organizationId, action: HeadlineAction) =>
    apiRequest<Headline>(`${base(organizationId)}/headlines/${action.id}/${action.kind}`, {
      method: 'POST',
      body:
        action.kind === 'discussed'
          ? { version: action.version, discussed: action.discussed }
          : { version: action.version },
    }),
  );

export const useSendCascadingMessage = () =>
  useOrganizationMutation(['cascading_message'], (organizationId, body: CreateCascadingMessageRequest) =>
    apiRequest<CascadingMessage>(`${base(organizationId)}/cascading-messages`, { method: 'POST', body }),
  );

export const useMarkMessageRead = () =>
  useOrganizationMutation(['cascading_message'], (organizationId, messageId: string) =>
    apiRequest<CascadingMessage>(`${base(organizationId)}/cascading-messages/${messageId}/read`, {
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
      return apiRequest<RaisedIssue>(`${base(organizationId)}/headlines/${headlineId}/issue`, { method: 'POST' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId ?? 'none', 'issue'] }),
  });
}
