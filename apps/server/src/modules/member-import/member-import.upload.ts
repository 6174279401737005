import { IMPORT_MAX_BYTES } from '@keel/contract';
import type { FastifyRequest } from 'fastify';
import { readSingleFile, type UploadedFile } from '../../http/file-upload.js';
import { spreadsheetTooLarge } from '../../spreadsheet/index.js';
import * as errors from './member-import.errors.js';

export const MEMBER_IMPORT_FILE_FIELD = 'file';

/** The one file of the form; the parser stops at the imports' size limit, with the imports' message. */
export async function readMemberImportUpload(request: FastifyRequest): Promise<UploadedFile> {
  try {
    return await readSingleFile(request, {
      field: MEMBER_IMPORT_FILE_FIELD,
      maxBytes: IMPORT_MAX_BYTES,
      missing: errors.fileMissing,
      malformed: errors.malformedUpload,
    });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw spreadsheetTooLarge(IMPORT_MAX_BYTES);
    throw error;
  }
}
