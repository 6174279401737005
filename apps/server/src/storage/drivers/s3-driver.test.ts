import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StorageSource } from '../storage-driver.js';
import { createS3Driver, type S3DriverOptions } from './s3-driver.js';
import { readAll, refusal } from '../test-support/sample-bytes.js';

interface S3rverRequest {
  method: string;
  path: string;
  querystring: string;
}
interface S3rverServer {
  middleware: ((ctx: S3rverRequest, next: () => Promise<void>) => Promise<void>)[];
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

// s3rver ships no types: a CommonJS require with the little this test uses.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

const BUCKET = 'keel-documents';
const SECRET = 'not-checked-by-s3rver-but-never-shown';
const MEGABYTE = 1024 * 1024;

let directory: string;
let s3rver: S3rverServer;
let endpoint: string;
let requests: S3rverRequest[] = [];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'keel-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  // Recorded before s3rver's own middleware runs, to see which S3 operations the driver sent.
  s3rver.middleware.unshift(async (ctx, next) => {
    requests.push({ method: ctx.method, path: ctx.path, querystring: ctx.querystring });
    await next();
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3rver.close();
  await rm(directory, { recursive: true, force: true });
});

beforeEach(() => {
  requests = [];
});

const options = (overrides: Partial<S3DriverOptions> = {}): S3DriverOptions => ({
  endpoint,
  bucket: BUCKET,
  region: 'eu-central-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: SECRET,
  forcePathStyle: true,
  prefix: 'keel/',
  ...overrides,
});

const sourceOf = (content: Buffer): StorageSource => ({
  bytes: content.length,
  contentType: 'application/pdf',
  open: () => Readable.from([content]),
});

/** `megabytes` of varied bytes, produced 64 KiB at a time and never held whole in memory. */
function generatedSource(megabytes: number, failAfterBytes?: number): StorageSource & { sha256: string } {
  const chunkOf = (index: number) => Buffer.alloc(64 * 1024, index % 251);
  const chunkCount = (megabytes * MEGABYTE) / (64 * 1024);
  const hash = createHash('sha256');
  for (let index = 0; index < chunkCount; index++) hash.update(chunkOf(index));
  return {
    bytes: megabytes * MEGABYTE,
    contentType: 'application/octet-stream',
    sha256: hash.digest('hex'),
    open: () =>
      Readable.from(
        (function* chunks() {
          for (let index = 0; index < chunkCount; index++) {
            if (failAfterBytes !== undefined && index * 64 * 1024 >= failAfterBytes)
              throw new Error('client went away');
            yield chunkOf(index);
          }
        })(),
      ),
  };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const NAME = '4b2f3c1e-0000-4000-8000-000000000001/2026/11/9d7a2b44-0000-4000-8000-000000000002';

describe('S3 driver', () => {
  it('stores a file under the prefix, streams it back and removes it', async () => {
    const driver = createS3Driver(options());
    const content = Buffer.from('%PDF-1.7 quarterly plan');

    const { locator } = await driver.put(NAME, sourceOf(content));

    expect(locator).toBe(`keel/${NAME}`);
    expect(await readAll(await driver.open(locator))).toEqual(content);
    await driver.remove(locator);
    expect((await refusal(driver.open(locator))).kind).toBe('not_found');
  });

  it('stores an empty file', async () => {
    const driver = createS3Driver(options());

    const { locator } = await driver.put(NAME, sourceOf(Buffer.alloc(0)));

    expect(await readAll(await driver.open(locator))).toEqual(Buffer.alloc(0));
    await driver.remove(locator);
  });

  it('streams a 20 MB file up in several parts and back intact', async () => {
    const driver = createS3Driver(options({ prefix: '' }));
    const source = generatedSource(20);

    const { locator } = await driver.put(NAME, source);

    expect(locator).toBe(NAME);
    const partUploads = requests.filter(
      (request) => request.method === 'PUT' && request.querystring.includes('partNumber'),
    );
    expect(partUploads.length).toBeGreaterThan(1);
    expect(await sha256Of(await driver.open(locator))).toBe(source.sha256);
    await driver.remove(locator);
  });

  it('leaves no object and aborts the multipart upload when the source fails after a part was sent', async () => {
    const driver = createS3Driver(options());
    const clientGone = generatedSource(20, 12 * MEGABYTE);

    const error = await driver.put(NAME, clientGone).catch((caught: unknown) => caught);

    expect((error as Error).message).toBe('client went away');
    expect(requests.some((request) => request.method === 'PUT' && request.querystring.includes('partNumber'))).toBe(
      true,
    );
    expect(requests.some((request) => request.method === 'DELETE' && request.querystring.includes('uploadId'))).toBe(
      true,
    );
    expect(requests.some((request) => request.method === 'POST' && request.querystring.startsWith('uploadId'))).toBe(
      false,
    );
    expect((await refusal(driver.open(`keel/${NAME}`))).kind).toBe('not_found');
  });

  it('keeps nothing of a source shorter than announced', async () => {
    const driver = createS3Driver(options());
    const short: StorageSource = { ...sourceOf(Buffer.from('only part')), bytes: 1_000 };

    expect((await refusal(driver.put(NAME, short))).kind).toBe('rejected');
    expect((await refusal(driver.open(`keel/${NAME}`))).kind).toBe('not_found');
  });

  it('checks the bucket with a probe it removes', async () => {
    const driver = createS3Driver(options({ prefix: '/probes' }));

    await driver.check();

    const probeKeys = requests.filter((request) => request.method === 'PUT').map((request) => request.path);
    expect(probeKeys).toHaveLength(1);
    expect(probeKeys[0]).toMatch(new RegExp(`^/${BUCKET}/probes/keel-probe-[0-9a-f-]{36}\\.txt$`));
    expect(requests.some((request) => request.method === 'DELETE' && request.path === probeKeys[0])).toBe(true);
  });

  it('ignores the removal of a file already gone', async () => {
    await expect(createS3Driver(options()).remove('keel/never-stored')).resolves.toBeUndefined();
  });

  it('refuses unsafe names and keys', async () => {
    const driver = createS3Driver(options());
    for (const name of ['../outside', '/absolute', 'org//file', 'org/.hidden', '']) {
      expect((await refusal(driver.put(name, sourceOf(Buffer.from('x'))))).kind, name).toBe('rejected');
    }
    expect((await refusal(driver.open('keel/file\u0000'))).kind).toBe('rejected');
    expect((await refusal(driver.remove(''))).kind).toBe('rejected');
  });

  it('answers unauthorized for an unknown access key, without the secret in the message', async () => {
    const driver = createS3Driver(options({ accessKeyId: 'AKIAWRONGKEY' }));

    const error = await refusal(driver.check());

    expect(error.kind).toBe('unauthorized');
    expect(error.message).toBe('The storage refused the access key: check the access key id and secret.');
    expect(error.message).not.toContain(SECRET);
  });

  it('answers not found for a bucket that does not exist, naming it', async () => {
    const driver = createS3Driver(options({ bucket: 'no-such-bucket' }));

    const error = await refusal(driver.check());

    expect(error.kind).toBe('not_found');
    expect(error.message).toContain('"no-such-bucket"');
  });

  it('answers unavailable for an endpoint nobody listens on, naming it', async () => {
    const closed = await closedPort();
    const driver = createS3Driver(options({ endpoint: `http://127.0.0.1:${closed}` }));

    const error = await refusal(driver.check());

    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain(`http://127.0.0.1:${closed}`);
    expect(error.message).not.toContain(SECRET);
  });

  it('refuses settings it cannot use with what to fix, without throwing when built', async () => {
    for (const [overrides, expected] of [
      [{ endpoint: 'minio:9000' }, 'The endpoint "minio:9000" is not a web address'],
      [{ endpoint: 'not a url' }, 'The endpoint "not a url" is not a web address'],
      [{ region: ' ' }, 'The region is missing'],
      [{ bucket: '' }, 'The bucket name is missing'],
    ] as const) {
      const driver = createS3Driver(options(overrides));

      const error = await refusal(driver.check());

      expect(error.kind).toBe('unavailable');
      expect(error.message).toContain(expected);
    }
  });

  it('never repeats a password written into the endpoint address', async () => {
    const closed = await closedPort();
    const driver = createS3Driver(options({ endpoint: `http://admin:hunter2@127.0.0.1:${closed}` }));

    const error = await refusal(driver.open('keel/file'));

    expect(error.message).toContain(`http://127.0.0.1:${closed}`);
    expect(error.message).not.toContain('hunter2');
  });

  it('gives up on an endpoint that never answers within its timeout', async () => {
    const silent = await silentServer();
    const driver = createS3Driver(options({ endpoint: silent.endpoint }), {
      connectionTimeoutMs: 500,
      requestTimeoutMs: 500,
      maxAttempts: 1,
    });
    const started = Date.now();

    const error = await refusal(driver.check()).finally(() => silent.close());

    expect(error.kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Accepts connections and never answers, like a firewall that swallows packets after the handshake. */
async function silentServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
