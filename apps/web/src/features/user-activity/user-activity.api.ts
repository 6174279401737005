import { auditActionsSchema, type AuditEventFilter, auditEventPageSchema } from '@keel/contract';
import { apiFetch, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationInfiniteQuery, useOrganizationQuery } from '../../lib/organization-query';
import { errorFromBody } from '../../lib/api-error';

const PAGE_SIZE = 50;
/** Tens of thousands of rows take a while to stream; the default timeout is for ordinary calls. */
const EXPORT_TIMEOUT_MS = 5 * 60_000;

const basePath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/audit-events`;

/** Only the filters set, so an empty one is left out of the address (the server refuses unknown or empty values). */
export function filterQuery(filter: AuditEventFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}

export const useAuditEvents = (filter: AuditEventFilter) =>
  useOrganizationInfiniteQuery(
    'audit-events',
    ['list', filter],
    (organizationId, { pageParam }) => {
      const params = filterQuery(filter);
      params.set('limit', String(PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return apiRequestWhole(`${basePath(organizationId)}?${params.toString()}`, { schema: auditEventPageSchema });
    },
    { initialPageParam: null as string | null, getNextPageParam: (last) => last.page.nextCursor },
  );

export const useAuditActions = () =>
  useOrganizationQuery('audit-events', ['actions'], (organizationId) =>
    apiRequest(`${basePath(organizationId)}/actions`, { schema: auditActionsSchema.shape.data }),
  );

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
  if (!response.ok) throw errorFromBody(response.status, await response.json().catch(() => undefined));
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
