import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeStorageCode } from '../oauth/storage-oauth.js';
import type { StorageDriver } from '../storage-driver.js';
import { GOOGLE_FOLDER_MIME, startGoogleStandIn, type GoogleStandIn } from '../test-support/google-stand-in.js';
import { digest, readAll, sampleSource } from '../test-support/sample-bytes.js';
import { createGoogleDriveDriver, ensureGoogleDriveFolder } from './google-drive-driver.js';

const TWELVE_MB = 12 * 1024 * 1024;

describe('Google Drive driver (against a local stand-in of Drive v3)', () => {
  let google: GoogleStandIn;
  let refreshToken: string;
  let folder: { id: string; name: string };
  let driver: StorageDriver;

  beforeAll(async () => {
    google = await startGoogleStandIn();
    ({ refreshToken } = await exchangeStorageCode('google_drive', google.config, {
      code: google.issueCode('admin@example.com'),
    }));
    folder = await ensureGoogleDriveFolder({ config: google.config, refreshToken, name: 'Keel' });
    driver = createGoogleDriveDriver({ config: google.config, refreshToken, folderId: folder.id });
  });
  afterAll(() => google.close());

  it('finds the Keel folder it made instead of making another, and ignores folders it did not make', async () => {
    google.addUserFile({ name: 'Keel', mimeType: GOOGLE_FOLDER_MIME });
    const again = await ensureGoogleDriveFolder({ config: google.config, refreshToken, name: 'Keel' });

    expect(again).toEqual(folder);
    const appFolders = [...google.files.values()].filter(
      (file) => file.name === 'Keel' && file.mimeType === GOOGLE_FOLDER_MIME && file.createdByApp,
    );
    expect(appFolders.map((file) => file.id)).toEqual([folder.id]);
  });

  it('makes a new folder when its own was moved to the bin', async () => {
    const binned = await ensureGoogleDriveFolder({ config: google.config, refreshToken, name: "Keel's bin test" });
    const file = google.files.get(binned.id);
    if (file) file.trashed = true;

    const fresh = await ensureGoogleDriveFolder({ config: google.config, refreshToken, name: "Keel's bin test" });

    expect(fresh.id).not.toBe(binned.id);
    expect(google.files.get(fresh.id)).toMatchObject({ name: "Keel's bin test", trashed: false });
  });

  it('stores 12 MB in the Keel folder and streams the same bytes back', async () => {
    const source = sampleSource(TWELVE_MB);

    const { locator } = await driver.put('report-2026.pdf', source);

    expect(google.files.get(locator)).toMatchObject({
      name: 'report-2026.pdf',
      parents: [folder.id],
      mimeType: 'application/pdf',
    });
    const back = await readAll(await driver.open(locator));
    expect(back.length).toBe(TWELVE_MB);
    expect(digest(back)).toBe(digest(source.content));
  });

  it('answers not_found for a removed file, and removing it again is no error', async () => {
    const { locator } = await driver.put('to-remove.txt', sampleSource(1000, { contentType: 'text/plain' }));

    await driver.remove(locator);

    expect(google.files.has(locator)).toBe(false);
    await expect(driver.open(locator)).rejects.toMatchObject({ name: 'StorageError', kind: 'not_found' });
    await expect(driver.remove(locator)).resolves.toBeUndefined();
  });

  it('leaves nothing in Drive when the bytes stop arriving halfway', async () => {
    const before = google.files.size;
    const broken = {
      bytes: TWELVE_MB,
      contentType: 'application/pdf',
      open: () =>
        Readable.from(
          (async function* () {
            yield Buffer.alloc(4 * 1024 * 1024, 1);
            throw new Error('the disk went away');
          })(),
        ),
    };

    await expect(driver.put('broken.pdf', broken)).rejects.toMatchObject({ name: 'StorageError' });
    expect(google.files.size).toBe(before);
  });

  it('checks the connection by writing, reading and removing a probe', async () => {
    const before = [...google.files.keys()];

    await driver.check();

    expect([...google.files.keys()]).toEqual(before);
  });

  it('says not_found when the Keel folder was deleted', async () => {
    const gone = await ensureGoogleDriveFolder({ config: google.config, refreshToken, name: 'Keel (deleted)' });
    google.files.delete(gone.id);
    const orphan = createGoogleDriveDriver({ config: google.config, refreshToken, folderId: gone.id });

    await expect(orphan.check()).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('says unauthorized once the administrator revokes access, and writes nothing more', async () => {
    const revocable = await startGoogleStandIn();
    try {
      const grant = await exchangeStorageCode('google_drive', revocable.config, {
        code: revocable.issueCode('a@example.com'),
      });
      const access = { config: revocable.config, refreshToken: grant.refreshToken };
      const home = await ensureGoogleDriveFolder({ ...access, name: 'Keel' });
      const inUse = createGoogleDriveDriver({ ...access, folderId: home.id });
      const kept = await inUse.put('before.pdf', sampleSource(2048));

      revocable.revoke();

      const refusal = inUse.put('after.pdf', sampleSource(TWELVE_MB));
      await expect(refusal).rejects.toMatchObject({
        kind: 'unauthorized',
        message: 'Google Drive refused access: an administrator must connect it again in Storage settings.',
      });
      await expect(inUse.open(kept.locator)).rejects.toMatchObject({ kind: 'unauthorized' });
      expect([...revocable.files.values()].map((file) => file.name).sort()).toEqual(['Keel', 'before.pdf']);
    } finally {
      await revocable.close();
    }
  });
});
