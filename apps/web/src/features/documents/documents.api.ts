import {
  type CreateDocumentFolderRequest,
  type CreateDocumentLinkRequest,
  documentFolderSchema,
  type DocumentLinkRequest,
  type DocumentLinkTarget,
  documentListSchema,
  documentSchema,
  type DocumentVisibility,
  documentVersionListSchema,
  linkedDocumentListSchema,
  recentDocumentListSchema,
  type UpdateDocumentFolderRequest,
  type UpdateDocumentRequest,
} from '@keel/contract';
import { apiFetch, apiRequest, apiRequestWhole, errorFromBody } from '../../lib/api-client';
import { downloadApiFile } from '../../lib/file-download';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationInfiniteQuery, useOrganizationQuery } from '../../lib/organization-query';

/** Queries are keyed ['organizations', id, 'document', …]: the realtime client refreshes them all on a change. */
const DOCUMENT = ['document'] as const;
export const DOCUMENT_PAGE_SIZE = 50;

const orgPath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`;
export const documentsPath = (organizationId: string) => `${orgPath(organizationId)}/documents`;
const one = (organizationId: string, id: string) => `${documentsPath(organizationId)}/${encodeURIComponent(id)}`;
const folderPath = (organizationId: string, id: string) =>
  `${orgPath(organizationId)}/document-folders/${encodeURIComponent(id)}`;

export type DocumentSort = 'name' | 'updated' | 'size';
export type SortDirection = 'asc' | 'desc';

export interface DocumentListFilters {
  folderId: string | null;
  /** A search by name looks in every folder. */
  search: string;
  sort: DocumentSort;
  direction: SortDirection;
}

export const useDocumentList = (filters: DocumentListFilters) =>
  useOrganizationInfiniteQuery(
    'document',
    ['list', filters],
    (organizationId, { pageParam, signal }) => {
      const query = new URLSearchParams({
        sort: filters.sort,
        direction: filters.direction,
        limit: String(DOCUMENT_PAGE_SIZE),
      });
      const search = filters.search.trim();
      if (search) query.set('q', search);
      else if (filters.folderId) query.set('folderId', filters.folderId);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(`${documentsPath(organizationId)}?${query}`, { schema: documentListSchema, signal });
    },
    { initialPageParam: null as string | null, getNextPageParam: (last) => last.page.nextCursor },
  );

/** A folder's subfolders only, for the folder picker (one short page: the documents are not looked at). */
export const useFolderLevel = (folderId: string | null) =>
  useOrganizationQuery('document', ['level', folderId ?? 'top'], (organizationId, { signal }) => {
    const query = new URLSearchParams({ sort: 'name', direction: 'asc', limit: '1' });
    if (folderId) query.set('folderId', folderId);
    return apiRequestWhole(`${documentsPath(organizationId)}?${query}`, { schema: documentListSchema, signal });
  });

/** Documents found by name in every folder, for linking one to an item: off until something is typed. */
export const useDocumentSearch = (search: string, limit: number) =>
  useOrganizationQuery(
    'document',
    ['search', search, limit],
    (organizationId, { signal }) => {
      const query = new URLSearchParams({ q: search, sort: 'name', direction: 'asc', limit: String(limit) });
      return apiRequestWhole(`${documentsPath(organizationId)}?${query}`, { schema: documentListSchema, signal });
    },
    { enabled: search.length > 0 },
  );

/**
 * The documents linked to one priority, issue, to-do, process or meeting that the caller may see. Keyed under
 * 'document', so linking and unlinking from either side, and the realtime client, refresh it.
 */
export const useLinkedDocuments = (target: DocumentLinkTarget, targetId: string) =>
  useOrganizationQuery('document', ['linked', target, targetId], (organizationId, { signal }) =>
    apiRequest(`${orgPath(organizationId)}/linked-documents?${new URLSearchParams({ target, targetId })}`, {
      schema: linkedDocumentListSchema.shape.data,
      signal,
    }),
  );

export const useRecentDocuments = () =>
  useOrganizationQuery('document', ['recent'], (organizationId, { signal }) =>
    apiRequest(`${documentsPath(organizationId)}/recent`, { schema: recentDocumentListSchema.shape.data, signal }),
  );

export const useDocument = (id: string | null) =>
  useOrganizationQuery(
    'document',
    ['one', id ?? 'none'],
    (organizationId, { signal }) => apiRequest(one(organizationId, id ?? ''), { schema: documentSchema, signal }),
    { enabled: id !== null },
  );

export const useDocumentVersions = (id: string, enabled: boolean) =>
  useOrganizationQuery(
    'document',
    ['versions', id],
    (organizationId, { signal }) =>
      apiRequest(`${one(organizationId, id)}/versions`, { schema: documentVersionListSchema.shape.data, signal }),
    { enabled },
  );

export const useUpdateDocument = () =>
  useOrganizationMutation(DOCUMENT, (organizationId, { id, ...body }: UpdateDocumentRequest & { id: string }) =>
    apiRequest(one(organizationId, id), { schema: documentSchema, method: 'PATCH', body }),
  );

export const useDeleteDocument = () =>
  useOrganizationMutation(DOCUMENT, (organizationId, { id, version }: { id: string; version: number }) =>
    apiRequest(one(organizationId, id), { method: 'DELETE', body: { version } }),
  );

export const useRestoreDocumentVersion = () =>
  useOrganizationMutation(
    DOCUMENT,
    (organizationId, { id, number, version }: { id: string; number: number; version: number }) =>
      apiRequest(`${one(organizationId, id)}/versions/${number}/restore`, {
        schema: documentSchema,
        method: 'POST',
        body: { version },
      }),
  );

export const useAddDocumentLink = () =>
  useOrganizationMutation(DOCUMENT, (organizationId, body: CreateDocumentLinkRequest) =>
    apiRequest(`${documentsPath(organizationId)}/links`, { schema: documentSchema, method: 'POST', body }),
  );

export const useLinkDocument = () =>
  useOrganizationMutation(DOCUMENT, (organizationId, { id, ...body }: DocumentLinkRequest & { id: string }) =>
    apiRequest(`${one(organizationId, id)}/links`, { schema: documentSchema, method: 'POST', body }),
  );

export const useUnlinkDocument = () =>
  useOrganizationMutation(DOCUMENT, (organizationId, { id, ...body }: DocumentLinkRequest & { id: string }) =>
    apiRequest(`${one(organizationId, id)}/links`, { schema: documentSchema, method: 'DELETE', body }),
  );

export const useCreateFolder = () =>
  useOrganizationMutation(DOCUMENT, (organizationId, body: CreateDocumentFolderRequest) =>
    apiRequest(`${orgPath(organizationId)}/document-folders`, { schema: documentFolderSchema, method: 'POST', body }),
  );

export const useUpdateFolder = () =>
  useOrganizationMutation(DOCUMENT, (organizationId, { id, ...body }: UpdateDocumentFolderRequest & { id: string }) =>
    apiRequest(folderPath(organizationId, id), { schema: documentFolderSchema, method: 'PATCH', body }),
  );

export const useDeleteFolder = () =>
  useOrganizationMutation(DOCUMENT, (organizationId, { id, version }: { id: string; version: number }) =>
    apiRequest(folderPath(organizationId, id), { method: 'DELETE', body: { version } }),
  );

/** Where a version's bytes are read; `inline` only shows PDFs and images, anything else downloads. */
export const contentPath = (
  organizationId: string,
  id: string,
  { version, disposition }: { version?: number; disposition: 'inline' | 'attachment' },
) => {
  const query = new URLSearchParams({ disposition });
  if (version !== undefined) query.set('version', String(version));
  return `${one(organizationId, id)}/content?${query}`;
};

export const downloadDocument = (organizationId: string, id: string, name: string, version?: number) =>
  downloadApiFile(contentPath(organizationId, id, { version, disposition: 'attachment' }), name);

/**
 * The bytes of a preview, fetched with the signed-in person's token (an <img> or <iframe> would send none);
 * the caller makes an object URL of them and revokes it when the preview goes.
 */
export async function fetchDocumentPreview(organizationId: string, id: string, signal: AbortSignal): Promise<Blob> {
  const response = await apiFetch(contentPath(organizationId, id, { disposition: 'inline' }), { signal });
  if (!response.ok) throw errorFromBody(response.status, await response.json().catch(() => null));
  return response.blob();
}

/** Placement fields shared by uploads, links and folders: the team only counts with `team` visibility. */
export interface Placement {
  visibility: DocumentVisibility;
  teamId: string | null;
}
