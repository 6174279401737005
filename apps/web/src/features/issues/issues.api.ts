import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CreateIssueRequest,
  Issue,
  IssueAttachment,
  IssueComment,
  IssueCommentPage,
  IssueHorizon,
  IssuePage,
  IssueRank,
  IssueStatus,
  IssueTrailEntry,
  SentIssuesPage,
  SolveIssueRequest,
  UpdateIssueRequest,
} from '@keel/contract';
import { ApiError, apiFetch, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationId } from '../../lib/session-store';

export interface IssueListFilters {
  horizon: IssueHorizon;
  status: IssueStatus;
  search: string;
}

/** Every key starts with ['organizations', id, 'issue'], the prefix the realtime client invalidates. */
export const issueKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'issue'] as const,
  lists: (organizationId: string, teamId: string) =>
    ['organizations', organizationId, 'issue', 'list', teamId] as const,
  list: (organizationId: string, teamId: string, filters: IssueListFilters) =>
    ['organizations', organizationId, 'issue', 'list', teamId, filters] as const,
  comments: (organizationId: string, issueId: string) =>
    ['organizations', organizationId, 'issue', 'comments', issueId] as const,
  attachments: (organizationId: string, issueId: string) =>
    ['organizations', organizationId, 'issue', 'attachments', issueId] as const,
  trail: (organizationId: string, issueId: string) =>
    ['organizations', organizationId, 'issue', 'trail', issueId] as const,
  sent: (organizationId: string, teamId: string) => ['organizations', organizationId, 'issue', 'sent', teamId] as const,
};

const LIST_PAGE_SIZE = 200;

const issuesPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/issues${rest}`;

export { isConflict } from '../../lib/api-client';

export function useIssueList(teamId: string, filters: IssueListFilters) {
  const organizationId = useOrganizationId() ?? 'none';
  return useInfiniteQuery({
    queryKey: issueKeys.list(organizationId, teamId, filters),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ teamId, status: filters.status, limit: String(LIST_PAGE_SIZE) });
      // Solved issues are one list whatever their horizon; open ones are two ordered lists.
      if (filters.status === 'open') query.set('horizon', filters.horizon);
      if (filters.search.trim()) query.set('search', filters.search.trim());
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole<IssuePage>(issuesPath(organizationId, `?${query.toString()}`));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.page.nextCursor,
    enabled: organizationId !== 'none',
  });
}

export function useIssueComments(issueId: string) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: issueKeys.comments(organizationId, issueId),
    queryFn: () => apiRequestWhole<IssueCommentPage>(issuesPath(organizationId, `/${issueId}/comments?limit=200`)),
    enabled: organizationId !== 'none',
  });
}

export function useIssueAttachments(issueId: string) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: issueKeys.attachments(organizationId, issueId),
    queryFn: () => apiRequest<IssueAttachment[]>(issuesPath(organizationId, `/${issueId}/attachments`)),
    enabled: organizationId !== 'none',
  });
}

export function useIssueTrail(issueId: string) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: issueKeys.trail(organizationId, issueId),
    queryFn: () => apiRequest<IssueTrailEntry[]>(issuesPath(organizationId, `/${issueId}/trail`)),
    enabled: organizationId !== 'none',
  });
}

export function useSentIssues(teamId: string) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: issueKeys.sent(organizationId, teamId),
    queryFn: () => apiRequestWhole<SentIssuesPage>(issuesPath(organizationId, `/sent?teamId=${teamId}&limit=20`)),
    enabled: organizationId !== 'none',
  });
}

const invalidateIssues = (queryClient: QueryClient, organizationId: string) =>
  queryClient.invalidateQueries({ queryKey: issueKeys.all(organizationId) });

export const useCreateIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, request: CreateIssueRequest) =>
    apiRequest<Issue>(issuesPath(organizationId), { method: 'POST', body: request }),
  );

export const useUpdateIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, { id, ...body }: UpdateIssueRequest & { id: string }) =>
    apiRequest<Issue>(issuesPath(organizationId, `/${id}`), { method: 'PATCH', body }),
  );

export const useRankIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, { issue, rank }: { issue: Issue; rank: IssueRank | null }) =>
    apiRequest<Issue>(issuesPath(organizationId, `/${issue.id}/rank`), {
      method: 'POST',
      body: { version: issue.version, rank },
    }),
  );

export const useVoteIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, issue: Issue) =>
    apiRequest<Issue>(issuesPath(organizationId, `/${issue.id}/vote`), {
      method: issue.votedByMe ? 'DELETE' : 'POST',
    }),
  );

/** Solving creates to-dos too: their lists refresh as well. */
export const useSolveIssue = () =>
  useOrganizationMutation(['issue', 'todo'], (organizationId, { id, ...body }: SolveIssueRequest & { id: string }) =>
    apiRequest<Issue>(issuesPath(organizationId, `/${id}/solve`), { method: 'POST', body }),
  );

export const useReopenIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, issue: Issue) =>
    apiRequest<Issue>(issuesPath(organizationId, `/${issue.id}/reopen`), {
      method: 'POST',
      body: { version: issue.version },
    }),
  );

export const useSendIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, { issue, teamId }: { issue: Issue; teamId: string }) =>
    apiRequest<Issue>(issuesPath(organizationId, `/${issue.id}/send`), {
      method: 'POST',
      body: { version: issue.version, teamId },
    }),
  );

export const useArchiveIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, issue: Issue) =>
    apiRequest<Issue>(issuesPath(organizationId, `/${issue.id}/archive`), {
      method: 'POST',
      body: { version: issue.version },
    }),
  );

export const useAddComment = () =>
  useOrganizationMutation(['issue'], (organizationId, { issueId, body }: { issueId: string; body: string }) =>
    apiRequest<IssueComment>(issuesPath(organizationId, `/${issueId}/comments`), { method: 'POST', body: { body } }),
  );

export const useEditComment = () =>
  useOrganizationMutation(['issue'], (organizationId, { comment, body }: { comment: IssueComment; body: string }) =>
    apiRequest<IssueComment>(issuesPath(organizationId, `/${comment.issueId}/comments/${comment.id}`), {
      method: 'PATCH',
      body: { version: comment.version, body },
    }),
  );

export const useDeleteComment = () =>
  useOrganizationMutation(['issue'], (organizationId, comment: IssueComment) =>
    apiRequest<{ success: true }>(issuesPath(organizationId, `/${comment.issueId}/comments/${comment.id}`), {
      method: 'DELETE',
    }),
  );

export const useUploadAttachment = () =>
  useOrganizationMutation(['issue'], (organizationId, { issueId, file }: { issueId: string; file: File }) => {
    const formData = new FormData();
    formData.append('file', file);
    return apiRequest<IssueAttachment>(issuesPath(organizationId, `/${issueId}/attachments`), {
      method: 'POST',
      formData,
    });
  });

export const useDeleteAttachment = () =>
  useOrganizationMutation(['issue'], (organizationId, attachment: IssueAttachment) =>
    apiRequest<{ success: true }>(issuesPath(organizationId, `/${attachment.issueId}/attachments/${attachment.id}`), {
      method: 'DELETE',
    }),
  );

/** Downloads need the bearer token, so the file is fetched and handed to the browser as a blob. */
export async function downloadAttachment(organizationId: string, attachment: IssueAttachment): Promise<void> {
  const response = await apiFetch(issuesPath(organizationId, `/${attachment.issueId}/attachments/${attachment.id}`));
  if (!response.ok)
    throw new ApiError(response.status, 'issue_attachment.download_failed', 'The file could not be downloaded');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.fileName;
  link.click();
  URL.revokeObjectURL(url);
}

type ListData = InfiniteData<IssuePage, string | null>;

/** The new order shows at once; a refusal puts it back, and the list refetches either way. */
export function useReorderIssues(teamId: string, filters: IssueListFilters) {
  const organizationId = useOrganizationId() ?? 'none';
  const queryClient = useQueryClient();
  const key = issueKeys.list(organizationId, teamId, filters);
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<{ ids: string[] }>(issuesPath(organizationId, '/reorder'), {
        method: 'POST',
        body: { teamId, horizon: filters.horizon, ids },
      }),
    onMutate: async (ids: string[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListData>(key);
      queryClient.setQueryData<ListData>(key, (data) => {
        if (!data) return data;
        const byId = new Map(data.pages.flatMap((page) => page.data).map((issue) => [issue.id, issue]));
        const ordered = ids.flatMap((id) => {
          const issue = byId.get(id);
          return issue ? [issue] : [];
        });
        return { ...data, pages: [{ data: ordered, page: { nextCursor: null } }] };
      });
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => invalidateIssues(queryClient, organizationId),
  });
}
