import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { StorageError, type StorageSource } from '../storage-driver.js';

/** Random bytes handed over in pieces, as an upload spooled to disk would be; `onRead` sees each piece go. */
export function sampleSource(
  bytes: number,
  options: { onRead?: (bytesSoFar: number) => void; contentType?: string } = {},
): StorageSource & { content: Buffer } {
  const content = randomBytes(bytes);
  return {
    content,
    bytes,
    contentType: options.contentType ?? 'application/pdf',
    open() {
      let offset = 0;
      return new Readable({
        read() {
          if (offset >= content.length) return void this.push(null);
          const piece = content.subarray(offset, offset + 256 * 1024);
          offset += piece.length;
          options.onRead?.(offset);
          this.push(piece);
        },
      });
    },
  };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export const digest = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** The StorageError a driver's call fails with (the test fails if it succeeds or fails otherwise). */
export async function refusal(work: Promise<unknown>): Promise<StorageError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}
