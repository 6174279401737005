import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '@keel/contract';
import { AppError } from '../../http/errors.js';
import * as errors from './organizations.errors.js';

export const LOGO_FIELD = 'logo';
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];

const isLogoMimeType = (mime: string): mime is LogoMimeType => (LOGO_MIME_TYPES as readonly string[]).includes(mime);

/** Ours, or the framework's (not multipart: 415, over the plugin's file limit: 413): both already map to a status. */
function hasKnownStatus(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_');
}

/**
 * Reads the one file of a multipart upload into memory. The plugin stops at its own file-size limit
 * (the same 2 MB), so nothing larger is ever buffered.
 */
export async function readLogoFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== LOGO_FIELD) throw errors.logoMissing();
    return await part.toBuffer();
  } catch (error) {
    if (hasKnownStatus(error)) throw error;
    // Anything else comes from the form parser choking on a malformed body: the client's fault.
    throw errors.malformedUpload();
  }
}

/** The type is decided by the bytes, never by the file name or the declared content type. */
export async function detectLogoType(content: Buffer): Promise<LogoMimeType> {
  if (content.length === 0) throw errors.logoEmpty();
  if (content.length > LOGO_MAX_BYTES) throw errors.logoTooLarge(LOGO_MAX_BYTES);
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !isLogoMimeType(detected.mime)) throw errors.logoUnsupportedType();
  return detected.mime;
}
