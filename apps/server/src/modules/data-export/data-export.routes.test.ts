import { describe, expect, it } from 'vitest';
import { dataExportManifestSchema, type DataExport, type Todo } from '@keel/contract';
import { documentsKit, pdfBytes } from '../../test-support/documents-fixture.js';
import { useTeamSuite } from '../../test-support/team-fixtures.js';
import { bodyOf, queryAsOwner } from '../../test-support/test-app.js';
import { zipEntries } from '../../test-support/zip-entries.js';

const { state: t, call } = useTeamSuite(['admin']);
const kit = documentsKit(t);

const exportsOf = async () => bodyOf<{ data: DataExport[] }>(await call(t.owner, 'GET', '/data-exports')).data;

async function exportNow(): Promise<DataExport> {
  const response = await call(t.owner, 'POST', '/data-exports');
  expect(response.statusCode, response.body).toBe(202);
  await t.context.app.jobs.whenIdle(30_000);
  const id = bodyOf<{ data: DataExport }>(response).data.id;
  const done = (await exportsOf()).find((one) => one.id === id);
  if (!done) throw new Error('export not listed');
  return done;
}

async function download(id: string) {
  return t.context.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${t.orgId}/data-exports/${id}/archive`,
    headers: { authorization: `Bearer ${t.owner.accessToken}` },
  });
}

describe('the organization export', () => {
  it('writes every table as JSON and CSV, the stored files and a README, and nothing of another organization', async () => {
    const mine = await call(t.owner, 'POST', '/todos', {
      title: 'Our own to-do',
      ownerIds: [t.owner.user.id],
      teamId: t.teamId,
    });
    const [todo] = bodyOf<{ data: Todo[] }>(mine).data;
    await call(
      t.other,
      'POST',
      '/todos',
      { title: 'Their secret to-do', ownerIds: [t.other.user.id], teamId: t.otherTeamId },
      t.other.user.organizationId,
    );
    const document = await kit.uploadOne(t.owner, 'Handbook.pdf', {}, pdfBytes(64));
    await call(t.owner, 'POST', '/api-keys', { name: 'Zapier', scopes: ['todos:read'] });

    const done = await exportNow();
    expect(done).toMatchObject({ status: 'ready', error: null });
    expect(done.stepsDone).toBe(done.stepsTotal);
    expect(done.bytes).toBeGreaterThan(0);
    expect(Date.parse(done.expiresAt ?? '') - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const response = await download(done.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="keel-export-/);
    const entries = await zipEntries(response.rawPayload);
    const manifest = dataExportManifestSchema.parse(JSON.parse(entries.get('manifest.json')!.toString()));
    expect(manifest).toMatchObject({ schemaVersion: 1, organization: { id: t.orgId }, files: 1, missingFiles: [] });
    expect(entries.get('README.md')!.toString()).toContain('data/<table>.json');

    const todos = JSON.parse(entries.get('data/todos.json')!.toString()) as { id: string; title: string }[];
    expect(todos.map((row) => row.id)).toContain(todo!.id);
    expect(manifest.tables.todos).toBe(todos.length);
    expect(entries.get('csv/todos.csv')!.toString().split('\n')[0]).toContain('title');
    const [stored] = await queryAsOwner<{ stored_file_id: string }>(
      t.context.database,
      `select stored_file_id from document_versions where document_id = '${document.id}'`,
    );
    expect(entries.get(`files/${stored!.stored_file_id}`)?.equals(pdfBytes(64))).toBe(true);
    const people = JSON.parse(entries.get('people.json')!.toString()) as { email: string }[];
    expect(people.map((person) => person.email)).toContain(t.owner.user.email);

    const everything = [...entries.values()].map((entry) => entry.toString('latin1')).join('\n');
    expect(everything).not.toContain('Their secret to-do');
    expect(everything).not.toContain(t.other.user.email);
    expect(everything).not.toMatch(/secret_hash|token_hash|password_hash|_sealed/);
    expect([...entries.keys()].some((name) => name.includes('api_keys'))).toBe(false);
  });

  it('answers 401, 403 to members, 404 for another organization, 409 while one is under way', async () => {
    expect((await call(null, 'GET', '/data-exports')).statusCode).toBe(401);
    expect((await call(t.member, 'POST', '/data-exports')).statusCode).toBe(403);
    expect((await call(t.owner, 'GET', '/data-exports', undefined, t.other.user.organizationId)).statusCode).toBe(404);
    const done = await exportNow();
    const theirs = await call(
      t.other,
      'GET',
      `/data-exports/${done.id}/archive`,
      undefined,
      t.other.user.organizationId,
    );
    expect(theirs.statusCode).toBe(404);
    expect((await call(t.owner, 'GET', '/data-exports/not-an-id/archive')).statusCode).toBe(400);
    await queryAsOwner(
      t.context.database,
      `insert into organization_exports (organization_id, status) values ('${t.orgId}', 'running')`,
    );
    const busy = await call(t.owner, 'POST', '/data-exports');
    expect(busy.statusCode).toBe(409);
    await queryAsOwner(t.context.database, `delete from organization_exports where status = 'running'`);
  });

  it('stops offering an archive after its seven days, and deletes it', async () => {
    const done = await exportNow();
    await queryAsOwner(
      t.context.database,
      `update organization_exports set expires_at = now() - interval '1 minute' where id = '${done.id}'`,
    );
    expect((await download(done.id)).statusCode).toBe(404);
    expect((await exportsOf()).find((one) => one.id === done.id)?.status).toBe('expired');
  });
});
