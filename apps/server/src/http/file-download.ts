import type { FastifyReply } from 'fastify';

/** The quoted `filename` parameter: printable ASCII only, quotes and backslashes replaced. */
const asciiFileName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/** RFC 5987 `ext-value` characters: encodeURIComponent leaves `'()*` as they are, which `filename*` forbids. */
const utf8FileName = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 6266: an ASCII `filename` for old clients and the exact name as UTF-8 in `filename*`. */
export const contentDisposition = (disposition: 'inline' | 'attachment', fileName: string) =>
  `${disposition}; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${utf8FileName(fileName)}`;

/** A generated file sent as a download: its type, its name (ASCII and UTF-8 forms), never sniffed nor cached. */
export function sendFileDownload(
  reply: FastifyReply,
  file: { fileName: string; content: Buffer | Uint8Array },
  contentType: string,
) {
  return reply
    .code(200)
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.content);
}
