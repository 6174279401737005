import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { StorageError, type StorageDriver } from '../storage-driver.js';

const PROBE_TEXT = 'Keel checks that it can write, read and remove files here.';

/** A stream read whole: only for the probe's few bytes, never for a stored file. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * What every driver's `check` does: writes a small file, reads it back and removes it, so a setting that only
 * half works (writes but cannot read, say) is found before files are sent there. `place` names where, in the
 * message when the bytes come back different; `readFailure` turns a failed read into the driver's own error.
 */
export async function probeDriver(
  driver: Omit<StorageDriver, 'check'>,
  place: string,
  readFailure: (error: unknown) => unknown = (error) => error,
): Promise<void> {
  const probe = Buffer.from(PROBE_TEXT);
  const { locator } = await driver.put(`keel-probe-${randomUUID()}.txt`, {
    bytes: probe.length,
    contentType: 'text/plain',
    open: () => Readable.from([probe]),
  });
  const readBack = await driver
    .open(locator)
    .then(readAll)
    .catch(async (error: unknown) => {
      await driver.remove(locator).catch(() => undefined);
      throw readFailure(error);
    });
  await driver.remove(locator);
  if (!readBack.equals(probe)) {
    throw new StorageError('unavailable', `${place} gave back different bytes than Keel wrote.`);
  }
}
