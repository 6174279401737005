import { createHash, randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageMove, StorageSettings } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  DOCUMENT_TYPES,
  filesUnder,
  removeDataDir,
  startS3Server,
  storageTestConfig,
  storageTestEnv,
  streamOf,
  type S3Server,
} from '../../test-support/storage-fixture.js';
import { bearer, bodyOf, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';
import { createStoredFilesService, type StoredFilesService } from './stored-files.service.js';

const dataDir = path.join(tmpdir(), `keel-storage-move-${randomUUID()}`);
const t = useTenantFixture([], {}, () => storageTestEnv(dataDir));
let s3: S3Server;
let files: StoredFilesService;

beforeAll(async () => {
  s3 = await startS3Server(path.join(dataDir, 's3rver'));
  files = createStoredFilesService({ db: t.context.database.db, config: storageTestConfig(dataDir) });
});
afterAll(async () => {
  await s3.close();
  await removeDataDir(dataDir);
});

const organizationId = () => t.owner.user.organizationId;
const call = (method: 'GET' | 'POST' | 'PUT', suffix: string, payload?: object) =>
  t.context.app.inject({
    method,
    url: `/api/v1/organizations/${organizationId()}/storage-settings${suffix}`,
    headers: bearer(t.owner),
    ...(payload ? { payload } : {}),
  });
const settings = async () => bodyOf<{ data: StorageSettings }>(await call('GET', '')).data;
const placesOf = () =>
  queryAsOwner<{ id: string; driver: string; locator: string }>(
    t.context.database,
    `select id, driver, locator from stored_files where organization_id = '${organizationId()}' order by created_at, id`,
  );
const contentOf = (index: number) => Buffer.from(`File number ${index} of the move test.\n`);

/** The move as the settings show it once the background job has stopped running it. */
async function settledMove(): Promise<StorageMove> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { move } = await settings();
    if (move && move.status !== 'running') return move;
    if (Date.now() > deadline) throw new Error(`the move is still running: ${JSON.stringify(move)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('moving stored files from the server disk to S3', () => {
  const ids: string[] = [];
  const localFiles = () => path.join(dataDir, 'files');
  let missingLocator = '';

  it('moves through the background job, stopping at a file whose bytes are missing with every file readable', async () => {
    for (let index = 0; index < 4; index += 1) {
      const stored = await files.store(
        organizationId(),
        t.owner.user.id,
        { stream: streamOf(contentOf(index)), fileName: `file-${index}.txt` },
        { maxBytes: 1024, allowedTypes: DOCUMENT_TYPES },
      );
      ids.push(stored.id);
    }
    const [, , missing] = await placesOf();
    missingLocator = missing!.locator;
    await rename(path.join(localFiles(), missingLocator), path.join(dataDir, 'set-aside'));
    const saved = await call('PUT', '/s3', {
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'moved',
    });
    expect(saved.statusCode).toBe(200);
    const { version } = bodyOf<{ data: StorageSettings }>(saved).data;

    const switched = await call('POST', '/switch', { driver: 's3', moveExisting: true, version });
    expect(switched.statusCode).toBe(200);
    const after = bodyOf<{ data: StorageSettings }>(switched).data;
    expect(after).toMatchObject({
      driver: 's3',
      usage: [{ driver: 'local', files: 4, bytes: ids.reduce((sum, _id, index) => sum + contentOf(index).length, 0) }],
      move: { from: 'local', to: 's3', status: 'running', total: 4, moved: 0, error: null, finishedAt: null },
    });

    const move = await settledMove();
    expect(move).toMatchObject({ id: after.move!.id, status: 'failed', moved: 2, total: 4 });
    expect(move.error).toMatch(/\S/);
    expect(move.finishedAt).not.toBeNull();
    expect((await placesOf()).map((place) => place.driver)).toEqual(['s3', 's3', 'local', 'local']);
    for (const [index, id] of ids.entries()) {
      if (index === 2) continue;
      expect(await bytesOf((await files.open(organizationId(), id)).stream)).toEqual(contentOf(index));
    }
    // The moved files' old copies are gone from the disk; the one left to move is still there.
    expect(await filesUnder(localFiles())).toHaveLength(1);
  });

  it('refuses a second move while one runs', async () => {
    const { version } = await settings();
    await queryAsOwner(
      t.context.database,
      `insert into storage_moves (organization_id, from_driver, to_driver, status, total, moved)
       values ('${organizationId()}', 'local', 's3', 'running', 1, 0)`,
    );
    const second = await call('POST', '/switch', { driver: 's3', moveExisting: true, version });
    expect(second.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(second).code).toBe('storage.move_running');
    await queryAsOwner(
      t.context.database,
      `update storage_moves set status = 'failed', finished_at = now() where organization_id = '${organizationId()}' and status = 'running'`,
    );
  });

  it('moves the rest when tried again, and finishes with every file in S3 and none left on the disk', async () => {
    await rename(path.join(dataDir, 'set-aside'), path.join(localFiles(), missingLocator));
    // As an attachment kept before Keel recorded hashes: checked by its size, its hash recorded once moved.
    await queryAsOwner(t.context.database, `update stored_files set sha256 = null where id = '${ids[3]}'`);
    const { version } = await settings();
    const again = await call('POST', '/switch', { driver: 's3', moveExisting: true, version });
    expect(again.statusCode).toBe(200);

    const move = await settledMove();
    expect(move).toMatchObject({ status: 'done', error: null });
    expect(move.moved).toBe(move.total);
    const after = await settings();
    expect(after.usage).toEqual([{ driver: 's3', files: 4, bytes: expect.any(Number) as number }]);
    expect((await placesOf()).map((place) => place.driver)).toEqual(['s3', 's3', 's3', 's3']);
    for (const [index, id] of ids.entries()) {
      expect(await bytesOf((await files.open(organizationId(), id)).stream)).toEqual(contentOf(index));
    }
    expect(await filesUnder(localFiles())).toEqual([]);
    const [recorded] = await queryAsOwner<{ sha256: string | null }>(
      t.context.database,
      `select sha256 from stored_files where id = '${ids[3]}'`,
    );
    expect(recorded?.sha256).toBe(createHash('sha256').update(contentOf(3)).digest('hex'));
  });
});
