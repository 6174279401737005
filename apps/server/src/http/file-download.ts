import type { FastifyReply } from 'fastify';

/** The quoted `filename` parameter: printable ASCII only, quotes and backslashes replaced. */
const asciiFileName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/** A generated file sent as a download: its type, its name (ASCII and UTF-8 forms), never sniffed nor cached. */
export function sendFileDownload(
  reply: FastifyReply,
  file: { fileName: string; content: Buffer | Uint8Array },
  contentType: string,
) {
  return reply
    .code(200)
    .header('content-type', contentType)
    .header(
      'content-disposition',
      `attachment; filename="${asciiFileName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.content);
}
