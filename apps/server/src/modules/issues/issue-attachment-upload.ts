import { fileTypeFromBuffer } from 'file-type';
import { ISSUE_ATTACHMENT_MAX_BYTES, ISSUE_ATTACHMENT_MIME_TYPES } from '@keel/contract';
import { singleFileReader } from '../../http/file-upload.js';
import * as errors from './issues.errors.js';

export type { UploadedFile } from '../../http/file-upload.js';

/** The one file of an attachment upload, in the field "file". */
export const readAttachmentFile = singleFileReader({
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
