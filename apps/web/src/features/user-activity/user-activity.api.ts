import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditEventFilter, AuditEventPage } from '@keel/contract';
import { apiFetch, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationId } from '../../lib/session-store';
import { toError } from '../imports/imports.api';

const PAGE_SIZE = 50;
/** Tens of thousands of rows take a while to stream; the default timeout is for ordinary calls. */
const EXPORT_TIMEOUT_MS = 5 * 60_000;

export const userActivityKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'audit-events'] as const,
  list: (organizationId: string, filter: AuditEventFilter) =>
    [...userActivityKeys.all(organizationId), 'list', filter] as const,
  actions: (organizationId: string) => [...userActivityKeys.all(organizationId), 'actions'] as const,
};

const basePath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/audit-events`;

/** Only the filters set, so an empty one is left out of the address (the server refuses unknown or empty values). */
export function filterQuery(filter: AuditEventFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}

export function useAuditEvents(filter: AuditEventFilter) {
  const organizationId = useOrganizationId() ?? 'none';
  return useInfiniteQuery({
    queryKey: userActivityKeys.list(organizationId, filter),
    queryFn: ({ pageParam }) => {
      const params = filterQuery(filter);
      params.set('limit', String(PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return apiRequestWhole<AuditEventPage>(`${basePath(organizationId)}?${params.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.page.nextCursor,
    enabled: organizationId !== 'none',
  });
}

export function useAuditActions() {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: userActivityKeys.actions(organizationId),
    queryFn: () => apiRequest<string[]>(`${basePath(organizationId)}/actions`),
    enabled: organizationId !== 'none',
  });
}

/**
 * The filtered log as a CSV file. A plain link cannot carry the bearer token, so the file is fetched
 * through the API client, then handed to the browser as a Blob download.
 */
export async function downloadAuditCsv(organizationId: string, filter: AuditEventFilter): Promise<void> {
  const query = filterQuery(filter).toString();
  const response = await apiFetch(`${basePath(organizationId)}.csv${query ? `?${query}` : ''}`, {
    accept: 'text/csv',
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  if (!response.ok) throw toError(response.status, await response.json().catch(() => undefined));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `user-activity-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
