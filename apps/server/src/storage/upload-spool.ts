import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** As many bytes as `file-type` reads to recognise any format it knows. */
export const UPLOAD_HEAD_BYTES = 4100;

/** An upload kept on the server's disk until it is checked and handed to storage. */
export interface SpooledUpload {
  path: string;
  bytes: number;
  /** Hex digest of the whole content. */
  sha256: string;
  /** The first bytes, for deciding the content type. */
  head: Buffer;
  open(): Readable;
  /** Removes the spooled file; safe to call more than once. */
  discard(): Promise<void>;
}

/** The upload went past the limit: nothing of it was kept. */
export class SpoolTooLargeError extends Error {
  constructor(
    readonly maxBytes: number,
    options?: { cause?: unknown },
  ) {
    super(`The upload is larger than the limit of ${maxBytes} bytes.`, options);
    this.name = 'SpoolTooLargeError';
  }
}

const MULTIPART_FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * @fastify/multipart reports its own `fileSize` limit either as an error on the file stream or, once
 * busboy has truncated it, as a stream that ends early with `truncated` set.
 */
const isTruncated = (stream: Readable) => (stream as Readable & { truncated?: boolean }).truncated === true;
const isMultipartTooLarge = (error: unknown) =>
  (error as { code?: unknown } | undefined)?.code === MULTIPART_FILE_TOO_LARGE;

/**
 * Streams an upload to a file under `tmpDir`, hashing and counting as it goes, so the server's memory
 * stays flat whatever the file's size. Past `maxBytes`, or when the stream fails, the file is removed
 * and the error thrown (`SpoolTooLargeError` for the limit).
 */
export async function spoolUpload(
  stream: Readable,
  options: { tmpDir: string; maxBytes: number },
): Promise<SpooledUpload> {
  const { tmpDir, maxBytes } = options;
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const spoolPath = path.join(tmpDir, `upload-${randomUUID()}`);
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;

  async function* measure(chunks: AsyncIterable<Buffer | string>) {
    for await (const piece of chunks) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      bytes += chunk.length;
      if (bytes > maxBytes) throw new SpoolTooLargeError(maxBytes);
      hash.update(chunk);
      if (headBytes < UPLOAD_HEAD_BYTES) {
        const part = chunk.subarray(0, UPLOAD_HEAD_BYTES - headBytes);
        // A copy: the head must not keep a whole large chunk alive.
        headChunks.push(Buffer.from(part));
        headBytes += part.length;
      }
      yield chunk;
    }
  }

  const discard = () => rm(spoolPath, { force: true });
  try {
    await pipeline(stream, measure, createWriteStream(spoolPath, { flags: 'wx', mode: 0o600 }));
    if (isTruncated(stream)) throw new SpoolTooLargeError(maxBytes);
  } catch (error) {
    await discard().catch(() => undefined);
    if (isMultipartTooLarge(error)) throw new SpoolTooLargeError(maxBytes, { cause: error });
    throw error;
  }

  return {
    path: spoolPath,
    bytes,
    sha256: hash.digest('hex'),
    head: Buffer.concat(headChunks),
    open: () => createReadStream(spoolPath),
    discard,
  };
}
