import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpoolTooLargeError, UPLOAD_HEAD_BYTES, spoolUpload } from './upload-spool.js';

const MEGABYTE = 1024 * 1024;

let workDir: string;
let tmpDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'keel-spool-'));
  // Not created yet: the spool makes it.
  tmpDir = path.join(workDir, 'uploads');
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const spooledFiles = async () => readdir(tmpDir).catch(() => []);

/** `count` chunks of 64 KiB, each filled with its own index so that order matters to the hash. */
function chunks(count: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => Buffer.alloc(64 * 1024, index % 256));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('spoolUpload', () => {
  it('keeps the whole upload on disk with its size, SHA-256 and first bytes', async () => {
    const parts = chunks(20);
    const content = Buffer.concat(parts);

    const upload = await spoolUpload(Readable.from(parts), { tmpDir, maxBytes: 5 * MEGABYTE });

    expect(upload.bytes).toBe(content.length);
    expect(upload.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(upload.head).toEqual(content.subarray(0, UPLOAD_HEAD_BYTES));
    expect(path.dirname(upload.path)).toBe(tmpDir);
    // Buffer.equals: a deep toEqual over a megabyte takes seconds.
    expect((await readFile(upload.path)).equals(content)).toBe(true);
    expect((await readAll(upload.open())).equals(content)).toBe(true);

    await upload.discard();
    await upload.discard();
    expect(await spooledFiles()).toEqual([]);
  });

  it('keeps a head of the whole file when it is smaller than the head', async () => {
    const upload = await spoolUpload(Readable.from([Buffer.from('short '), Buffer.from('note')]), {
      tmpDir,
      maxBytes: MEGABYTE,
    });

    expect(upload.head.toString()).toBe('short note');
    expect(upload.sha256).toBe(createHash('sha256').update('short note').digest('hex'));
    await upload.discard();
  });

  it('accepts an upload of exactly the limit', async () => {
    const upload = await spoolUpload(Readable.from(chunks(16)), { tmpDir, maxBytes: MEGABYTE });

    expect(upload.bytes).toBe(MEGABYTE);
    await upload.discard();
  });

  it('stops past the limit while streaming, leaving no file', async () => {
    let produced = 0;
    const endless = Readable.from(
      (function* manyChunks() {
        for (;;) {
          produced += 64 * 1024;
          yield Buffer.alloc(64 * 1024, 7);
        }
      })(),
    );

    const error = await spoolUpload(endless, { tmpDir, maxBytes: MEGABYTE }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SpoolTooLargeError);
    expect((error as SpoolTooLargeError).maxBytes).toBe(MEGABYTE);
    // Reading stopped near the limit instead of draining the (endless) upload.
    expect(produced).toBeLessThan(2 * MEGABYTE);
    expect(endless.destroyed).toBe(true);
    expect(await spooledFiles()).toEqual([]);
  });

  it('removes the file and rethrows when the stream fails midway', async () => {
    const aborted = new PassThrough();
    const spooling = spoolUpload(aborted, { tmpDir, maxBytes: MEGABYTE });
    aborted.write(Buffer.alloc(100_000, 1));
    const clientGone = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    setTimeout(() => aborted.destroy(clientGone), 20);

    await expect(spooling).rejects.toBe(clientGone);
    expect(await spooledFiles()).toEqual([]);
  });

  it("turns @fastify/multipart's own size limit into SpoolTooLargeError, leaving no file", async () => {
    const file = new PassThrough();
    const spooling = spoolUpload(file, { tmpDir, maxBytes: 10 * MEGABYTE });
    file.write(Buffer.alloc(50_000, 1));
    setTimeout(
      () => file.destroy(Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })),
      20,
    );

    await expect(spooling).rejects.toBeInstanceOf(SpoolTooLargeError);
    expect(await spooledFiles()).toEqual([]);
  });

  it('treats a file stream that busboy truncated at its limit as too large', async () => {
    const file = Object.assign(Readable.from([Buffer.alloc(1000, 1)]), { truncated: false });
    file.on('end', () => {
      file.truncated = true;
    });

    await expect(spoolUpload(file, { tmpDir, maxBytes: MEGABYTE })).rejects.toBeInstanceOf(SpoolTooLargeError);
    expect(await spooledFiles()).toEqual([]);
  });
});

describe('spoolUpload behind @fastify/multipart', () => {
  /** Spools the first file of a real multipart request, as an upload route does; answers what the spool said. */
  async function spoolThroughMultipart(fileBytes: number, multipartLimit: number, maxBytes: number) {
    const app = Fastify();
    await app.register(multipart);
    app.post('/upload', async (request) => {
      const part = await request.file({ limits: { fileSize: multipartLimit, files: 1 } });
      if (!part) return { outcome: 'no file' };
      try {
        const upload = await spoolUpload(part.file, { tmpDir, maxBytes });
        await upload.discard();
        return { outcome: 'stored', bytes: upload.bytes };
      } catch (error) {
        return { outcome: error instanceof SpoolTooLargeError ? 'too large' : String(error) };
      }
    });
    const boundary = 'keel-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      Buffer.alloc(fileBytes, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    await app.close();
    return response.json<{ outcome: string; bytes?: number }>();
  }

  it('stores a file within both limits', async () => {
    expect(await spoolThroughMultipart(300_000, 2 * MEGABYTE, MEGABYTE)).toEqual({ outcome: 'stored', bytes: 300_000 });
  });

  it('refuses a file cut off by the multipart limit, leaving no file', async () => {
    expect(await spoolThroughMultipart(2 * MEGABYTE, MEGABYTE, 4 * MEGABYTE)).toEqual({ outcome: 'too large' });
    expect(await spooledFiles()).toEqual([]);
  });

  it('refuses a file past its own limit first, leaving no file', async () => {
    expect(await spoolThroughMultipart(2 * MEGABYTE, 4 * MEGABYTE, MEGABYTE)).toEqual({ outcome: 'too large' });
    expect(await spooledFiles()).toEqual([]);
  });
});
