import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_HEAD_BYTES } from './upload-spool.js';

/** Formats without a magic number, recognised by their extension once the bytes are shown to be text. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  markdown: 'text/markdown',
};

/** The legacy Office formats all share one container (Compound File Binary): the extension tells them apart. */
const LEGACY_OFFICE_TYPES: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const SVG_TYPE = 'image/svg+xml';
const SVG_ROOT = /<svg[\s>]/i;

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Text is UTF-8 with no NUL byte. A head cut at `UPLOAD_HEAD_BYTES` may end inside a character,
 * so only a head shorter than that (the whole file) must end on a complete one.
 */
function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length >= UPLOAD_HEAD_BYTES });
    return true;
  } catch {
    return false;
  }
}

/** What the bytes say, refined where a format family needs the extension; `undefined` when nothing fits. */
async function typeOfBytes(head: Buffer, extension: string): Promise<string | undefined> {
  const detected = (await fileTypeFromBuffer(head))?.mime;
  if (detected === 'application/x-cfb') return LEGACY_OFFICE_TYPES[extension] ?? detected;
  if (detected !== undefined && detected !== 'application/xml') return detected;
  // SVG is XML text, with or without an `<?xml` declaration, so it has no magic number of its own.
  if (extension === 'svg' && isUtf8Text(head) && SVG_ROOT.test(head.toString('utf8'))) return SVG_TYPE;
  if (detected !== undefined) return detected;
  const textType = TEXT_TYPES[extension];
  return textType !== undefined && isUtf8Text(head) ? textType : undefined;
}

/**
 * The content type of an upload decided by its bytes (`head`: its first bytes), never by the name a
 * client chose: an executable renamed `.pdf` is refused, a PDF named `.png` is a PDF. `null` when the
 * type is unknown or not in `allowed`.
 */
export async function detectContentType(
  head: Buffer,
  fileName: string,
  allowed: readonly string[],
): Promise<string | null> {
  const type = await typeOfBytes(head, extensionOf(fileName));
  return type !== undefined && allowed.includes(type) ? type : null;
}
