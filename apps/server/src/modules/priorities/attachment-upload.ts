import type { FastifyRequest } from 'fastify';
import { PRIORITY_ATTACHMENT_MAX_BYTES, PRIORITY_ATTACHMENT_MIME_TYPES } from '@keel/contract';
import { FILE_FIELD, openSingleFile, type OpeningFile } from '../../http/file-upload.js';
import { inFeatureWords } from '../storage/index.js';
import * as errors from './priorities.errors.js';

export type { OpeningFile } from '../../http/file-upload.js';

/** What the storage module enforces while the file streams in; the type comes from the bytes, never the name. */
export const ATTACHMENT_RULES = {
  maxBytes: PRIORITY_ATTACHMENT_MAX_BYTES,
  allowedTypes: PRIORITY_ATTACHMENT_MIME_TYPES,
};

/** The one file of an attachment upload, in the field "file", as it streams in. */
export const openAttachment = (request: FastifyRequest): Promise<OpeningFile> =>
  openSingleFile(request, {
    field: FILE_FIELD,
    maxBytes: PRIORITY_ATTACHMENT_MAX_BYTES,
    missing: errors.attachmentMissing,
    malformed: errors.malformedUpload,
  });

/** The storage module's refusals, in the words (and codes) this module answered with before. */
export const asAttachmentError = (error: unknown): unknown =>
  inFeatureWords(error, {
    empty: errors.attachmentEmpty,
    unsupported: errors.attachmentUnsupported,
    notFound: errors.attachmentNotFound,
  });
