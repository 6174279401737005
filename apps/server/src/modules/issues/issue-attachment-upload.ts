import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ISSUE_ATTACHMENT_MAX_BYTES, ISSUE_ATTACHMENT_MIME_TYPES } from '@keel/contract';
import { AppError } from '../../http/errors.js';
import * as errors from './issues.errors.js';

export const ATTACHMENT_FIELD = 'file';

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

function hasKnownStatus(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_');
}

/** A safe display name: no path, no control characters, bounded. */
const cleanName = (name: string) =>
  // eslint-disable-next-line no-control-regex
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'attachment';

/** Reads the one file of the upload; the parser stops at 10 MB (413), so nothing larger is buffered. */
export async function readAttachmentFile(request: FastifyRequest): Promise<UploadedFile> {
  try {
    const part = await request.file({ limits: { fileSize: ISSUE_ATTACHMENT_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== ATTACHMENT_FIELD) throw errors.attachmentMissing();
    return { fileName: cleanName(part.filename), content: await part.toBuffer() };
  } catch (error) {
    if (hasKnownStatus(error)) throw error;
    throw errors.malformedUpload();
  }
}

/** The type is decided by the bytes, never by the name or the declared content type. */
export async function detectAttachmentType(content: Buffer): Promise<string> {
  if (content.length === 0) throw errors.attachmentEmpty();
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !(ISSUE_ATTACHMENT_MIME_TYPES as readonly string[]).includes(detected.mime)) {
    throw errors.attachmentUnsupported();
  }
  return detected.mime;
}
