import toast from 'react-hot-toast';
import type { Issue, IssueRank } from '@keel/contract';
import { errorText } from '../../lib/api-client';
import { isConflict, useRankIssue, useReorderIssues, useVoteIssue, type IssueListFilters } from './issues.api';

/**
 * What a list of a team's open issues changes in place (rank, vote, hand-made order), the error of the last
 * change, and a reset: the issues page and a meeting's section both hand these to `IssueList`.
 */
export function useIssueListChanges(teamId: string, filters: IssueListFilters) {
  const rank = useRankIssue();
  const vote = useVoteIssue();
  const reorder = useReorderIssues(teamId, filters);
  return {
    error: rank.error ?? vote.error ?? reorder.error,
    reset: () => {
      rank.reset();
      vote.reset();
      reorder.reset();
    },
    onRank: (issue: Issue, value: IssueRank | null) => rank.mutate({ issue, rank: value }),
    onVote: (issue: Issue) => vote.mutate(issue),
    onReorder: (ids: string[]) =>
      reorder.mutate(ids, {
        onError: (error) =>
          isConflict(error) ? undefined : toast.error(errorText(error, 'The new order was not saved.')),
      }),
  };
}
