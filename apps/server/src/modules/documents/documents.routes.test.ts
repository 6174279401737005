import { beforeAll, describe, expect, it } from 'vitest';
import type { Document, DocumentVersion, Session } from '@keel/contract';
import { addTeam, malformedJson, useTeamSuite } from '../../test-support/team-fixtures.js';
import { addMember, auditEvents, bodyOf, expectDocumented, queryAsOwner } from '../../test-support/test-app.js';
import { documentsKit, exeBytes, multipartForm, pdfBytes, pngBytes } from '../../test-support/documents-fixture.js';

const { state: t, call } = useTeamSuite(['admin']);
const kit = documentsKit(t);

let salesTeam: string;
let seller: Session;
let outsider: Session;

beforeAll(async () => {
  seller = await addMember(t.context, t.orgId, 'member');
  outsider = await addMember(t.context, t.orgId, 'member');
  salesTeam = await addTeam(t.context, t.owner, 'Sales', [seller.user.id]);
});

const read = async (session: Session, id: string) => {
  const response = await call(session, 'GET', `/documents/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: Document }>(response).data;
};

describe('documents: upload', () => {
  it('uploads two files at once, each a document with version 1, named after its file, audited', async () => {
    const documents = await kit.upload(seller, [
      { name: 'Plan.pdf', content: pdfBytes() },
      { name: 'Logo.png', content: pngBytes },
    ]);
    expect(documents).toMatchObject([
      {
        kind: 'file',
        name: 'Plan.pdf',
        contentType: 'application/pdf',
        currentVersion: 1,
        visibility: 'company',
        storedIn: 'local',
      },
      { kind: 'file', name: 'Logo.png', contentType: 'image/png', currentVersion: 1, bytes: pngBytes.length },
    ]);
    expect(documents[0]?.owner).toEqual({ id: seller.user.id, name: 'Grace Hopper' });
    expect(await auditEvents(t.context.database, 'document.uploaded', documents[0]?.id)).toHaveLength(1);
    expect((await read(t.member, documents[1]!.id)).name).toBe('Logo.png');
  });

  it('keeps only the last part of a path and replaces control characters in a name', async () => {
    expect((await kit.uploadOne(seller, '../../etc/passwd')).name).toBe('passwd');
    expect((await kit.uploadOne(seller, 'a\u0007b.pdf')).name).toBe('a_b.pdf');
  });

  it('refuses an executable renamed .pdf with 415 and records nothing, not even the files before it', async () => {
    const documents = await kit.countRows('documents');
    const stored = await kit.countRows('stored_files');
    const response = await kit.send(seller, '/documents', {}, [
      { name: 'fine.pdf', content: pdfBytes() },
      { name: 'invoice.pdf', content: exeBytes, type: 'application/pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(415);
    expect(await kit.countRows('documents')).toBe(documents);
    expect(await kit.countRows('stored_files')).toBe(stored);
  });

  it('answers 401 without a token, 400 for bad fields or no file, 403 for an observer, 413 for an announced giant', async () => {
    expect((await kit.send(null, '/documents', {}, [{ name: 'a.pdf', content: pdfBytes() }])).statusCode).toBe(401);
    const badFields = await kit.send(seller, '/documents', { visibility: 'everyone' }, [
      { name: 'a.pdf', content: pdfBytes() },
    ]);
    expect(badFields.statusCode, badFields.body).toBe(400);
    expect(bodyOf<{ code: string }>(badFields).code).toBe('document.invalid_fields');
    const teamless = await kit.send(seller, '/documents', { visibility: 'team' }, [
      { name: 'a.pdf', content: pdfBytes() },
    ]);
    expect(bodyOf<{ code: string }>(teamless).code).toBe('document.team_required');
    expect((await kit.send(seller, '/documents', { visibility: 'company' }, [])).statusCode).toBe(400);
    const observer = await kit.send(t.observer, '/documents', {}, [{ name: 'a.pdf', content: pdfBytes() }]);
    expect(observer.statusCode).toBe(403);
    const foreignTeam = await kit.send(outsider, '/documents', { visibility: 'team', teamId: salesTeam }, [
      { name: 'a.pdf', content: pdfBytes() },
    ]);
    expect(foreignTeam.statusCode).toBe(403);
    const giant = await t.context.app.inject({
      method: 'POST',
      url: kit.url('/documents'),
      headers: {
        authorization: `Bearer ${seller.accessToken}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(6 * 1024 ** 3),
      },
      payload: '--x--\r\n',
    });
    expect(giant.statusCode).toBe(413);
    expect(bodyOf<{ code: string }>(giant).code).toBe('document.too_large');
    const json = await call(seller, 'POST', '/documents', { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('answers a body cut off in the middle of a file as unreadable (400), keeping nothing', async () => {
    const documentsBefore = await kit.countRows('documents');
    const storedBefore = await kit.countRows('stored_files');
    const form = multipartForm({ visibility: 'company' }, [{ name: 'Long.pdf', content: pdfBytes(200_000) }]);
    const cut = await t.context.app.inject({
      method: 'POST',
      url: kit.url('/documents'),
      headers: { ...form.headers, authorization: `Bearer ${seller.accessToken}` },
      payload: form.payload.subarray(0, form.payload.length - 100_000),
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(await kit.countRows('documents')).toBe(documentsBefore);
    expect(await kit.countRows('stored_files')).toBe(storedBefore);
  });
});

describe('documents: who sees what', () => {
  it("hides another person's private file from everyone, administrators included (404)", async () => {
    const secret = await kit.uploadOne(seller, 'Salary review.pdf', { visibility: 'private' });
    expect((await read(seller, secret.id)).visibility).toBe('private');
    for (const session of [t.owner, t.members.admin, t.member]) {
      expect((await call(session, 'GET', `/documents/${secret.id}`)).statusCode).toBe(404);
      expect((await call(session, 'GET', `/documents/${secret.id}/content`)).statusCode).toBe(404);
      expect((await call(session, 'GET', `/documents/${secret.id}/versions`)).statusCode).toBe(404);
      const listed = bodyOf<{ data: Document[] }>(await call(session, 'GET', '/documents?limit=100'));
      expect(listed.data.map((document) => document.id)).not.toContain(secret.id);
      const found = bodyOf<{ data: Document[] }>(await call(session, 'GET', '/documents?q=salary'));
      expect(found.data).toEqual([]);
    }
    expect((await call(t.owner, 'PATCH', `/documents/${secret.id}`, { version: 1, name: 'Mine' })).statusCode).toBe(
      404,
    );
  });

  it("shows a team's file to its members and the administrators only", async () => {
    const teamFile = await kit.uploadOne(seller, 'Pipeline.pdf', { visibility: 'team', teamId: salesTeam });
    expect(teamFile).toMatchObject({ visibility: 'team', teamId: salesTeam });
    expect((await call(outsider, 'GET', `/documents/${teamFile.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/documents/${teamFile.id}/content`)).statusCode).toBe(404);
    expect((await read(t.members.admin, teamFile.id)).id).toBe(teamFile.id);
    expect((await read(t.owner, teamFile.id)).id).toBe(teamFile.id);
  });

  it('lets only the owner, administrators and team members change a document; observers read only', async () => {
    const shared = await kit.uploadOne(seller, 'Handbook.pdf');
    expect((await read(t.observer, shared.id)).name).toBe('Handbook.pdf');
    const observer = await call(t.observer, 'PATCH', `/documents/${shared.id}`, { version: 1, name: 'Mine' });
    expect(observer.statusCode).toBe(403);
    const member = await call(outsider, 'PATCH', `/documents/${shared.id}`, { version: 1, name: 'Mine' });
    expect(bodyOf<{ code: string }>(member)).toMatchObject({ code: 'document.read_only' });
    const admin = await call(t.members.admin, 'PATCH', `/documents/${shared.id}`, {
      version: 1,
      name: 'Staff handbook',
    });
    expect(bodyOf<{ data: Document }>(admin).data).toMatchObject({ name: 'Staff handbook', version: 2 });
    const stale = await call(seller, 'PATCH', `/documents/${shared.id}`, { version: 1, name: 'Old' });
    expect(stale.statusCode).toBe(409);
  });

  it("reads another organization's ids as absent", async () => {
    const response = await call(
      t.other,
      'POST',
      '/documents/links',
      { url: 'https://example.com/their.pdf', folderId: null, visibility: 'company', teamId: null },
      t.other.user.organizationId,
    );
    expect(response.statusCode, response.body).toBe(201);
    const theirId = bodyOf<{ data: Document }>(response).data.id;
    expect((await call(t.owner, 'GET', `/documents/${theirId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'PATCH', `/documents/${theirId}`, { version: 1, name: 'x' })).statusCode).toBe(404);
    expect((await call(t.owner, 'DELETE', `/documents/${theirId}`, { version: 1 })).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/documents/${theirId}/content`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', '/documents', undefined, t.other.user.organizationId)).statusCode).toBe(404);
  });

  it('answers 401 without a token and 400 for bad input', async () => {
    expect((await call(null, 'GET', '/documents')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/documents/recent')).statusCode).toBe(401);
    expect((await call(t.owner, 'GET', '/documents?sort=colour')).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', '/documents?cursor=nonsense')).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', '/documents/not-a-uuid')).statusCode).toBe(400);
    expect((await t.context.app.inject(malformedJson(kit.url('/documents/links'), t.owner))).statusCode).toBe(400);
    const base = { folderId: null, visibility: 'company', teamId: null };
    expect((await call(t.owner, 'POST', '/documents/links', { ...base, url: 'http://x.test/a' })).statusCode).toBe(400);
    expect(
      (await call(t.owner, 'POST', '/documents/links', { ...base, url: 'https://x.test/a', name: 'a/b' })).statusCode,
    ).toBe(400);
  });
});

describe('documents: content, versions, delete', () => {
  it('sends the bytes with their type, never sniffed; previews a PDF inline in a sandbox, and counts the open', async () => {
    const document = await kit.uploadOne(seller, 'Café menu.pdf');
    const download = await call(seller, 'GET', `/documents/${document.id}/content`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfBytes())).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="Caf_ menu.pdf"; filename*=UTF-8''Caf%C3%A9%20menu.pdf`,
    });
    expect(String(download.headers['cache-control'])).toContain('private');
    expect(download.headers['content-security-policy']).not.toBe('sandbox');
    const preview = await call(seller, 'GET', `/documents/${document.id}/content?disposition=inline`);
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    expect(preview.headers['content-security-policy']).toBe('sandbox');
    const recent = bodyOf<{ data: Document[] }>(await call(seller, 'GET', '/documents/recent'));
    expect(recent.data[0]).toMatchObject({ id: document.id });
    expect(recent.data[0]?.openedAt).not.toBeNull();
  });

  it('never shows a non-preview type inline, and says a link has no content', async () => {
    const link = await call(seller, 'POST', '/documents/links', {
      url: 'https://docs.google.com/document/d/abc/edit',
      folderId: null,
      visibility: 'company',
      teamId: null,
    });
    const linkId = bodyOf<{ data: Document }>(link).data.id;
    const content = await call(seller, 'GET', `/documents/${linkId}/content`);
    expect(content.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(content).code).toBe('document.no_content');
  });

  it('uploads a new version, lists versions, restores an old one as a new version sharing its file', async () => {
    const document = await kit.uploadOne(seller, 'Price list.pdf');
    const form = await kit.send(seller, `/documents/${document.id}/versions`, {}, [
      { name: 'Price list v2.png', content: pngBytes },
    ]);
    expect(form.statusCode, form.body).toBe(201);
    expect(bodyOf<{ data: Document }>(form).data).toMatchObject({
      name: 'Price list.pdf',
      currentVersion: 2,
      contentType: 'image/png',
      version: 2,
    });
    const twoFiles = await kit.send(seller, `/documents/${document.id}/versions`, {}, [
      { name: 'a.pdf', content: pdfBytes() },
      { name: 'b.pdf', content: pdfBytes() },
    ]);
    expect(bodyOf<{ code: string }>(twoFiles)).toMatchObject({ code: 'document.one_file_only' });
    const history = bodyOf<{ data: DocumentVersion[] }>(
      await call(seller, 'GET', `/documents/${document.id}/versions`),
    );
    expect(history.data.map((version) => [version.number, version.current, version.contentType])).toEqual([
      [2, true, 'image/png'],
      [1, false, 'application/pdf'],
    ]);
    const stored = await kit.countRows('stored_files');
    const restored = await call(seller, 'POST', `/documents/${document.id}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(bodyOf<{ data: Document }>(restored).data).toMatchObject({
      currentVersion: 3,
      contentType: 'application/pdf',
    });
    expect(await kit.countRows('stored_files')).toBe(stored);
    const shared = await queryAsOwner<{ number: number; stored_file_id: string }>(
      t.context.database,
      `select number, stored_file_id from document_versions where document_id = '${document.id}' order by number`,
    );
    expect(shared[2]?.stored_file_id).toBe(shared[0]?.stored_file_id);
    const current = await call(seller, 'GET', `/documents/${document.id}/content`);
    expect(current.rawPayload.equals(pdfBytes())).toBe(true);
    const second = await call(seller, 'GET', `/documents/${document.id}/content?version=2`);
    expect(second.headers['content-type']).toBe('image/png');
    expect((await call(seller, 'GET', `/documents/${document.id}/content?version=9`)).statusCode).toBe(404);
    expect(
      (await call(seller, 'POST', `/documents/${document.id}/versions/9/restore`, { version: 3 })).statusCode,
    ).toBe(404);
    expect(
      (await call(seller, 'POST', `/documents/${document.id}/versions/1/restore`, { version: 1 })).statusCode,
    ).toBe(409);

    const versionIds = shared.map((row) => `'${row.stored_file_id}'`).join(', ');
    const deleted = await call(seller, 'DELETE', `/documents/${document.id}`, { version: 3 });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(seller, 'GET', `/documents/${document.id}`)).statusCode).toBe(404);
    const left = await queryAsOwner(t.context.database, `select id from stored_files where id in (${versionIds})`);
    expect(left).toEqual([]);
    expect(await auditEvents(t.context.database, 'document.deleted', document.id)).toHaveLength(1);
  });

  it('is documented', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/documents',
      '/api/v1/organizations/{organizationId}/documents/recent',
      '/api/v1/organizations/{organizationId}/documents/{id}',
      '/api/v1/organizations/{organizationId}/documents/{id}/content',
      '/api/v1/organizations/{organizationId}/documents/{id}/versions',
      '/api/v1/organizations/{organizationId}/documents/{id}/versions/{number}/restore',
      '/api/v1/organizations/{organizationId}/documents/{id}/links',
      '/api/v1/organizations/{organizationId}/documents/links',
      '/api/v1/organizations/{organizationId}/linked-documents',
      '/api/v1/organizations/{organizationId}/document-folders',
      '/api/v1/organizations/{organizationId}/document-folders/{id}',
    ]);
  });
});
