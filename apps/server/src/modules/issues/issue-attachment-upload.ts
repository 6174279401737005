import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ISSUE_ATTACHMENT_MAX_BYTES, ISSUE_ATTACHMENT_MIME_TYPES } from '@keel/contract';
import { readSingleFile, type UploadedFile } from '../../http/file-upload.js';
import * as errors from './issues.errors.js';

export type { UploadedFile } from '../../http/file-upload.js';
export const ATTACHMENT_FIELD = 'file';

export const readAttachmentFile = (request: FastifyRequest): Promise<UploadedFile> =>
  readSingleFile(request, {
    field: ATTACHMENT_FIELD,
    maxBytes: ISSUE_ATTACHMENT_MAX_BYTES,
    missing: errors.attachmentMissing,
    malformed: errors.malformedUpload,
  });

/** The type is decided by the bytes, never by the name or the declared content type. */
export async function detectAttachmentType(content: Buffer): Promise<string> {
  if (content.length === 0) throw errors.attachmentEmpty();
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !(ISSUE_ATTACHMENT_MIME_TYPES as readonly string[]).includes(detected.mime)) {
    throw errors.attachmentUnsupported();
  }
  return detected.mime;
}
