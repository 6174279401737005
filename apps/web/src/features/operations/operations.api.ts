import {
  adminToolFiguresSchema,
  dataIsolationReportSchema,
  failedOperationCountsSchema,
  failedOperationPageSchema,
  failedOperationsActionResultSchema,
  type JobKind,
  systemHealthSchema,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationInfiniteQuery, useOrganizationQuery } from '../../lib/organization-query';

export const FAILED_OPERATIONS_PAGE_SIZE = 50;
/** How often the system health page asks again while it is open. */
export const HEALTH_REFRESH_MS = 10_000;

/**
 * The realtime hub announces this entity when an operation fails, is retried or discarded; every query
 * keyed under it (the list, the counts, the admin tools figures) refetches on that notice.
 */
const FAILED_OPERATION = 'failed_operation';

const orgPath = (organizationId: string, rest: string) => `/organizations/${encodeURIComponent(organizationId)}${rest}`;

export const useFailedOperations = (kind: JobKind | null) =>
  useOrganizationInfiniteQuery(
    FAILED_OPERATION,
    ['list', kind ?? 'all'],
    (organizationId, { pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(FAILED_OPERATIONS_PAGE_SIZE) });
      if (kind) query.set('kind', kind);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(orgPath(organizationId, `/failed-operations?${query.toString()}`), {
        schema: failedOperationPageSchema,
        signal,
      });
    },
    { initialPageParam: null as string | null, getNextPageParam: (last) => last.page.nextCursor },
  );

export const useFailedOperationCounts = () =>
  useOrganizationQuery(FAILED_OPERATION, ['counts'], (organizationId, { signal }) =>
    apiRequest(orgPath(organizationId, '/failed-operations/counts'), { schema: failedOperationCountsSchema, signal }),
  );

const failedOperationsAction = (action: 'retry' | 'discard') => (organizationId: string, ids: string[]) =>
  apiRequest(orgPath(organizationId, `/failed-operations/${action}`), {
    method: 'POST',
    body: { ids },
    schema: failedOperationsActionResultSchema,
  });

export const useRetryFailedOperations = () =>
  useOrganizationMutation([FAILED_OPERATION], failedOperationsAction('retry'));

export const useDiscardFailedOperations = () =>
  useOrganizationMutation([FAILED_OPERATION], failedOperationsAction('discard'));

export const useSystemHealth = () =>
  useOrganizationQuery(
    'system-health',
    [],
    (organizationId, { signal }) =>
      apiRequest(orgPath(organizationId, '/system-health'), { schema: systemHealthSchema, signal }),
    { refetchInterval: HEALTH_REFRESH_MS },
  );

/** Runs the isolation proof: a POST, since each run does work on the server and answers a fresh report. */
export const useRunIsolationChecks = () =>
  useOrganizationMutation([], (organizationId, _input: void) =>
    apiRequest(orgPath(organizationId, '/data-isolation/runs'), { method: 'POST', schema: dataIsolationReportSchema }),
  );

/** Kept under the failed operations' key: the failed-operations figure is the one that changes behind the page's back. */
export const useAdminToolFigures = () =>
  useOrganizationQuery(FAILED_OPERATION, ['admin-tool-figures'], (organizationId, { signal }) =>
    apiRequest(orgPath(organizationId, '/admin-tools/figures'), { schema: adminToolFiguresSchema, signal }),
  );
