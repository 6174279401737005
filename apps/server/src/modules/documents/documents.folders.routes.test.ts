import { beforeAll, describe, expect, it } from 'vitest';
import type { Document, DocumentFolder, DocumentList, Session } from '@keel/contract';
import { useTeamSuite } from '../../test-support/team-fixtures.js';
import { addMember, bodyOf, changeEvent, recordedChanges } from '../../test-support/test-app.js';
import { loadConfig } from '../../config.js';
import { createStoredFilesService } from '../storage/index.js';
import { createDocumentsService } from './documents.module.js';
import { documentsKit, pdfBytes } from '../../test-support/documents-fixture.js';

const { state: t, call } = useTeamSuite(['admin']);
const kit = documentsKit(t);

let writer: Session;

beforeAll(async () => {
  writer = await addMember(t.context, t.orgId, 'member');
});

async function folder(session: Session, name: string, parentId: string | null = null, extra = {}) {
  const response = await call(session, 'POST', '/document-folders', {
    name,
    parentId,
    visibility: 'company',
    teamId: null,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: DocumentFolder }>(response).data;
}

const list = async (session: Session, query = '') => {
  const response = await call(session, 'GET', `/documents${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<DocumentList>(response);
};

describe('document folders', () => {
  it('nests folders, lists a folder with its path, moves a document into it', async () => {
    const top = await folder(writer, 'Finance');
    const inner = await folder(writer, 'Invoices', top.id);
    const document = await kit.uploadOne(writer, 'March.pdf');
    const moved = await call(writer, 'PATCH', `/documents/${document.id}`, { version: 1, folderId: inner.id });
    expect(bodyOf<{ data: Document }>(moved).data).toMatchObject({ folderId: inner.id, version: 2 });
    const content = await list(t.member, `?folderId=${inner.id}`);
    expect(content.path).toEqual([
      { id: top.id, name: 'Finance' },
      { id: inner.id, name: 'Invoices' },
    ]);
    expect(content.data.map((item) => item.name)).toEqual(['March.pdf']);
    expect((await list(t.member, `?folderId=${top.id}`)).folders.map((item) => item.name)).toEqual(['Invoices']);
  });

  it('refuses moving a folder into itself or its own subfolder (409), and a folder one cannot see (404)', async () => {
    const a = await folder(writer, 'A');
    const b = await folder(writer, 'B', a.id);
    const intoItself = await call(writer, 'PATCH', `/document-folders/${a.id}`, { version: 1, parentId: a.id });
    expect(intoItself.statusCode).toBe(409);
    const intoChild = await call(writer, 'PATCH', `/document-folders/${a.id}`, { version: 1, parentId: b.id });
    expect(bodyOf<{ code: string }>(intoChild)).toMatchObject({ code: 'document.folder_cycle' });
    const hidden = await folder(t.owner, 'Board only', null, { visibility: 'private' });
    const intoHidden = await call(writer, 'PATCH', `/document-folders/${b.id}`, { version: 1, parentId: hidden.id });
    expect(intoHidden.statusCode).toBe(404);
    const document = await kit.uploadOne(writer, 'Minutes.pdf');
    const docIntoHidden = await call(writer, 'PATCH', `/documents/${document.id}`, { version: 1, folderId: hidden.id });
    expect(docIntoHidden.statusCode).toBe(404);
    expect((await call(writer, 'GET', `/documents?folderId=${hidden.id}`)).statusCode).toBe(404);
    const renamed = await call(writer, 'PATCH', `/document-folders/${b.id}`, {
      version: 1,
      parentId: null,
      name: 'Bee',
    });
    expect(bodyOf<{ data: DocumentFolder }>(renamed).data).toMatchObject({ parentId: null, name: 'Bee', version: 2 });
  });

  it('refuses nesting deeper than the limit', async () => {
    let parent: string | null = null;
    for (let level = 1; level <= 10; level += 1) parent = (await folder(writer, `Level ${level}`, parent)).id;
    const tooDeep = await call(writer, 'POST', '/document-folders', {
      name: 'Level 11',
      parentId: parent,
      visibility: 'company',
      teamId: null,
    });
    expect(tooDeep.statusCode).toBe(409);
  });

  it('deletes only an empty folder', async () => {
    const full = await folder(writer, 'Contracts');
    await kit.uploadOne(writer, 'Lease.pdf', { folderId: full.id });
    const refused = await call(writer, 'DELETE', `/document-folders/${full.id}`, { version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(bodyOf<{ error: string }>(refused).error).toBe('Move or delete what is in the folder first.');
    const empty = await folder(writer, 'Empty');
    expect((await call(t.observer, 'DELETE', `/document-folders/${empty.id}`, { version: 1 })).statusCode).toBe(403);
    expect((await call(writer, 'DELETE', `/document-folders/${empty.id}`, { version: 1 })).statusCode).toBe(200);
    expect((await call(writer, 'GET', `/documents?folderId=${empty.id}`)).statusCode).toBe(404);
  });
});

describe('documents: listing and search', () => {
  it('pages a folder by size in both directions without gaps or repeats', async () => {
    const box = await folder(writer, 'Sizes');
    const sizes = [500, 20, 300, 20, 4000, 1];
    for (const [index, size] of sizes.entries()) {
      await kit.uploadOne(writer, `File ${index}.pdf`, { folderId: box.id }, pdfBytes(size));
    }
    for (const direction of ['asc', 'desc'] as const) {
      const seen: Document[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?folderId=${box.id}&sort=size&direction=${direction}&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await list(writer, query);
        seen.push(...page.data);
        cursor = page.page.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(sizes.length);
      expect(new Set(seen.map((item) => item.id)).size).toBe(sizes.length);
      const bytes = seen.map((item) => item.bytes ?? 0);
      const sorted = [...bytes].sort((a, b) => (direction === 'asc' ? a - b : b - a));
      expect(bytes).toEqual(sorted);
    }
    const byName = await list(writer, `?folderId=${box.id}&sort=name&limit=2`);
    const next = await list(writer, `?folderId=${box.id}&sort=name&limit=2&cursor=${byName.page.nextCursor}`);
    expect([...byName.data, ...next.data].map((item) => item.name)).toEqual([
      'File 0.pdf',
      'File 1.pdf',
      'File 2.pdf',
      'File 3.pdf',
    ]);
    expect(next.folders).toEqual([]);
    expect((await call(writer, 'GET', `/documents?sort=updated&cursor=${byName.page.nextCursor}`)).statusCode).toBe(
      400,
    );
  });

  it('searches names in every folder, ignoring case, showing only what the caller sees', async () => {
    const deep = await folder(writer, 'Deep');
    await kit.uploadOne(writer, 'Quarterly REPORT.pdf', { folderId: deep.id });
    await kit.uploadOne(writer, 'report draft.pdf');
    await kit.uploadOne(t.owner, 'Private report.pdf', { visibility: 'private' });
    const found = await list(writer, '?q=report');
    expect(found.data.map((item) => item.name).sort()).toEqual(['Quarterly REPORT.pdf', 'report draft.pdf']);
    expect(found.folders).toEqual([]);
    expect((await list(writer, '?q=100%25')).data).toEqual([]);
  });
});

describe('what a folder holds is never seen more widely than the folder', () => {
  it('refuses a company document in a private folder, and keeps a search from showing what the folder hides', async () => {
    const mine = await folder(writer, 'My drafts', null, { visibility: 'private' });
    const refused = await kit.send(writer, '/documents', { folderId: mine.id, visibility: 'company' }, [
      { name: 'Open letter.pdf', content: pdfBytes() },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(bodyOf<{ code: string; error: string }>(refused)).toMatchObject({
      code: 'document.wider_than_folder',
      error: expect.stringContaining('My drafts') as string,
    });
    const kept = await kit.uploadOne(writer, 'Hidden plan.pdf', { folderId: mine.id, visibility: 'private' });
    const widened = await call(writer, 'PATCH', `/documents/${kept.id}`, {
      version: kept.version,
      visibility: 'company',
    });
    expect(bodyOf<{ code: string }>(widened).code).toBe('document.wider_than_folder');
    const shared = await kit.uploadOne(writer, 'Hidden memo.pdf');
    const movedIn = await call(writer, 'PATCH', `/documents/${shared.id}`, {
      version: shared.version,
      folderId: mine.id,
    });
    expect(bodyOf<{ code: string }>(movedIn).code).toBe('document.wider_than_folder');
    // The memo stayed at the top level; the plan in the private folder shows to nobody else, administrators included.
    expect((await list(t.owner, '?q=hidden')).data.map((item) => item.name)).toEqual(['Hidden memo.pdf']);
  });

  it('refuses narrowing a folder while what is in it is seen more widely, and allows it once narrowed', async () => {
    const outer = await folder(writer, 'Handbook');
    const inside = await kit.uploadOne(writer, 'Holidays.pdf', { folderId: outer.id });
    const narrowed = await call(writer, 'PATCH', `/document-folders/${outer.id}`, {
      version: 1,
      visibility: 'private',
    });
    expect(narrowed.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(narrowed).code).toBe('document.content_wider_than_folder');
    const privateDocument = await call(writer, 'PATCH', `/documents/${inside.id}`, {
      version: inside.version,
      visibility: 'private',
    });
    expect(privateDocument.statusCode, privateDocument.body).toBe(200);
    const now = await call(writer, 'PATCH', `/document-folders/${outer.id}`, { version: 1, visibility: 'private' });
    expect(now.statusCode, now.body).toBe(200);
  });
});

describe('documents: links', () => {
  it('adds links to cloud files, telling the drive by the host and naming them from the address', async () => {
    const cases = [
      ['https://drive.google.com/file/d/abc/view', 'google_drive', 'Google Drive file'],
      ['https://contoso.sharepoint.com/sites/x/Shared%20Documents/Budget.xlsx', 'sharepoint', 'Budget.xlsx'],
      ['https://1drv.ms/w/s!abc', 'onedrive', 'OneDrive file'],
      ['https://example.com/papers/guide.pdf', 'web', 'guide.pdf'],
    ] as const;
    for (const [url, provider, name] of cases) {
      const response = await call(writer, 'POST', '/documents/links', {
        url,
        folderId: null,
        visibility: 'company',
        teamId: null,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(bodyOf<{ data: Document }>(response).data).toMatchObject({
        kind: 'link',
        linkProvider: provider,
        name,
        url,
      });
    }
  });

  it('links a document to a priority: shown on the document and on the priority', async () => {
    const created = await call(t.owner, 'POST', '/priorities', {
      title: 'Launch the new website',
      ownerIds: [t.owner.user.id],
      teamId: t.teamId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const priorityId = bodyOf<{ data: { id: string }[] }>(created).data[0]!.id;
    const document = await kit.uploadOne(writer, 'Site map.pdf');
    const linked = await call(writer, 'POST', `/documents/${document.id}/links`, {
      target: 'priority',
      targetId: priorityId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(bodyOf<{ data: Document }>(linked).data.links).toEqual([
      { target: 'priority', targetId: priorityId, title: 'Launch the new website' },
    ]);
    const onPriority = await call(t.member, 'GET', `/linked-documents?target=priority&targetId=${priorityId}`);
    expect(bodyOf<{ data: Document[] }>(onPriority).data.map((item) => item.id)).toEqual([document.id]);
    const missing = await call(writer, 'POST', `/documents/${document.id}/links`, {
      target: 'issue',
      targetId: priorityId,
    });
    expect(missing.statusCode).toBe(404);
    const unlinked = await call(writer, 'DELETE', `/documents/${document.id}/links`, {
      target: 'priority',
      targetId: priorityId,
    });
    expect(bodyOf<{ data: Document }>(unlinked).data.links).toEqual([]);
    const none = await call(t.member, 'GET', `/linked-documents?target=priority&targetId=${priorityId}`);
    expect(bodyOf<{ data: Document[] }>(none).data).toEqual([]);
  });
});

describe('documents: live updates', () => {
  it("announces a team's document to that team and the others organization-wide, after the commit", async () => {
    const { changes, events } = recordedChanges();
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: '/tmp/keel-documents-live-test',
      LOG_LEVEL: 'silent',
    });
    const db = t.context.database.db;
    const service = createDocumentsService({ db, changes, storedFiles: createStoredFilesService({ db, config }) });
    const caller = { organizationId: t.orgId, userId: t.owner.user.id };
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const placed = { folderId: null, teamId: null, url: 'https://example.com/a.pdf' };
    const company = await service.documents.createLink(caller, { ...placed, visibility: 'company' }, meta);
    const team = await service.documents.createLink(caller, { ...placed, visibility: 'team', teamId: t.teamId }, meta);
    await expect(
      service.documents.createLink(caller, { ...placed, visibility: 'team', teamId: null }, meta),
    ).rejects.toThrow();
    expect(events).toEqual([
      changeEvent(t.owner, '', { teamId: null, entity: 'document', ids: [company.id], action: 'created' }),
      changeEvent(t.owner, t.teamId, { entity: 'document', ids: [team.id], action: 'created' }),
    ]);
  });
});
