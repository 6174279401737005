import { describe, expect, it } from 'vitest';
import type { PriorityAttachment, PriorityUpdate, PriorityUpdatePage, Session } from '@keel/contract';
import { auditEvents, bearer, bodyOf, multipart, PNG_BYTES } from '../../test-support/test-app.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';

const { state: t, call, createPriority, priorityOf } = usePrioritiesFixture();

// A real file signature: the type is read from these bytes, never from the name.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const upload = (
  session: Session | null,
  priorityId: string,
  body = multipart('file', 'plan.pdf', 'application/pdf', PDF),
  org = t.orgId,
) =>
  t.context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${org}/priorities/${priorityId}/attachments`,
    headers: { ...body.headers, ...(session ? bearer(session) : {}) },
    payload: body.payload,
  });

describe('weekly status updates', () => {
  it('posts an update that sets the priority’s status, lists newest first with paging', async () => {
    const priority = await createPriority();
    const url = `/priorities/${priority.id}/updates`;
    const first = await call(t.member, 'POST', url, {
      status: 'off_track',
      comment: 'Vendor late',
      weekStart: '2026-03-02',
    });
    expect(first.statusCode).toBe(201);
    expect(bodyOf<{ data: PriorityUpdate }>(first).data).toMatchObject({
      status: 'off_track',
      comment: 'Vendor late',
      weekStart: '2026-03-02',
      author: { id: t.member.user.id },
    });
    const after = priorityOf(await call(t.owner, 'GET', `/priorities/${priority.id}`));
    expect(after).toMatchObject({ status: 'off_track', version: 2 });
    const second = await call(t.owner, 'POST', url, { status: 'on_track', comment: '<b>back</b>' });
    const defaultedWeek = bodyOf<{ data: PriorityUpdate }>(second).data.weekStart;
    expect(new Date(`${defaultedWeek}T00:00:00Z`).getUTCDay()).toBe(1);
    const page = bodyOf<PriorityUpdatePage>(await call(t.observer, 'GET', `${url}?limit=1`));
    expect(page.data.map((u) => u.comment)).toEqual(['<b>back</b>']);
    expect(page.page.nextCursor).not.toBeNull();
    const rest = bodyOf<PriorityUpdatePage>(
      await call(t.observer, 'GET', `${url}?limit=1&cursor=${page.page.nextCursor}`),
    );
    expect(rest.data.map((u) => u.comment)).toEqual(['Vendor late']);
    expect(rest.page.nextCursor).toBeNull();
  });

  it('answers 400, 401, 403 and 404', async () => {
    const priority = await createPriority();
    const url = `/priorities/${priority.id}/updates`;
    expect((await call(t.owner, 'POST', url, { status: 'lost' })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', url, { status: 'on_track', comment: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', url, { status: 'on_track', weekStart: '30000-01-01' })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', url, { status: 'on_track', mood: 'ok' })).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `${url}?cursor=nonsense`)).statusCode).toBe(400);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(null, 'POST', url, { status: 'on_track' })).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', url, { status: 'on_track' })).statusCode).toBe(403);
    const otherOrg = t.other.user.organizationId;
    expect((await call(t.other, 'GET', url, undefined, otherOrg)).statusCode).toBe(404);
    expect((await call(t.other, 'POST', url, { status: 'on_track' }, otherOrg)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', url, undefined, otherOrg)).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('uploads, sniffs the type from the bytes, lists, downloads and deletes', async () => {
    const priority = await createPriority();
    const pdf = await upload(t.member, priority.id);
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(bodyOf<{ data: PriorityAttachment }>(pdf).data).toMatchObject({
      fileName: 'plan.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      uploadedBy: { id: t.member.user.id },
    });
    // A PNG named .txt and declared as text is still a PNG.
    const png = await upload(t.owner, priority.id, multipart('file', 'notes.txt', 'text/plain', PNG_BYTES));
    expect(bodyOf<{ data: PriorityAttachment }>(png).data.mimeType).toBe('image/png');
    const text = await upload(
      t.owner,
      priority.id,
      multipart('file', 'minutes.txt', 'text/plain', Buffer.from('Ship')),
    );
    expect(bodyOf<{ data: PriorityAttachment }>(text).data.mimeType).toBe('text/plain');
    // A page of script is no kind of file a priority keeps.
    const page = await upload(t.owner, priority.id, multipart('file', 'a.html', 'text/html', Buffer.from('<script>')));
    expect(page.statusCode).toBe(415);
    expect(bodyOf<{ code: string }>(page).code).toBe('priority.attachment_unsupported_type');

    const list = bodyOf<{ data: PriorityAttachment[] }>(
      await call(t.observer, 'GET', `/priorities/${priority.id}/attachments`),
    );
    expect(list.data).toHaveLength(3);
    const id = bodyOf<{ data: PriorityAttachment }>(pdf).data.id;
    const download = await call(t.observer, 'GET', `/priorities/${priority.id}/attachments/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="plan.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    expect((await call(t.owner, 'DELETE', `/priorities/${priority.id}/attachments/${id}`)).statusCode).toBe(200);
    expect((await call(t.owner, 'GET', `/priorities/${priority.id}/attachments/${id}`)).statusCode).toBe(404);
    // One event per upload, on the priority, by whoever uploaded it.
    const added = (session: Session, response: { json(): unknown }) => ({
      action: 'priority.attachment_added',
      actorUserId: session.user.id,
      targetId: priority.id,
      summary: { attachmentId: (response.json() as { data: PriorityAttachment }).data.id },
    });
    expect(await auditEvents(t.context.database, 'priority.attachment_added', priority.id)).toEqual([
      added(t.member, pdf),
      added(t.owner, png),
      added(t.owner, text),
    ]);
  });

  it('refuses an empty file, a wrong field, a non-multipart body, and a file over 10 MB', async () => {
    const priority = await createPriority();
    expect(
      (await upload(t.owner, priority.id, multipart('file', 'e.pdf', 'application/pdf', Buffer.alloc(0)))).statusCode,
    ).toBe(400);
    expect((await upload(t.owner, priority.id, multipart('other', 'a.pdf', 'application/pdf', PDF))).statusCode).toBe(
      400,
    );
    expect((await call(t.owner, 'POST', `/priorities/${priority.id}/attachments`, { file: 'x' })).statusCode).toBe(415);
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(t.owner, priority.id, multipart('file', 'big.pdf', 'application/pdf', huge))).statusCode).toBe(
      413,
    );
    // Above the 2 MB logo limit but within 10 MB: accepted.
    const large = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024)]);
    expect(
      (await upload(t.owner, priority.id, multipart('file', 'large.pdf', 'application/pdf', large))).statusCode,
    ).toBe(201);
  });

  it('answers 401, 403 and 404', async () => {
    const priority = await createPriority();
    const id = bodyOf<{ data: PriorityAttachment }>(await upload(t.owner, priority.id)).data.id;
    const one = `/priorities/${priority.id}/attachments/${id}`;
    expect((await upload(null, priority.id)).statusCode).toBe(401);
    expect((await call(null, 'GET', `/priorities/${priority.id}/attachments`)).statusCode).toBe(401);
    expect((await call(null, 'GET', one)).statusCode).toBe(401);
    expect((await call(null, 'DELETE', one)).statusCode).toBe(401);
    expect((await upload(t.observer, priority.id)).statusCode).toBe(403);
    expect((await call(t.observer, 'DELETE', one)).statusCode).toBe(403);
    const otherOrg = t.other.user.organizationId;
    expect((await upload(t.other, priority.id, undefined, otherOrg)).statusCode).toBe(404);
    expect((await upload(t.owner, priority.id, undefined, otherOrg)).statusCode).toBe(404);
    expect((await call(t.other, 'GET', `/priorities/${priority.id}/attachments`, undefined, otherOrg)).statusCode).toBe(
      404,
    );
    expect((await call(t.other, 'GET', one, undefined, otherOrg)).statusCode).toBe(404);
    expect((await call(t.other, 'DELETE', one, undefined, otherOrg)).statusCode).toBe(404);
    const elsewhere = await createPriority();
    expect((await call(t.owner, 'GET', `/priorities/${elsewhere.id}/attachments/${id}`)).statusCode).toBe(404);
  });
});
