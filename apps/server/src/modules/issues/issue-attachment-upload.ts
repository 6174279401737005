import type { FastifyRequest } from 'fastify';
import { ISSUE_ATTACHMENT_MAX_BYTES, ISSUE_ATTACHMENT_MIME_TYPES } from '@keel/contract';
import { FILE_FIELD, openSingleFile, type OpeningFile } from '../../http/file-upload.js';
import { inFeatureWords } from '../storage/index.js';
import * as errors from './issues.errors.js';

export type { OpeningFile } from '../../http/file-upload.js';

/** What the storage module enforces while the file streams in. */
export const ATTACHMENT_RULES = { maxBytes: ISSUE_ATTACHMENT_MAX_BYTES, allowedTypes: ISSUE_ATTACHMENT_MIME_TYPES };

/** The one file of an attachment upload, in the field "file", as it streams in. */
export const openAttachmentFile = (request: FastifyRequest): Promise<OpeningFile> =>
  openSingleFile(request, {
    field: FILE_FIELD,
    maxBytes: ISSUE_ATTACHMENT_MAX_BYTES,
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
