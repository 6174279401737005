import {
  type CreateProcessRequest,
  processPageSchema,
  processSchema,
  type ProcessStatus,
  processVersionListSchema,
  processVersionSchema,
  type UpdateProcessRequest,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { downloadApiFile } from '../../lib/file-download';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationInfiniteQuery, useOrganizationQuery } from '../../lib/organization-query';

const PAGE_SIZE = 50;
const PROCESS = ['process'] as const;

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/processes`;
const one = (organizationId: string, id: string) => `${base(organizationId)}/${encodeURIComponent(id)}`;

export interface ProcessFilters {
  teamId: string | null;
  status: ProcessStatus;
  search: string;
}

/** The list in title order, page by page; keys start with the 'process' entity so live changes refresh it. */
export const useProcesses = (filters: ProcessFilters) =>
  useOrganizationInfiniteQuery(
    'process',
    ['list', filters],
    (organizationId, { pageParam, signal }) => {
      const query = new URLSearchParams({ status: filters.status, limit: String(PAGE_SIZE) });
      if (filters.teamId) query.set('teamId', filters.teamId);
      if (filters.search.trim()) query.set('search', filters.search.trim());
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(`${base(organizationId)}?${query}`, { schema: processPageSchema, signal });
    },
    { initialPageParam: '', getNextPageParam: (last) => last.page.nextCursor ?? undefined },
  );

export const useProcess = (id: string | null) =>
  useOrganizationQuery(
    'process',
    ['one', id ?? 'none'],
    (organizationId, { signal }) => apiRequest(one(organizationId, id ?? ''), { schema: processSchema, signal }),
    { enabled: id !== null },
  );

export const useProcessVersions = (id: string) =>
  useOrganizationQuery('process', ['versions', id], (organizationId, { signal }) =>
    apiRequest(`${one(organizationId, id)}/versions`, { schema: processVersionListSchema, signal }),
  );

export const useProcessVersion = (id: string, version: number | null) =>
  useOrganizationQuery(
    'process',
    ['version', id, version ?? 0],
    (organizationId, { signal }) =>
      apiRequest(`${one(organizationId, id)}/versions/${version ?? 0}`, { schema: processVersionSchema, signal }),
    // A saved version never changes.
    { enabled: version !== null, staleTime: Infinity },
  );

export const useCreateProcess = () =>
  useOrganizationMutation(PROCESS, (organizationId, body: CreateProcessRequest) =>
    apiRequest(base(organizationId), { schema: processSchema, method: 'POST', body }),
  );

export const useSaveProcess = () =>
  useOrganizationMutation(PROCESS, (organizationId, { id, ...body }: UpdateProcessRequest & { id: string }) =>
    apiRequest(one(organizationId, id), { schema: processSchema, method: 'PATCH', body }),
  );

export type ProcessStatusChange = 'publish' | 'archive' | 'draft';

export const useChangeProcessStatus = () =>
  useOrganizationMutation(
    PROCESS,
    (organizationId, { id, version, change }: { id: string; version: number; change: ProcessStatusChange }) =>
      apiRequest(`${one(organizationId, id)}/${change}`, { schema: processSchema, method: 'POST', body: { version } }),
  );

export const useAcknowledgeProcess = () =>
  useOrganizationMutation(PROCESS, (organizationId, id: string) =>
    apiRequest(`${one(organizationId, id)}/acknowledge`, { schema: processSchema, method: 'POST' }),
  );

export const useMarkProcessReviewed = () =>
  useOrganizationMutation(PROCESS, (organizationId, id: string) =>
    apiRequest(`${one(organizationId, id)}/reviewed`, { schema: processSchema, method: 'POST' }),
  );

/** Downloads the process's PDF under the name the server gives it. */
export const downloadProcessPdf = (organizationId: string, id: string, title: string) =>
  downloadApiFile(`${one(organizationId, id)}/process.pdf`, `${title}.pdf`);
