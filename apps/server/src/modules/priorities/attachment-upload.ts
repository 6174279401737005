import { fileTypeFromBuffer } from 'file-type';
import { PRIORITY_ATTACHMENT_MAX_BYTES } from '@keel/contract';
import { singleFileReader } from '../../http/file-upload.js';
import * as errors from './priorities.errors.js';

export type { UploadedFile } from '../../http/file-upload.js';

/** The one file of an attachment upload, in the field "file". */
export const readAttachment = singleFileReader({
  maxBytes: PRIORITY_ATTACHMENT_MAX_BYTES,
  missing: errors.attachmentMissing,
  malformed: errors.malformedUpload,
});

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
