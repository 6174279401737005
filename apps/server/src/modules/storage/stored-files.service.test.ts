import { createHash } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Session } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import {
  bytesOf,
  DOCUMENT_TYPES,
  ELF_BYTES,
  filesUnder,
  makeDataDir,
  PDF_BYTES,
  removeDataDir,
  storageTestConfig,
  storageTestEnv,
  streamOf,
} from '../../test-support/storage-fixture.js';
import { createTestApp, queryAsOwner, registerOrganization, type TestContext } from '../../test-support/test-app.js';
import { createStoredFilesService, storedName, type StoredFilesService } from './stored-files.service.js';

const RULES = { maxBytes: 1024 * 1024, allowedTypes: DOCUMENT_TYPES };

let dataDir: string;
let context: TestContext;
let owner: Session;
let other: Session;
let files: StoredFilesService;
const filesDir = () => path.join(dataDir, 'files');
const tmpDir = () => path.join(dataDir, 'tmp');
const organizationOf = (session: Session) => session.user.organizationId;

beforeAll(async () => {
  dataDir = await makeDataDir();
  context = await createTestApp(storageTestEnv(dataDir));
  owner = await registerOrganization(context.app);
  other = await registerOrganization(context.app);
  files = createStoredFilesService({ db: context.database.db, config: storageTestConfig(dataDir) });
});
afterAll(async () => {
  await context.close();
  await removeDataDir(dataDir);
});

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const storeAs = (session: Session, content: Buffer, fileName: string, rules = RULES) =>
  files.store(organizationOf(session), session.user.id, { stream: streamOf(content), fileName }, rules);

describe('stored files on the local disk', () => {
  it('stores a PDF under a generated name, opens the same bytes and removes them', async () => {
    const stored = await storeAs(owner, PDF_BYTES, 'Quarterly report.pdf');
    expect(stored).toEqual({
      id: expect.any(String) as string,
      contentType: 'application/pdf',
      bytes: PDF_BYTES.length,
      sha256: createHash('sha256').update(PDF_BYTES).digest('hex'),
      driver: 'local',
    });
    const [row] = await queryAsOwner<{ locator: string; created_by_id: string }>(
      context.database,
      `select locator, created_by_id from stored_files where id = '${stored.id}'`,
    );
    expect(row?.created_by_id).toBe(owner.user.id);
    // The user's file name is nowhere in the stored name.
    expect(row?.locator).toMatch(new RegExp(`^${organizationOf(owner)}/\\d{4}/\\d{2}/[0-9a-f-]{36}$`));
    expect(await filesUnder(filesDir())).toContain(row?.locator);

    const opened = await files.open(organizationOf(owner), stored.id);
    expect(opened).toMatchObject({ contentType: 'application/pdf', bytes: PDF_BYTES.length });
    expect(await bytesOf(opened.stream)).toEqual(PDF_BYTES);

    await files.remove(organizationOf(owner), stored.id);
    expect(await filesUnder(filesDir())).not.toContain(row?.locator);
    expect((await refusal(files.open(organizationOf(owner), stored.id))).code).toBe('storage.file_not_found');
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it('refuses a file larger than the limit while it streams, leaving nothing on disk', async () => {
    const before = await filesUnder(filesDir());
    const endless = Readable.from(
      (function* chunks() {
        for (let index = 0; index < 64; index += 1) yield Buffer.alloc(64 * 1024, 0x41);
      })(),
    );
    const error = await refusal(
      files.store(
        organizationOf(owner),
        owner.user.id,
        { stream: endless, fileName: 'big.txt' },
        {
          ...RULES,
          maxBytes: 1024 * 1024,
        },
      ),
    );
    expect(error).toMatchObject({
      statusCode: 413,
      code: 'storage.too_large',
      message: 'The file is larger than 1 MB.',
    });
    expect(await filesUnder(filesDir())).toEqual(before);
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it('refuses an executable renamed .pdf by its bytes, leaving nothing on disk', async () => {
    const before = await filesUnder(filesDir());
    const error = await refusal(storeAs(owner, ELF_BYTES, 'invoice.pdf'));
    expect(error).toMatchObject({
      statusCode: 415,
      code: 'storage.unsupported_type',
      message: 'This kind of file cannot be uploaded. Upload PDFs, images, office documents or text.',
    });
    expect(await filesUnder(filesDir())).toEqual(before);
    expect(await filesUnder(tmpDir())).toEqual([]);
    const rows = await queryAsOwner<{ count: number }>(
      context.database,
      `select count(*)::int as count from stored_files where organization_id = '${organizationOf(owner)}'`,
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('refuses an empty file', async () => {
    const error = await refusal(storeAs(owner, Buffer.alloc(0), 'empty.txt'));
    expect(error).toMatchObject({ statusCode: 400, code: 'storage.empty_file' });
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it("does not open or remove another organization's file", async () => {
    const stored = await storeAs(owner, Buffer.from('plain words\n'), 'notes.txt');
    expect((await refusal(files.open(organizationOf(other), stored.id))).statusCode).toBe(404);
    expect((await refusal(files.remove(organizationOf(other), stored.id))).statusCode).toBe(404);
    expect(await bytesOf((await files.open(organizationOf(owner), stored.id)).stream)).toEqual(
      Buffer.from('plain words\n'),
    );
  });

  it('answers 404 when the bytes of a recorded file are gone', async () => {
    const stored = await storeAs(owner, Buffer.from('soon gone\n'), 'gone.txt');
    const [row] = await queryAsOwner<{ locator: string }>(
      context.database,
      `select locator from stored_files where id = '${stored.id}'`,
    );
    await removeDataDir(path.join(filesDir(), row!.locator));
    expect((await refusal(files.open(organizationOf(owner), stored.id))).code).toBe('storage.file_not_found');
  });

  it('places a copy without a row for an import, and discards it when the import does not commit', async () => {
    const organizationId = organizationOf(owner);
    const before = await filesUnder(filesDir());
    const copy = await files.place(organizationId, {
      bytes: PDF_BYTES.length,
      contentType: 'application/pdf',
      open: () => streamOf(PDF_BYTES),
    });
    expect(copy.driver).toBe('local');
    const added = (await filesUnder(filesDir())).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]?.startsWith(`${organizationId}/`)).toBe(true);
    const rows = await queryAsOwner(context.database, `select 1 from stored_files where locator = '${copy.locator}'`);
    expect(rows).toEqual([]);
    await copy.discard();
    expect(await filesUnder(filesDir())).toEqual(before);
  });

  it('names files by organization, year and month, never by what the user called them', () => {
    expect(storedName('org', new Date('2026-03-05T10:00:00Z'))).toMatch(/^org\/2026\/03\/[0-9a-f-]{36}$/);
  });
});
