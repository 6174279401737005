import { StorageError, isStorageError } from '../storage-driver.js';

/**
 * The source itself failed (a spooled file unreadable, another place's stream broken): not the storage's fault, so
 * drivers rethrow `reason` unchanged and the caller sees its own source's error.
 */
export class SourceReadError extends Error {
  constructor(readonly reason: unknown) {
    super('The file could not be read to the end.', { cause: reason });
    this.name = 'SourceReadError';
  }
}

/**
 * Passes the source's bytes through as Buffers, failing once they are more or fewer than announced: a source cut
 * short (or grown) must not be kept as if it were whole. The check at the end runs before the last bytes are passed
 * on, so a writer never completes a file of the wrong size.
 */
export async function* exactLength(
  source: AsyncIterable<Buffer | string>,
  expectedBytes: number,
): AsyncGenerator<Buffer> {
  let seen = 0;
  let pending: Buffer | undefined;
  try {
    for await (const piece of source) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      seen += chunk.length;
      if (seen > expectedBytes) throw sizeMismatch(seen, expectedBytes);
      if (pending) yield pending;
      pending = chunk;
    }
  } catch (error) {
    throw isStorageError(error) ? error : new SourceReadError(error);
  }
  if (seen !== expectedBytes) throw sizeMismatch(seen, expectedBytes);
  if (pending) yield pending;
}

const sizeMismatch = (seen: number, expected: number) =>
  new StorageError(
    'rejected',
    seen > expected
      ? `The file is larger than the announced ${expected} bytes, so it was not kept.`
      : `The file was cut short (${seen} of ${expected} bytes), so it was not kept.`,
  );
