import { documentSchema, type Document, type DocumentVisibility } from '@keel/contract';
import { API_BASE, ApiError, errorFromBody, refreshTokens } from '../../lib/api-client';
import { getAccessToken } from '../../lib/tokens';
import { documentsPath } from './documents.api';

export interface UploadTarget {
  folderId: string | null;
  visibility: DocumentVisibility;
  teamId: string | null;
}

interface SendOptions {
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

const parse = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * One multipart request through XMLHttpRequest: fetch reports no upload progress, XHR does. The access
 * token goes in the header as the API client sends it.
 */
function sendWithProgress(path: string, form: FormData, { onProgress, signal }: SendOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: parse(request.responseText) });
    request.onerror = () => reject(new ApiError(0, 'network.unreachable', null));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Sends once, and once more after a refresh when the access token had expired (as apiFetch does). */
async function sendAuthorized(path: string, form: () => FormData, options: SendOptions): Promise<unknown> {
  let answer = await sendWithProgress(path, form(), options);
  if (answer.status === 401 && (await refreshTokens()) === 'refreshed') {
    options.onProgress(0);
    answer = await sendWithProgress(path, form(), options);
  }
  if (answer.status < 200 || answer.status >= 300) throw errorFromBody(answer.status, answer.body);
  return answer.body;
}

const firstDocument = (body: unknown, path: string): Document => {
  const data = (body as { data?: unknown } | null)?.data;
  const result = documentSchema.safeParse(Array.isArray(data) ? data[0] : data);
  if (result.success) return result.data;
  console.error(`[keel] unexpected answer from ${path}`, result.error.issues);
  throw new ApiError(200, 'response.invalid', null);
};

/**
 * Uploads one file as a new document. Each file is its own request, so one refused file (too large, a
 * type that is not allowed) never takes the others down with it.
 */
export function uploadDocument(
  organizationId: string,
  target: UploadTarget,
  file: File,
  options: SendOptions,
): Promise<Document> {
  const path = documentsPath(organizationId);
  // The server reads the fields before the files.
  const form = () => {
    const data = new FormData();
    if (target.folderId) data.append('folderId', target.folderId);
    data.append('visibility', target.visibility);
    if (target.visibility === 'team' && target.teamId) data.append('teamId', target.teamId);
    data.append('file', file, file.name);
    return data;
  };
  return sendAuthorized(path, form, options).then((body) => firstDocument(body, path));
}

/** Uploads a file as the document's new current version. */
export function uploadDocumentVersion(
  organizationId: string,
  documentId: string,
  file: File,
  options: SendOptions,
): Promise<Document> {
  const path = `${documentsPath(organizationId)}/${encodeURIComponent(documentId)}/versions`;
  const form = () => {
    const data = new FormData();
    data.append('file', file, file.name);
    return data;
  };
  return sendAuthorized(path, form, options).then((body) => firstDocument(body, path));
}

/** What to say when a file is refused, in words that tell the person what to do. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 413) return 'This file is too large to upload.';
    if (error.status === 415) return 'This type of file cannot be uploaded.';
    if (error.status === 0) return 'The server could not be reached. Check your connection and try again.';
  }
  return 'This file could not be uploaded. Please try again.';
}
