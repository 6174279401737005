import type { Issue } from '@keel/contract';

/**
 * An open list as the team ranks it: the top three first in rank order, then the rest in their
 * hand-made order (the order the server answers). A stable sort keeps that order among unranked ones.
 */
export function inRankOrder(issues: readonly Issue[]): Issue[] {
  const rankOf = (issue: Issue) => issue.priorityRank ?? Number.POSITIVE_INFINITY;
  return [...issues].sort((a, b) => rankOf(a) - rankOf(b));
}
