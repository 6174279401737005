import { ACCOUNTABILITY_PAGE_DEFAULT, accountabilityPageSchema } from '@keel/contract';
import { apiRequestWhole } from '../../lib/api-client';
import { useOrganizationInfiniteQuery } from '../../lib/organization-query';

/**
 * Keyed ['organizations', id, 'accountability', …]: no change event names 'accountability', so
 * lib/dependent-entities maps the kinds it shows (priorities, to-dos, issues, scorecard, chart, teams)
 * onto it, live and after the features' own mutations.
 */
export function useAccountability(teamId: string | null) {
  return useOrganizationInfiniteQuery(
    'accountability',
    ['people', teamId ?? 'everyone'],
    (organizationId, { pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ACCOUNTABILITY_PAGE_DEFAULT) });
      if (teamId) query.set('teamId', teamId);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(
        `/organizations/${encodeURIComponent(organizationId)}/accountability?${query.toString()}`,
        {
          schema: accountabilityPageSchema,
          signal,
        },
      );
    },
    { initialPageParam: null as string | null, getNextPageParam: (last) => last.page.nextCursor },
  );
}
