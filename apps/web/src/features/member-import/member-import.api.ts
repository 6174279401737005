import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  memberImportPreviewSchema,
  memberImportResultSchema,
  memberImportStreamLineSchema,
  type MemberImportResult,
} from '@keel/contract';
import { ApiError, apiFetch, apiRequest } from '../../lib/api-client';
import { organizationKey, requireOrganization } from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';
import { errorFromBody } from '../../lib/api-error';
import { NDJSON, ndjsonLines, type ImportProgressState } from '../imports/import-stream';

/** A file of hundreds of people is checked in seconds; the default API timeout is for ordinary calls. */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

const importPath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/imports/members`;

const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

export const previewMemberImport = (organizationId: string, file: File) =>
  apiRequest(`${importPath(organizationId)}/preview`, {
    schema: memberImportPreviewSchema,
    method: 'POST',
    formData: formOf(file),
    timeoutMs: IMPORT_TIMEOUT_MS,
  });

/** Imports the file, reporting the server's progress lines; resolves with the counts or throws its error. */
export async function commitMemberImport(
  organizationId: string,
  file: File,
  onProgress: (progress: ImportProgressState) => void,
): Promise<MemberImportResult> {
  const response = await apiFetch(importPath(organizationId), {
    method: 'POST',
    formData: formOf(file),
    accept: NDJSON,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes(NDJSON)) {
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorFromBody(response.status, body);
    const result = memberImportResultSchema.safeParse(
      typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined,
    );
    if (result.success) return result.data;
    throw new ApiError(response.status, 'import.unexpected_answer', null);
  }
  for await (const line of ndjsonLines(response, memberImportStreamLineSchema)) {
    if (line.type === 'progress') onProgress({ stage: line.stage, done: line.done, total: line.total });
    else if (line.type === 'result') return line.data;
    else throw errorFromBody(line.status, line);
  }
  throw new ApiError(
    0,
    'network.unreachable',
    'The connection ended before the import finished. Check the file again to see who was invited.',
  );
}

export function usePreviewMemberImport() {
  const organizationId = useOrganizationId();
  return useMutation({
    mutationFn: (file: File) => previewMemberImport(requireOrganization(organizationId), file),
  });
}

/** After an import the people (invited ones are in the pickers), invitations and activity views refetch. */
export function useCommitMemberImport(onProgress: (progress: ImportProgressState) => void) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => commitMemberImport(requireOrganization(organizationId), file, onProgress),
    onSettled: async () => {
      await Promise.all(
        ['member', 'invitation', 'people', 'audit-events'].map((entity) =>
          queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, entity) }),
        ),
      );
    },
  });
}
