import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DataImport } from '@keel/contract';
import { exportArchive, importAndWait } from '../../test-support/data-import-fixture.js';
import { documentsKit, pdfBytes, pngBytes } from '../../test-support/documents-fixture.js';
import { filesUnder, removeDataDir, storageTestEnv } from '../../test-support/storage-fixture.js';
import { useTeamSuite } from '../../test-support/team-fixtures.js';
import { bearer, bodyOf, queryAsOwner } from '../../test-support/test-app.js';

const dataDir = path.join(tmpdir(), `keel-import-routes-${randomUUID()}`);
const { state: t } = useTeamSuite(['admin'], () => storageTestEnv(dataDir));
afterAll(() => removeDataDir(dataDir));
const kit = documentsKit(t);

const get = (url: string, session: typeof t.owner | null) =>
  t.context.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: session ? bearer(session) : {} });

describe('following an import', () => {
  it("answers 401 without a session, 400 for a bad id, 404 for another person's import", async () => {
    const zip = await exportArchive(t.context, t.owner);
    const outcome = await importAndWait(t.context, t.other, zip);
    expect(outcome.status).toBe('done');

    expect((await get('/organizations/imports', null)).statusCode).toBe(401);
    expect((await get(`/organizations/imports/${outcome.id}`, null)).statusCode).toBe(401);
    const bad = await get('/organizations/imports/not-a-uuid', t.other);
    expect(bad.statusCode).toBe(400);
    const foreign = await get(`/organizations/imports/${outcome.id}`, t.owner);
    expect(foreign.statusCode).toBe(404);
    expect(bodyOf<{ code: string }>(foreign).code).toBe('data_import.not_found');

    const mine = bodyOf<{ data: DataImport[] }>(await get('/organizations/imports', t.other)).data;
    expect(mine[0]).toMatchObject({ id: outcome.id, status: 'done', organizationName: outcome.organizationName });
    expect(bodyOf<{ data: DataImport[] }>(await get('/organizations/imports', t.owner)).data).toEqual([]);
    // The uploaded archive is deleted once the import is over.
    expect(await filesUnder(path.join(dataDir, 'imports'))).toEqual([]);
  });

  it('imports an export whose files could not all be read, leaving out only what held them', async () => {
    const before = new Set(await filesUnder(path.join(dataDir, 'files')));
    const lost = await kit.uploadOne(t.owner, 'Lost.pdf', {}, pdfBytes(120));
    const [lostFile] = (await filesUnder(path.join(dataDir, 'files'))).filter((file) => !before.has(file));
    if (!lostFile) throw new Error('the upload left no file on disk');
    await kit.uploadOne(t.owner, 'Kept.png', {}, pngBytes);
    await rm(path.join(dataDir, 'files', lostFile));

    const outcome = await importAndWait(t.context, t.other, await exportArchive(t.context, t.owner));
    expect(outcome.status, JSON.stringify(outcome.error)).toBe('done');
    expect(outcome.result).toMatchObject({ filesMissing: 1 });
    expect(outcome.result?.notRestored).toContainEqual({
      table: 'document_versions',
      reason: '1 row holds a file the export could not read',
    });
    const versions = await queryAsOwner<{ name: string; versions: number }>(
      t.context.database,
      `select d.name, count(v.id)::int as versions from documents d
         left join document_versions v on v.document_id = d.id
        where d.organization_id = '${outcome.result?.organizationId ?? ''}' and d.name in ('Lost.pdf', 'Kept.png')
        group by d.name order by d.name`,
    );
    expect(versions).toEqual([
      { name: 'Kept.png', versions: 1 },
      { name: lost.name, versions: 0 },
    ]);
  });
});
