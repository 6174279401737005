import { PassThrough, type Readable } from 'node:stream';
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

/**
 * A multipart file's bytes for a reader that may start later: a body cut off or garbled mid-file fails the
 * reader with the caller's `malformed` error (a 400), not a fault of ours.
 */
export function guardedFileStream(file: Readable, malformed: () => AppError): Readable {
  const stream = new PassThrough();
  // The error stays on the stream for its reader (an error with no listener would crash the process).
  stream.on('error', () => undefined);
  file.on('error', (error) => stream.destroy(hasKnownStatus(error) ? error : malformed()));
  file.pipe(stream);
  return stream;
}

export interface OpeningFile {
  fileName: string;
  /** Must be read to its end (or the request fails); the caller enforces the size while reading. */
  stream: Readable;
}

/**
 * The one file of a multipart upload, under `field`, as a stream: nothing is buffered. The parser cuts the
 * file one byte past `maxBytes`, so whoever reads the stream refuses it with its own error while it streams.
 */
export async function openSingleFile(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; missing: () => AppError; malformed: () => AppError },
): Promise<OpeningFile> {
  try {
    const part = await request.file({ limits: { fileSize: options.maxBytes + 1, files: 1 } });
    if (!part || part.fieldname !== options.field) throw options.missing();
    return { fileName: cleanFileName(part.filename), stream: guardedFileStream(part.file, options.malformed) };
  } catch (error) {
    if (hasKnownStatus(error)) throw error;
    throw options.malformed();
  }
}

/** The form field of every single-file upload that names no other. */
export const FILE_FIELD = 'file';
