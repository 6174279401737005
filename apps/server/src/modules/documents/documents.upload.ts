import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES } from '@keel/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { cleanFileName, guardedFileStream } from '../../http/file-upload.js';
import * as errors from './documents.errors.js';

export interface UploadingFile {
  stream: Readable;
  /** Cleaned: no path, nothing unprintable. */
  fileName: string;
}

export interface OpenedUpload {
  /** The form fields sent before the first file. */
  fields: Record<string, string>;
  /** The files, one at a time: each must be read to its end before the next arrives. */
  files: AsyncGenerator<UploadingFile>;
}

/** What multipart framing adds around each file, beyond its bytes. */
const FRAMING_BYTES_PER_FILE = 64 * 1024;

/** Ours, or the framework's (not multipart: 415, over a limit: 413): both already map to a status. */
function hasKnownStatus(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_');
}

async function nextPart(parts: AsyncIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const result = await parts.next();
    return result.done ? undefined : result.value;
  } catch (error) {
    if (hasKnownStatus(error)) throw error;
    throw errors.malformedUpload();
  }
}

/**
 * Opens a multipart upload of at most `maxFiles` files: the fields first, then the files as they stream in. A body
 * that announces more than the files could ever weigh is refused before a byte is read; each file is cut off just
 * past the limit, so the storage refuses it while it streams and nothing larger is ever held.
 */
export async function openUpload(request: FastifyRequest, maxFiles: number): Promise<OpenedUpload> {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > (DOCUMENT_MAX_BYTES + FRAMING_BYTES_PER_FILE) * maxFiles) {
    throw errors.uploadTooLarge(DOCUMENT_MAX_BYTES);
  }
  let parts: AsyncIterator<Multipart>;
  try {
    // One file more than allowed gets through to be refused with a message that says how many are.
    const limits = { fileSize: DOCUMENT_MAX_BYTES + 1, files: maxFiles + 1, fields: 10, parts: maxFiles + 11 };
    parts = request.parts({ limits })[Symbol.asyncIterator]();
  } catch (error) {
    if (hasKnownStatus(error)) throw error;
    throw errors.malformedUpload();
  }
  const fields: Record<string, string> = {};
  let first = await nextPart(parts);
  while (first && first.type === 'field') {
    fields[first.fieldname] = typeof first.value === 'string' ? first.value : String(first.value);
    first = await nextPart(parts);
  }
  async function* files(): AsyncGenerator<UploadingFile> {
    let part = first;
    while (part) {
      if (part.type !== 'file') throw errors.fieldsAfterFiles();
      yield { stream: guardedFileStream(part.file, errors.malformedUpload), fileName: cleanFileName(part.filename) };
      part = await nextPart(parts);
    }
  }
  return { fields, files: files() };
}
