import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { PRIORITY_ATTACHMENT_MAX_BYTES } from '@keel/contract';
import { AppError } from '../../http/errors.js';
import * as errors from './priorities.errors.js';

export const ATTACHMENT_FIELD = 'file';

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

/** Names are shown and offered back on download: keep them printable and short. */
const cleanFileName = (name: string) =>
  [...name]
    .map((char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 || '"\\/'.includes(char) ? '_' : char))
    .join('')
    .trim()
    .slice(0, 200) || 'file';

/** The one file of a multipart upload; the parser stops at 10 MB so nothing larger is ever buffered. */
export async function readAttachment(request: FastifyRequest): Promise<UploadedFile> {
  try {
    const part = await request.file({ limits: { fileSize: PRIORITY_ATTACHMENT_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== ATTACHMENT_FIELD) throw errors.attachmentMissing();
    return { fileName: cleanFileName(part.filename), content: await part.toBuffer() };
  } catch (error) {
    if (hasKnownStatus(error)) throw error;
    throw errors.malformedUpload();
  }
}

/**
 * The type comes from the bytes, never from the name or the declared type. Text-like files have no
 * signature: they are kept as opaque bytes and always downloaded, never displayed inline.
 */
export async function sniffAttachmentType(content: Buffer): Promise<string> {
  if (content.length === 0) throw errors.attachmentEmpty();
  if (content.length > PRIORITY_ATTACHMENT_MAX_BYTES) throw errors.attachmentTooLarge(PRIORITY_ATTACHMENT_MAX_BYTES);
  const detected = await fileTypeFromBuffer(content);
  return detected?.mime ?? 'application/octet-stream';
}
