import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ImportKind,
  type ImportMapping,
  importPreviewSchema,
  type ImportResult,
  type ImportStage,
  type ImportStreamLine,
} from '@keel/contract';
import { ApiError, apiFetch, apiRequest, type ApiErrorDetail } from '../../lib/api-client';
import { organizationKey, requireOrganization } from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';

/** The business object each import creates: its realtime entity and the start of its query keys. */
export const IMPORT_ENTITY: Record<ImportKind, string> = { todos: 'todo', issues: 'issue', priorities: 'priority' };

export interface ImportInput {
  file: File;
  teamId: string;
  mapping?: ImportMapping | undefined;
}

export interface ImportProgressState {
  stage: ImportStage;
  done: number;
  total: number;
}

const NDJSON = 'application/x-ndjson';
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

/** An error body (or a streamed error line) as the ApiError the screens read. */
export function toError(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(status, `http.${status}`, null);
  const details = Array.isArray(body.details)
    ? body.details.filter(
        (detail): detail is ApiErrorDetail =>
          isRecord(detail) && typeof detail.path === 'string' && typeof detail.message === 'string',
      )
    : [];
  return new ApiError(
    status,
    typeof body.code === 'string' ? body.code : `http.${status}`,
    typeof body.error === 'string' ? body.error : null,
    details,
  );
}

/** Each complete line of a newline-delimited JSON body, as it arrives. */
export async function* ndjsonLines<Line = ImportStreamLine>(response: Response): AsyncGenerator<Line> {
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) if (part.trim() !== '') yield JSON.parse(part) as Line;
    if (done) break;
  }
  if (buffered.trim() !== '') yield JSON.parse(buffered) as Line;
}

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
    if (!response.ok) throw toError(response.status, body);
    if (isRecord(body) && isRecord(body.data)) return body.data as unknown as ImportResult;
    throw new ApiError(response.status, 'import.unexpected_answer', null);
  }
  for await (const line of ndjsonLines(response)) {
    if (line.type === 'progress') onProgress({ stage: line.stage, done: line.done, total: line.total });
    else if (line.type === 'result') return line.data;
    else throw toError(line.status, line);
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
