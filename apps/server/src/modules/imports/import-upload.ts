import type {} from '@fastify/multipart';
import { IMPORT_MAX_BYTES, importFormSchema } from '@keel/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { cleanFileName } from '../../http/file-upload.js';
import { spreadsheetTooLarge } from '../../spreadsheet/index.js';
import * as errors from './imports.errors.js';
import type { ImportUpload } from './imports.service.js';

export const IMPORT_FILE_FIELD = 'file';

function parseForm<Form>(fields: Record<string, string>, formSchema: z.ZodType<Form>): Form {
  let mapping: unknown;
  if (fields.mapping !== undefined && fields.mapping !== '') {
    try {
      mapping = JSON.parse(fields.mapping);
    } catch {
      throw errors.badForm([{ path: 'mapping', message: 'The mapping must be JSON' }]);
    }
  }
  const { mapping: _mapping, ...rest } = fields;
  const parsed = formSchema.safeParse({ ...rest, ...(mapping === undefined ? {} : { mapping }) });
  if (!parsed.success) {
    throw errors.badForm(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'form', message: issue.message })),
    );
  }
  return parsed.data;
}

const isKnown = (error: unknown) => {
  if (error instanceof AppError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_');
};

/**
 * The import form: text fields (`teamId`, `mapping` as JSON) and one file under "file", in any order.
 * `readSingleFile` takes only the file, so this reads the parts itself, with the same limits: the
 * parser stops at the size limit (413) and nothing larger is ever buffered.
 */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload>;
/** The same form read against another import's form schema (the scorecard import's mapping differs). */
export async function readImportUpload<Form>(
  request: FastifyRequest,
  formSchema: z.ZodType<Form>,
): Promise<{ fileName: string; content: Buffer; form: Form }>;
export async function readImportUpload(
  request: FastifyRequest,
  formSchema: z.ZodType<unknown> = importFormSchema,
): Promise<{ fileName: string; content: Buffer; form: unknown }> {
  const fields: Record<string, string> = {};
  let file: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 256 * 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== IMPORT_FILE_FIELD) throw errors.fileMissing();
        file = { fileName: cleanFileName(part.filename), content: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The framework's 413 says only "too large"; ours names the limit and what to do.
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw spreadsheetTooLarge(IMPORT_MAX_BYTES);
    if (isKnown(error)) throw error;
    throw errors.malformedUpload();
  }
  if (!file) throw errors.fileMissing();
  return { ...file, form: parseForm(fields, formSchema) };
}
