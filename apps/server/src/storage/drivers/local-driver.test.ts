import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../file-storage.js';
import type { StorageSource } from '../storage-driver.js';
import { createLocalDriver } from './local-driver.js';
import { readAll, refusal } from '../test-support/sample-bytes.js';

let dataDir: string;
let rootDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'keel-local-driver-'));
  rootDir = path.join(dataDir, 'files');
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const sourceOf = (content: Buffer): StorageSource => ({
  bytes: content.length,
  contentType: 'application/octet-stream',
  open: () => Readable.from([content.subarray(0, 3), content.subarray(3)]),
});

/** Every file under the root, `.incoming` included: what a failed write must not leave behind. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('local driver', () => {
  it('stores, streams back and removes a file under its name', async () => {
    const driver = createLocalDriver(rootDir);
    const content = Buffer.from('Quarterly plan, version 2');
    const name = '4b2f3c1e-0000-4000-8000-000000000001/2026/11/9d7a2b44-0000-4000-8000-000000000002';

    const { locator } = await driver.put(name, sourceOf(content));

    expect(locator).toBe(name);
    expect(await readFile(path.join(rootDir, name))).toEqual(content);
    expect(await readAll(await driver.open(locator))).toEqual(content);
    await driver.remove(locator);
    expect((await refusal(driver.open(locator))).kind).toBe('not_found');
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('reads the keys written by the earlier file storage under <DATA_DIR>/files', async () => {
    const legacy = createLocalStorage(dataDir);
    const key = 'organizations/4b2f3c1e-0000-4000-8000-000000000001/issues/abc/0123456789abcdef01234567';
    await legacy.put(key, Buffer.from('an attachment from before'));

    const driver = createLocalDriver(rootDir);

    expect((await readAll(await driver.open(key))).toString()).toBe('an attachment from before');
    await driver.remove(key);
    expect(await legacy.get(key)).toBeUndefined();
  });

  it('refuses names that could leave the root, in every operation', async () => {
    const driver = createLocalDriver(rootDir);
    const source = sourceOf(Buffer.from('x'));
    for (const name of [
      '../outside',
      'org/../../etc/passwd',
      '/etc/passwd',
      'org//file',
      'org/file/',
      '.incoming/file',
      'org/.hidden',
      'org\\..\\file',
      'org/fi le',
      'org/file\u0000',
      '',
    ]) {
      expect((await refusal(driver.put(name, source))).kind, name).toBe('rejected');
      expect((await refusal(driver.open(name))).kind, name).toBe('rejected');
      expect((await refusal(driver.remove(name))).kind, name).toBe('rejected');
    }
    expect(await filesUnder(dataDir)).toEqual([]);
  });

  it("leaves nothing behind when the source fails midway, and rethrows the source's error", async () => {
    const driver = createLocalDriver(rootDir);
    const clientGone = new Error('client went away');
    const failing: StorageSource = {
      bytes: 10_000,
      contentType: 'application/pdf',
      open: () =>
        Readable.from(
          (async function* broken() {
            yield Buffer.alloc(4_000, 1);
            throw clientGone;
          })(),
        ),
    };

    await expect(driver.put('org/2026/11/broken', failing)).rejects.toBe(clientGone);

    expect(await filesUnder(rootDir)).toEqual([]);
    expect((await refusal(driver.open('org/2026/11/broken'))).kind).toBe('not_found');
  });

  it('refuses a source shorter than announced, leaving nothing', async () => {
    const driver = createLocalDriver(rootDir);
    const short: StorageSource = { ...sourceOf(Buffer.from('only part')), bytes: 1_000 };

    expect((await refusal(driver.put('org/2026/11/short', short))).kind).toBe('rejected');
    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('stores an empty file', async () => {
    const driver = createLocalDriver(rootDir);

    const { locator } = await driver.put('org/empty', sourceOf(Buffer.alloc(0)));

    expect(await readAll(await driver.open(locator))).toEqual(Buffer.alloc(0));
  });

  it('replaces a file put again under the same name', async () => {
    const driver = createLocalDriver(rootDir);
    await driver.put('org/file', sourceOf(Buffer.from('first version')));
    await driver.put('org/file', sourceOf(Buffer.from('second version')));

    expect((await readAll(await driver.open('org/file'))).toString()).toBe('second version');
  });

  it('ignores the removal of a file already gone', async () => {
    const driver = createLocalDriver(rootDir);

    await expect(driver.remove('org/2026/11/never-stored')).resolves.toBeUndefined();
  });

  it('answers not found for a folder opened as a file', async () => {
    const driver = createLocalDriver(rootDir);
    await driver.put('org/2026/file', sourceOf(Buffer.from('content')));

    expect((await refusal(driver.open('org/2026'))).kind).toBe('not_found');
  });

  it('checks the disk with a probe it removes', async () => {
    const driver = createLocalDriver(rootDir);

    await driver.check();

    expect(await filesUnder(rootDir)).toEqual([]);
  });

  it('reports a root it cannot create as unavailable, naming the folder', async () => {
    await createLocalDriver(rootDir).put('a-file', sourceOf(Buffer.from('in the way')));
    // This root sits below a regular file, so no folder can be made there.
    const blockedRoot = path.join(rootDir, 'a-file', 'files');

    const error = await refusal(createLocalDriver(blockedRoot).check());

    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain(blockedRoot);
  });
});
