import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ImportKind,
  type ImportMapping,
  importPreviewSchema,
  importResultSchema,
  importStreamLineSchema,
  type ImportResult,
  type RealtimeEntity,
} from '@keel/contract';
import { ApiError, apiFetch, apiRequest } from '../../lib/api-client';
import { errorFromBody } from '../../lib/api-error';
import { organizationKey, requireOrganization } from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';
import { NDJSON, ndjsonLines, type ImportProgressState } from './import-stream';

/** The business object each import creates: its realtime entity and the start of its query keys. */
export const IMPORT_ENTITY: Record<ImportKind, RealtimeEntity> = {
  todos: 'todo',
  issues: 'issue',
  priorities: 'priority',
};

export interface ImportInput {
  file: File;
  teamId: string;
  mapping?: ImportMapping | undefined;
}

export type { ImportProgressState };

/** A 10,000-row workbook takes seconds, not minutes; the default API timeout is for ordinary calls. */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

const importPath = (organizationId: string, kind: ImportKind) =>
  `/organizations/${encodeURIComponent(organizationId)}/imports/${kind}`;

/** Text fields first, then the file: the server reads them in order. */
function formOf(input: ImportInput): FormData {
  const form = new FormData();
  form.append('teamId', input.teamId);
  if (input.mapping) form.append('mapping', JSON.stringify(input.mapping));
  form.append('file', input.file, input.file.name);
  return form;
}

export const previewImport = (organizationId: string, kind: ImportKind, input: ImportInput) =>
  apiRequest(`${importPath(organizationId, kind)}/preview`, {
    schema: importPreviewSchema,
    method: 'POST',
    formData: formOf(input),
    timeoutMs: IMPORT_TIMEOUT_MS,
  });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Commits the import, reporting the server's progress lines; resolves with the result or throws its error. */
export async function commitImport(
  organizationId: string,
  kind: ImportKind,
  input: ImportInput,
  onProgress: (progress: ImportProgressState) => void,
): Promise<ImportResult> {
  const response = await apiFetch(importPath(organizationId, kind), {
    method: 'POST',
    formData: formOf(input),
    accept: NDJSON,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes(NDJSON)) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!response.ok) throw errorFromBody(response.status, body);
    const result = importResultSchema.safeParse(isRecord(body) ? body.data : undefined);
    if (result.success) return result.data;
    throw new ApiError(response.status, 'import.unexpected_answer', null);
  }
  for await (const line of ndjsonLines(response, importStreamLineSchema)) {
    if (line.type === 'progress') onProgress({ stage: line.stage, done: line.done, total: line.total });
    else if (line.type === 'result') return line.data;
    else throw errorFromBody(line.status, line);
  }
  throw new ApiError(
    0,
    'network.unreachable',
    'The connection ended before the import finished. Reload the list to see whether it landed.',
  );
}

export function usePreviewImport(kind: ImportKind) {
  const organizationId = useOrganizationId();
  return useMutation({
    mutationFn: (input: ImportInput) => previewImport(requireOrganization(organizationId), kind, input),
  });
}

/** After an import every view of that object (and milestones, for priorities) refetches. */
export function useCommitImport(kind: ImportKind, onProgress: (progress: ImportProgressState) => void) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => commitImport(requireOrganization(organizationId), kind, input, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, IMPORT_ENTITY[kind]) }),
  });
}
