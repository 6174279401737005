import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ScorecardImportMapping,
  scorecardImportPreviewSchema,
  type ScorecardImportResult,
  scorecardImportResultSchema,
  scorecardImportStreamLineSchema,
} from '@keel/contract';
import { ApiError, apiFetch, apiRequest } from '../../lib/api-client';
import { errorFromBody } from '../../lib/api-error';
import { organizationKey, requireOrganization } from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';
import { NDJSON, ndjsonLines, type ImportProgressState } from '../imports/import-stream';

/** The scorecard import: the same multipart form and streamed commit as the other imports, its own result. */
export interface ScorecardImportInput {
  file: File;
  teamId: string;
  mapping?: ScorecardImportMapping | undefined;
}

/** A 10,000-row workbook takes seconds, not minutes; the default API timeout is for ordinary calls. */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

const importPath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/imports/scorecard`;

/** Text fields first, then the file: the server reads them in order. */
function formOf(input: ScorecardImportInput): FormData {
  const form = new FormData();
  form.append('teamId', input.teamId);
  if (input.mapping) form.append('mapping', JSON.stringify(input.mapping));
  form.append('file', input.file, input.file.name);
  return form;
}

export function usePreviewScorecardImport() {
  const organizationId = useOrganizationId();
  return useMutation({
    mutationFn: (input: ScorecardImportInput) =>
      apiRequest(`${importPath(requireOrganization(organizationId))}/preview`, {
        schema: scorecardImportPreviewSchema,
        method: 'POST',
        formData: formOf(input),
        timeoutMs: IMPORT_TIMEOUT_MS,
      }),
  });
}

async function commitScorecardImport(
  organizationId: string,
  input: ScorecardImportInput,
  onProgress: (progress: ImportProgressState) => void,
): Promise<ScorecardImportResult> {
  const response = await apiFetch(importPath(organizationId), {
    method: 'POST',
    formData: formOf(input),
    accept: NDJSON,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes(NDJSON)) {
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorFromBody(response.status, body);
    const result = scorecardImportResultSchema.safeParse(
      typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined,
    );
    if (result.success) return result.data;
    throw new ApiError(response.status, 'import.unexpected_answer', null);
  }
  for await (const line of ndjsonLines(response, scorecardImportStreamLineSchema)) {
    if (line.type === 'progress') onProgress({ stage: line.stage, done: line.done, total: line.total });
    else if (line.type === 'result') return line.data;
    else throw errorFromBody(line.status, line);
  }
  throw new ApiError(
    0,
    'network.unreachable',
    'The connection ended before the import finished. Open the scorecard to see whether it landed.',
  );
}

/** After an import every scorecard view refetches (keys under ['organizations', id, 'scorecard']). */
export function useCommitScorecardImport(onProgress: (progress: ImportProgressState) => void) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScorecardImportInput) =>
      commitScorecardImport(requireOrganization(organizationId), input, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'scorecard') }),
  });
}
