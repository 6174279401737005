import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  type CreateIssueRequest,
  type Issue,
  type IssueAttachment,
  issueAttachmentListSchema,
  issueAttachmentSchema,
  type IssueComment,
  issueCommentPageSchema,
  issueCommentSchema,
  type IssueHorizon,
  type IssuePage,
  issuePageSchema,
  type IssueRank,
  issueSchema,
  type IssueStatus,
  issueTrailSchema,
  sentIssuesPageSchema,
  type SolveIssueRequest,
  successSchema,
  type UpdateIssueRequest,
} from '@keel/contract';
import { ApiError, apiFetch, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import {
  organizationKey,
  requireOrganization,
  useOrganizationInfiniteQuery,
  useOrganizationQuery,
} from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';

export interface IssueListFilters {
  horizon: IssueHorizon;
  status: IssueStatus;
  search: string;
}

/** Queries are keyed ['organizations', id, 'issue', …] (useOrganizationQuery), the prefix the realtime client invalidates. */
const LIST_PAGE_SIZE = 200;

const issuesPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/issues${rest}`;

export { isConflict } from '../../lib/api-client';

export function useIssueList(teamId: string, filters: IssueListFilters) {
  return useOrganizationInfiniteQuery(
    'issue',
    ['list', teamId, filters],
    (organizationId, { pageParam }) => {
      const query = new URLSearchParams({ teamId, status: filters.status, limit: String(LIST_PAGE_SIZE) });
      // Solved issues are one list whatever their horizon; open ones are two ordered lists.
      if (filters.status === 'open') query.set('horizon', filters.horizon);
      if (filters.search.trim()) query.set('search', filters.search.trim());
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(issuesPath(organizationId, `?${query.toString()}`), { schema: issuePageSchema });
    },
    { initialPageParam: null as string | null, getNextPageParam: (last) => last.page.nextCursor },
  );
}

export const useIssueComments = (issueId: string) =>
  useOrganizationQuery('issue', ['comments', issueId], (organizationId) =>
    apiRequestWhole(issuesPath(organizationId, `/${issueId}/comments?limit=200`), { schema: issueCommentPageSchema }),
  );

export const useIssueAttachments = (issueId: string) =>
  useOrganizationQuery('issue', ['attachments', issueId], (organizationId) =>
    apiRequest(issuesPath(organizationId, `/${issueId}/attachments`), { schema: issueAttachmentListSchema.shape.data }),
  );

export const useIssueTrail = (issueId: string) =>
  useOrganizationQuery('issue', ['trail', issueId], (organizationId) =>
    apiRequest(issuesPath(organizationId, `/${issueId}/trail`), { schema: issueTrailSchema.shape.data }),
  );

export const useSentIssues = (teamId: string) =>
  useOrganizationQuery('issue', ['sent', teamId], (organizationId) =>
    apiRequestWhole(issuesPath(organizationId, `/sent?teamId=${teamId}&limit=20`), { schema: sentIssuesPageSchema }),
  );

export const useCreateIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, request: CreateIssueRequest) =>
    apiRequest(issuesPath(organizationId), { schema: issueSchema, method: 'POST', body: request }),
  );

export const useUpdateIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, { id, ...body }: UpdateIssueRequest & { id: string }) =>
    apiRequest(issuesPath(organizationId, `/${id}`), { schema: issueSchema, method: 'PATCH', body }),
  );

export const useRankIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, { issue, rank }: { issue: Issue; rank: IssueRank | null }) =>
    apiRequest(issuesPath(organizationId, `/${issue.id}/rank`), {
      schema: issueSchema,
      method: 'POST',
      body: { version: issue.version, rank },
    }),
  );

export const useVoteIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, issue: Issue) =>
    apiRequest(issuesPath(organizationId, `/${issue.id}/vote`), {
      schema: issueSchema,
      method: issue.votedByMe ? 'DELETE' : 'POST',
    }),
  );

/** Solving creates to-dos too: their lists refresh as well. */
export const useSolveIssue = () =>
  useOrganizationMutation(['issue', 'todo'], (organizationId, { id, ...body }: SolveIssueRequest & { id: string }) =>
    apiRequest(issuesPath(organizationId, `/${id}/solve`), { schema: issueSchema, method: 'POST', body }),
  );

export const useReopenIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, issue: Issue) =>
    apiRequest(issuesPath(organizationId, `/${issue.id}/reopen`), {
      schema: issueSchema,
      method: 'POST',
      body: { version: issue.version },
    }),
  );

export const useSendIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, { issue, teamId }: { issue: Issue; teamId: string }) =>
    apiRequest(issuesPath(organizationId, `/${issue.id}/send`), {
      schema: issueSchema,
      method: 'POST',
      body: { version: issue.version, teamId },
    }),
  );

export const useArchiveIssue = () =>
  useOrganizationMutation(['issue'], (organizationId, issue: Issue) =>
    apiRequest(issuesPath(organizationId, `/${issue.id}/archive`), {
      schema: issueSchema,
      method: 'POST',
      body: { version: issue.version },
    }),
  );

export const useAddComment = () =>
  useOrganizationMutation(['issue'], (organizationId, { issueId, body }: { issueId: string; body: string }) =>
    apiRequest(issuesPath(organizationId, `/${issueId}/comments`), {
      schema: issueCommentSchema,
      method: 'POST',
      body: { body },
    }),
  );

export const useEditComment = () =>
  useOrganizationMutation(['issue'], (organizationId, { comment, body }: { comment: IssueComment; body: string }) =>
    apiRequest(issuesPath(organizationId, `/${comment.issueId}/comments/${comment.id}`), {
      schema: issueCommentSchema,
      method: 'PATCH',
      body: { version: comment.version, body },
    }),
  );

export const useDeleteComment = () =>
  useOrganizationMutation(['issue'], (organizationId, comment: IssueComment) =>
    apiRequest(issuesPath(organizationId, `/${comment.issueId}/comments/${comment.id}`), {
      schema: successSchema,
      method: 'DELETE',
    }),
  );

export const useUploadAttachment = () =>
  useOrganizationMutation(['issue'], (organizationId, { issueId, file }: { issueId: string; file: File }) => {
    const formData = new FormData();
    formData.append('file', file);
    return apiRequest(issuesPath(organizationId, `/${issueId}/attachments`), {
      schema: issueAttachmentSchema,
      method: 'POST',
      formData,
    });
  });

export const useDeleteAttachment = () =>
  useOrganizationMutation(['issue'], (organizationId, attachment: IssueAttachment) =>
    apiRequest(issuesPath(organizationId, `/${attachment.issueId}/attachments/${attachment.id}`), {
      schema: successSchema,
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
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  const key = organizationKey(organizationId, 'issue', 'list', teamId, filters);
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest(issuesPath(requireOrganization(organizationId), '/reorder'), {
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'issue') }),
  });
}
