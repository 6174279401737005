import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

/** Ours, or the framework's (not multipart: 415, over the file limit: 413): both already map to a status. */
function hasKnownStatus(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_');
}

/** Names are shown and offered back on download: no path, nothing unprintable or quoting, short. */
export const cleanFileName = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? '')]
    .map((char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 || char === '"' ? '_' : char))
    .join('')
    .trim()
    .slice(0, 200) || 'file';

/**
 * The one file of a multipart upload, under `field`. The parser stops at `maxBytes` (413), so nothing
 * larger is ever buffered; a missing file and an unreadable body get the caller's own errors.
 */
export async function readSingleFile(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; missing: () => AppError; malformed: () => AppError },
): Promise<UploadedFile> {
  try {
    const part = await request.file({ limits: { fileSize: options.maxBytes, files: 1 } });
    if (!part || part.fieldname !== options.field) throw options.missing();
    return { fileName: cleanFileName(part.filename), content: await part.toBuffer() };
  } catch (error) {
    if (hasKnownStatus(error)) throw error;
    throw options.malformed();
  }
}

/** The form field of every single-file upload that names no other. */
export const FILE_FIELD = 'file';

/** A feature's reader of its single-file uploads (field "file"): its size limit and its own errors. */
export const singleFileReader =
  (options: { maxBytes: number; missing: () => AppError; malformed: () => AppError }) =>
  (request: FastifyRequest): Promise<UploadedFile> =>
    readSingleFile(request, { field: FILE_FIELD, ...options });
