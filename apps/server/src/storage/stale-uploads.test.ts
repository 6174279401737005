import { mkdtemp, mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STALE_UPLOAD_MS, removeStaleUploads } from './stale-uploads.js';

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('removeStaleUploads', () => {
  it('removes temporary files older than a day and leaves recent ones, folders and missing places alone', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'keel-stale-'));
    const spool = path.join(root, 'tmp');
    const incoming = path.join(root, 'files', '.incoming');
    await mkdir(spool, { recursive: true });
    await mkdir(path.join(incoming, 'a-folder'), { recursive: true });
    const now = Date.now();
    const old = new Date(now - STALE_UPLOAD_MS - 60_000);
    for (const file of [path.join(spool, 'upload-old'), path.join(incoming, 'old')]) {
      await writeFile(file, 'left behind');
      await utimes(file, old, old);
    }
    await writeFile(path.join(spool, 'upload-running'), 'still arriving');

    const removed = await removeStaleUploads([spool, incoming, path.join(root, 'nowhere')], now);

    expect(removed).toBe(2);
    expect(await readdir(spool)).toEqual(['upload-running']);
    expect(await readdir(incoming)).toEqual(['a-folder']);
  });
});
