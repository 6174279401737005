import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig, type Config } from '../config.js';

/** The server settings of the storage tests: those of the test app, with a data folder of the test's own. */
export function storageTestEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://keel.test',
    WEB_DIST_DIR: '/nonexistent',
    ...extra,
  };
}

export const storageTestConfig = (dataDir: string, extra: Record<string, string> = {}): Config =>
  loadConfig(storageTestEnv(dataDir, extra));

export const makeDataDir = () => mkdtemp(path.join(tmpdir(), `keel-storage-${randomUUID().slice(0, 8)}-`));
export const removeDataDir = (dataDir: string) => rm(dataDir, { recursive: true, force: true });

/** Every file under `dir`, as paths relative to it (none when it does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export const streamOf = (content: Buffer | string) => Readable.from([Buffer.from(content)]);

export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A small PDF as browsers and office suites write them: the type is read from these bytes. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** The start of a Linux executable, whatever its name says. */
export const ELF_BYTES = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(120, 0x01),
]);

export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'] as const;

export interface S3Server {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** A local S3-compatible server (s3rver) with one bucket; its only key pair is S3RVER / S3RVER. */
export async function startS3Server(directory: string, bucket = 'keel-files'): Promise<S3Server> {
  // s3rver ships no types: the little used here is declared above.
  const moduleName: string = 's3rver';
  const { default: S3rver } = (await import(moduleName)) as { default: S3rverClass };
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, bucket, close: () => server.close() };
}
