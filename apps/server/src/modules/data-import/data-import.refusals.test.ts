import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportArchive, importAndWait, importArchive, rezip } from '../../test-support/data-import-fixture.js';
import { documentsKit, pdfBytes } from '../../test-support/documents-fixture.js';
import { filesUnder, removeDataDir, storageTestEnv } from '../../test-support/storage-fixture.js';
import { useTeamSuite } from '../../test-support/team-fixtures.js';
import { bodyOf, queryAsOwner } from '../../test-support/test-app.js';
import { buildZip, deflatedText, deflatedZeros } from '../../test-support/zip-fixture.js';
import { zipEntries } from '../../test-support/zip-entries.js';

// Files on the server's disk, to see that a refused import leaves none of its copies behind.
const dataDir = path.join(tmpdir(), `keel-import-${randomUUID()}`);
const { state: t, call } = useTeamSuite(['admin'], () => storageTestEnv(dataDir));
afterAll(() => removeDataDir(dataDir));
const kit = documentsKit(t);
let entries: Map<string, Buffer>;

type Row = Record<string, unknown>;
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const parsed = <T>(name: string) => JSON.parse(String(entries.get(name))) as T;

/** The export, with some entries replaced (or, given null, removed). */
function edited(changes: Record<string, Buffer | null>) {
  const next = new Map(entries);
  for (const [name, content] of Object.entries(changes)) {
    if (content) next.set(name, content);
    else next.delete(name);
  }
  return rezip(next);
}

const counts = async () => ({
  ...(
    await queryAsOwner<{ organizations: number; users: number; files: number }>(
      t.context.database,
      `select (select count(*)::int from organizations) as organizations, (select count(*)::int from users) as users,
              (select count(*)::int from stored_files) as files`,
    )
  )[0],
  onDisk: await filesUnder(path.join(dataDir, 'files')),
  waiting: await filesUnder(path.join(dataDir, 'imports')),
});

/** Refused at once with 400 and `code` while the uploader waits, its message matching `message`; nothing kept. */
async function expectRefused(zip: Buffer, code: string, message: RegExp) {
  const before = await counts();
  const response = await importArchive(t.context, t.other, zip);
  expect(response.statusCode, response.body).toBe(400);
  const body = bodyOf<{ code: string; error: string }>(response);
  expect(body.code).toBe(code);
  expect(body.error).toMatch(message);
  expect(await counts()).toEqual(before);
}

/** Taken, then failed by the import's job with `code` and a message matching `message`; nothing kept. */
async function expectFailed(zip: Buffer, code: string, message: RegExp) {
  const before = await counts();
  const outcome = await importAndWait(t.context, t.other, zip);
  expect(outcome).toMatchObject({ status: 'failed', result: null, error: { code } });
  expect(outcome.error?.message).toMatch(message);
  expect(await counts()).toEqual(before);
}

beforeAll(async () => {
  await call(t.owner, 'POST', '/todos', { title: 'Call the bank', ownerIds: [t.owner.user.id], teamId: t.teamId });
  await kit.uploadOne(t.owner, 'Handbook.pdf', {}, pdfBytes(100));
  entries = await zipEntries(await exportArchive(t.context, t.owner));
});

describe('importing an archive that is not what an export writes', () => {
  it('answers 401 without a session, 400 without the archive field or for a file that is no zip', async () => {
    const zip = await rezip(entries);
    expect((await importArchive(t.context, null, zip)).statusCode).toBe(401);
    const noField = await importArchive(t.context, t.other, zip, 'file');
    expect(noField.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(noField).code).toBe('data_import.archive_missing');
    await expectRefused(Buffer.from('not a zip at all'), 'data_import.not_a_zip', /not a zip archive/);
  });

  it('refuses bad JSON, naming the entry', async () => {
    await expectFailed(
      await edited({ 'data/todos.json': Buffer.from('[{"id": ') }),
      'data_import.bad_json',
      /^data\/todos\.json is not valid JSON/,
    );
  });

  it('refuses another format version, and what is no Keel export', async () => {
    const manifest = parsed<Row>('manifest.json');
    await expectRefused(
      await edited({ 'manifest.json': json({ ...manifest, schemaVersion: 99 }) }),
      'data_import.unknown_version',
      /^This archive's format version 99 is not one Keel can import\.$/,
    );
    await expectRefused(
      await edited({ 'manifest.json': json({ ...manifest, format: 'something-else' }) }),
      'data_import.not_keel_export',
      /not describe a Keel organization export/,
    );
    await expectRefused(await edited({ 'manifest.json': null }), 'data_import.missing_entry', /no manifest\.json/);
  });

  it('refuses paths outside the archive and entries outside the layout', async () => {
    // yazl, like any careful writer, refuses such names: the zip is made by hand, the bad entry first.
    const handMade = (name: string) =>
      buildZip([
        { name, compressed: deflatedText('x'), declaredSize: 1 },
        ...[...entries].map(([entry, content]) => ({
          name: entry,
          compressed: deflatedText(content.toString('latin1'), 'latin1'),
          declaredSize: content.length,
        })),
      ]);
    await expectRefused(handMade('../evil'), 'data_import.unsafe_entry', /"\.\.\/evil"/);
    await expectRefused(handMade('data/../../evil.json'), 'data_import.unsafe_entry', /evil\.json/);
    await expectRefused(handMade('/etc/passwd'), 'data_import.unsafe_entry', /"\/etc\/passwd"/);
    await expectRefused(handMade('data\\todos.json'), 'data_import.unsafe_entry', /data\\todos/);
    await expectRefused(await edited({ 'run.sh': Buffer.from('x') }), 'data_import.unknown_entry', /"run\.sh"/);
  });

  it('refuses a table Keel does not keep and a column its table does not have', async () => {
    const manifest = parsed<{ tables: Record<string, number> }>('manifest.json');
    await expectFailed(
      await edited({
        'data/secrets.json': json([]),
        'manifest.json': json({ ...manifest, tables: { ...manifest.tables, secrets: 0 } }),
      }),
      'data_import.unknown_table',
      /data\/secrets\.json/,
    );
    const todos = parsed<Row[]>('data/todos.json');
    await expectFailed(
      await edited({ 'data/todos.json': json(todos.map((row) => ({ ...row, evil: 1 }))) }),
      'data_import.unknown_column',
      /"evil".*todos/,
    );
    const memberships = parsed<Row[]>('data/memberships.json');
    await expectFailed(
      await edited({ 'data/memberships.json': json(memberships.map((row) => ({ ...row, password_hash: 'x' }))) }),
      'data_import.unknown_column',
      /"password_hash"/,
    );
  });

  it('refuses a file whose bytes were changed, and rows the database refuses, leaving nothing behind', async () => {
    const [fileName] = [...entries.keys()].filter((name) => name.startsWith('files/'));
    if (!fileName) throw new Error('no file in the export');
    await expectFailed(await edited({ [fileName]: pdfBytes(101) }), 'data_import.file_mismatch', /size|SHA-256/);
    const storedFiles = parsed<Row[]>('data/stored_files.json');
    await expectFailed(
      await edited({
        'data/stored_files.json': json(storedFiles.map((row) => ({ ...row, content_type: 'text/html' }))),
      }),
      'data_import.file_mismatch',
      /is not the text\/html its row says it is/,
    );
    const todos = parsed<Row[]>('data/todos.json');
    await expectFailed(
      await edited({ 'data/todos.json': json(todos.map((row) => ({ ...row, title: null }))) }),
      'data_import.rows_refused',
      /^data\/todos\.json could not be restored/,
    );
  });

  it('refuses zip bombs, declared or disguised, without expanding them', async () => {
    const zeros = await deflatedZeros(64 * 1024 * 1024);
    const manifest = { name: 'manifest.json', compressed: deflatedText('{}'), declaredSize: 2 };
    await expectRefused(
      buildZip([manifest, { name: 'data/todos.json', compressed: zeros, declaredSize: 64 * 1024 * 1024 }]),
      'data_import.too_expanded',
      /unpacks to far more/,
    );
    // Sizes that lie: only inflating shows it, so the job refuses it, torn down once past what it declared.
    const realManifest = entries.get('manifest.json') ?? Buffer.from('');
    await expectFailed(
      buildZip([
        { name: 'data/todos.json', compressed: zeros, declaredSize: 1000 },
        {
          name: 'manifest.json',
          compressed: deflatedText(realManifest.toString('latin1'), 'latin1'),
          declaredSize: realManifest.length,
        },
      ]),
      'data_import.too_expanded',
      /unpacks to far more/,
    );
    await expectRefused(
      buildZip([{ name: 'data/todos.json', compressed: deflatedText('[]'), declaredSize: 4_000_000_000 }]),
      'data_import.too_expanded',
      /unpacks to far more/,
    );
  });
});
