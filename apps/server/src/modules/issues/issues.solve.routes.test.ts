import { beforeAll, describe, expect, it } from 'vitest';
import type { Issue, Session, SentIssuesPage } from '@keel/contract';
import { addTeam } from '../../test-support/team-fixtures.js';
import {
  bearer,
  bodyOf,
  expectDocumented,
  multipart,
  queryAsOwner,
  recordedChanges,
} from '../../test-support/test-app.js';
import { NO_SUCH_ID, useIssuesSuite } from '../../test-support/issues-fixture.js';
import { createIssueFromSource, createIssuesService } from './issues.service.js';
import { inTenant } from '../../db/scope.js';

const { state: t, call, create, get } = useIssuesSuite();
let salesTeamId: string;
beforeAll(async () => {
  salesTeamId = await addTeam(t.context, t.owner, 'Sales');
});

const todosOf = (issueId: string) =>
  queryAsOwner<{ title: string; owner_id: string; due_date: string; source_kind: string; group_id: string | null }>(
    t.context.database,
    `select title, owner_id, due_date::text as due_date, source_kind, group_id from todos where source_id = '${issueId}' order by title, owner_id`,
  );

describe('POST /organizations/{id}/issues/{issueId}/solve', () => {
  it('solves with a resolution and creates the linked to-dos in one go', async () => {
    const issue = await create(t.owner, { title: 'Churn is up' });
    await call(t.owner, 'POST', `/${issue.id}/rank`, { version: 1, rank: 2 });
    const { changes: bus, events } = recordedChanges();
    const service = createIssuesService({ db: t.context.database.db, changes: bus });
    const result = await service.solve(
      { organizationId: t.orgId, userId: t.member.user.id },
      issue.id,
      {
        version: 2,
        resolution: 'Call every churned customer',
        todos: [
          { title: 'Call list', ownerIds: [t.owner.user.id, t.member.user.id] },
          { title: 'Exit survey', ownerIds: [t.member.user.id], dueDate: '2030-01-15' },
        ],
      },
      { ipAddress: '127.0.0.1', userAgent: 'vitest' },
    );
    expect(result.data).toMatchObject({
      status: 'solved',
      resolution: 'Call every churned customer',
      solvedById: t.member.user.id,
      priorityRank: null,
      version: 3,
    });
    expect(result.data.solvedAt).not.toBeNull();
    expect(result.todoIds).toHaveLength(3);
    const todos = await todosOf(issue.id);
    expect(todos).toHaveLength(3);
    expect(todos.every((todo) => todo.source_kind === 'issue')).toBe(true);
    expect(todos.find((todo) => todo.title === 'Exit survey')?.due_date).toBe('2030-01-15');
    const callList = todos.filter((todo) => todo.title === 'Call list');
    expect(callList[0]?.group_id).toBeTruthy();
    expect(callList[0]?.group_id).toBe(callList[1]?.group_id);
    const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(callList[0]?.due_date).toBe(week);
    expect(events.map((event) => event.entity).sort()).toEqual(['issue', 'todo']);
    // Solved issues leave the open list.
    const open = bodyOf<{ data: Issue[] }>(await call(t.owner, 'GET', `?teamId=${t.teamId}`)).data;
    expect(open.map((row) => row.id)).not.toContain(issue.id);
  });

  it('answers 400 and solves nothing when a to-do owner is not a member', async () => {
    const issue = await create(t.owner, { title: 'Atomic' });
    const response = await call(t.owner, 'POST', `/${issue.id}/solve`, {
      version: 1,
      resolution: 'Do it',
      todos: [
        { title: 'Fine', ownerIds: [t.owner.user.id] },
        { title: 'Bad', ownerIds: [t.other.user.id] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string; details: { path: string }[] }>(response)).toMatchObject({
      code: 'todo.invalid_owner',
      details: [{ path: 'todos.1.ownerIds.0' }],
    });
    expect(await get(t.owner, issue.id)).toMatchObject({ status: 'open', version: 1, resolution: null });
    expect(await todosOf(issue.id)).toHaveLength(0);
  });

  it('answers 400 for bad input, 401, 403 observer, 404 another org, 409 stale, 400 already solved', async () => {
    const issue = await create(t.owner);
    const far = { version: 1, todos: [{ title: 'x', ownerIds: [t.owner.user.id], dueDate: '30000-01-01' }] };
    const tooFar = await call(t.owner, 'POST', `/${issue.id}/solve`, far);
    expect(tooFar.statusCode).toBe(400);
    expect(JSON.stringify(bodyOf(tooFar))).toContain('9999');
    expect(
      (await call(t.owner, 'POST', `/${issue.id}/solve`, { version: 1, todos: [{ title: 'x' }] })).statusCode,
    ).toBe(400);
    expect((await call(t.owner, 'POST', `/${issue.id}/solve`, { version: 1, nope: true })).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${issue.id}/solve`, { version: 1 })).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', `/${issue.id}/solve`, { version: 1 })).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', `/${t.otherIssue.id}/solve`, { version: 1 })).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'POST', `/${issue.id}/solve`, { version: 1 }, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'POST', `/${issue.id}/solve`, { version: 5 })).statusCode).toBe(409);
    expect((await call(t.owner, 'POST', `/${issue.id}/solve`, { version: 1 })).statusCode).toBe(200);
    expect((await call(t.owner, 'POST', `/${issue.id}/solve`, { version: 2 })).statusCode).toBe(400);
  });
});

describe('POST /organizations/{id}/issues/{issueId}/reopen', () => {
  it('reopens a solved issue at the end of its list, keeping the trail', async () => {
    const issue = await create(t.owner, { title: 'Back again' });
    await call(t.owner, 'POST', `/${issue.id}/solve`, { version: 1, resolution: 'Done' });
    const reopened = bodyOf<{ data: Issue }>(await call(t.member, 'POST', `/${issue.id}/reopen`, { version: 2 })).data;
    expect(reopened).toMatchObject({ status: 'open', solvedAt: null, version: 3 });
    const trail = bodyOf<{ data: { action: string }[] }>(await call(t.observer, 'GET', `/${issue.id}/trail`)).data;
    expect(trail.map((entry) => entry.action)).toEqual(['solved', 'reopened']);
    expect((await call(t.owner, 'POST', `/${issue.id}/reopen`, { version: 3 })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', `/${issue.id}/reopen`, { version: 1 })).statusCode).toBe(409);
    expect((await call(t.observer, 'POST', `/${issue.id}/reopen`, { version: 3 })).statusCode).toBe(403);
    expect((await call(null, 'POST', `/${issue.id}/reopen`, { version: 3 })).statusCode).toBe(401);
    expect((await call(t.owner, 'POST', `/${t.otherIssue.id}/reopen`, { version: 1 })).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', `/${issue.id}/reopen`, {})).statusCode).toBe(400);
  });
});

describe('POST /organizations/{id}/issues/{issueId}/send', () => {
  it('moves the issue to another team; the origin keeps a read-only trail', async () => {
    const issue = await create(t.member, { title: 'Pricing confusion' });
    await call(t.owner, 'POST', `/${issue.id}/rank`, { version: 1, rank: 3 });
    const sent = bodyOf<{ data: Issue }>(
      await call(t.member, 'POST', `/${issue.id}/send`, { version: 2, teamId: salesTeamId }),
    ).data;
    expect(sent).toMatchObject({ teamId: salesTeamId, priorityRank: null, status: 'open' });
    const trail = bodyOf<SentIssuesPage>(await call(t.observer, 'GET', `/sent?teamId=${t.teamId}`)).data;
    expect(trail[0]).toMatchObject({
      issueId: issue.id,
      issueTitle: 'Pricing confusion',
      action: 'sent',
      fromTeam: { id: t.teamId },
      toTeam: { id: salesTeamId, name: 'Sales' },
      actor: { id: t.member.user.id, name: 'Grace Hopper' },
    });
    const sales = bodyOf<{ data: Issue[] }>(await call(t.owner, 'GET', `?teamId=${salesTeamId}`)).data;
    expect(sales.map((row) => row.id)).toContain(issue.id);
  });

  it('answers 400 same team, 401, 403, 404 other org team or issue, 409 stale', async () => {
    const issue = await create(t.owner);
    expect((await call(t.owner, 'POST', `/${issue.id}/send`, { version: 1, teamId: t.teamId })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', `/${issue.id}/send`, { version: 1, teamId: 'x' })).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${issue.id}/send`, { version: 1, teamId: salesTeamId })).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', `/${issue.id}/send`, { version: 1, teamId: salesTeamId })).statusCode).toBe(
      403,
    );
    expect((await call(t.owner, 'POST', `/${issue.id}/send`, { version: 1, teamId: t.otherTeamId })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.owner, 'POST', `/${t.otherIssue.id}/send`, { version: 1, teamId: salesTeamId })).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'POST', `/${issue.id}/send`, { version: 9, teamId: salesTeamId })).statusCode).toBe(
      409,
    );
    expect((await call(t.owner, 'GET', `/sent?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
  });
});

describe('issue comments', () => {
  it('adds, lists newest last, edits and deletes only one’s own', async () => {
    const issue = await create(t.owner);
    const first = await call(t.owner, 'POST', `/${issue.id}/comments`, { body: 'First <b>thought</b>' });
    expect(first.statusCode).toBe(201);
    await call(t.member, 'POST', `/${issue.id}/comments`, { body: 'Second' });
    const page = bodyOf<{ data: { id: string; body: string; version: number }[] }>(
      await call(t.observer, 'GET', `/${issue.id}/comments`),
    ).data;
    expect(page.map((comment) => comment.body)).toEqual(['First <b>thought</b>', 'Second']);
    expect((await get(t.owner, issue.id)).commentCount).toBe(2);
    const mine = page[0] as { id: string };
    expect(
      (await call(t.member, 'PATCH', `/${issue.id}/comments/${mine.id}`, { version: 1, body: 'x' })).statusCode,
    ).toBe(403);
    const edited = await call(t.owner, 'PATCH', `/${issue.id}/comments/${mine.id}`, { version: 1, body: 'Edited' });
    expect(edited.statusCode).toBe(200);
    expect(
      (await call(t.owner, 'PATCH', `/${issue.id}/comments/${mine.id}`, { version: 1, body: 'y' })).statusCode,
    ).toBe(409);
    expect((await call(t.member, 'DELETE', `/${issue.id}/comments/${mine.id}`)).statusCode).toBe(403);
    expect((await call(t.owner, 'DELETE', `/${issue.id}/comments/${mine.id}`)).statusCode).toBe(200);
    expect((await call(t.owner, 'DELETE', `/${issue.id}/comments/${mine.id}`)).statusCode).toBe(404);
  });

  it('answers 400, 401, 403 observer, 404 another org', async () => {
    const issue = await create(t.owner);
    expect((await call(t.owner, 'POST', `/${issue.id}/comments`, { body: ' ' })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', `/${issue.id}/comments`, { body: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', `/${issue.id}/comments`, { body: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${issue.id}/comments`, { body: 'x' })).statusCode).toBe(401);
    expect((await call(null, 'GET', `/${issue.id}/comments`)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', `/${issue.id}/comments`, { body: 'x' })).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', `/${t.otherIssue.id}/comments`, { body: 'x' })).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${t.otherIssue.id}/comments`)).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'PATCH', `/${issue.id}/comments/${NO_SUCH_ID}`, { version: 1, body: 'x' })).statusCode,
    ).toBe(404);
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('issue attachments', () => {
  const upload = (session: Session | null, issueId: string, content: Buffer, field?: string, org = t.orgId) => {
    const form = multipart(field ?? 'file', 'shot.png', 'application/octet-stream', content);
    return t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${org}/issues/${issueId}/attachments`,
      headers: { ...form.headers, ...(session ? bearer(session) : {}) },
      payload: form.payload,
    });
  };

  it('uploads (type sniffed), lists, downloads and deletes', async () => {
    const issue = await create(t.owner);
    const response = await upload(t.member, issue.id, PNG);
    expect(response.statusCode).toBe(201);
    const attachment = bodyOf<{ data: { id: string; mimeType: string; fileName: string } }>(response).data;
    expect(attachment).toMatchObject({ mimeType: 'image/png', fileName: 'shot.png' });
    const listed = bodyOf<{ data: unknown[] }>(await call(t.observer, 'GET', `/${issue.id}/attachments`)).data;
    expect(listed).toHaveLength(1);
    const download = await call(t.observer, 'GET', `/${issue.id}/attachments/${attachment.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect((await call(t.observer, 'DELETE', `/${issue.id}/attachments/${attachment.id}`)).statusCode).toBe(403);
    expect((await call(t.owner, 'DELETE', `/${issue.id}/attachments/${attachment.id}`)).statusCode).toBe(200);
    expect((await call(t.owner, 'GET', `/${issue.id}/attachments/${attachment.id}`)).statusCode).toBe(404);
  });

  it('accepts files above the 2 MB logo limit, up to 10 MB', async () => {
    const issue = await create(t.owner);
    const response = await upload(t.owner, issue.id, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
    expect(response.statusCode).toBe(201);
  });

  it('refuses text posing as a file, empty files, a wrong field, over 10 MB; 401, 403, 404', async () => {
    const issue = await create(t.owner);
    expect((await upload(t.owner, issue.id, Buffer.from('<script>alert(1)</script>'))).statusCode).toBe(400);
    expect((await upload(t.owner, issue.id, Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(t.owner, issue.id, PNG, 'logo')).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(t.owner, issue.id, big)).statusCode).toBe(413);
    const json = await call(t.owner, 'POST', `/${issue.id}/attachments`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await upload(null, issue.id, PNG)).statusCode).toBe(401);
    expect((await upload(t.observer, issue.id, PNG)).statusCode).toBe(403);
    expect((await upload(t.owner, t.otherIssue.id, PNG)).statusCode).toBe(404);
    expect((await upload(t.owner, issue.id, PNG, 'file', t.other.user.organizationId)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${t.otherIssue.id}/attachments`)).statusCode).toBe(404);
  });
});

describe('createIssueFromSource', () => {
  it('creates an open issue linked to its source inside the caller’s transaction', async () => {
    const sourceId = '11111111-1111-4111-8111-111111111111';
    const { id } = await inTenant(t.context.database.db, { organizationId: t.orgId, userId: t.owner.user.id }, () =>
      createIssueFromSource(t.orgId, {
        teamId: t.teamId,
        title: 'Turned from a headline',
        source: { kind: 'headline', id: sourceId },
        raisedById: t.member.user.id,
      }),
    );
    expect(await get(t.owner, id)).toMatchObject({
      title: 'Turned from a headline',
      status: 'open',
      raisedById: t.member.user.id,
      source: { kind: 'headline', id: sourceId },
    });
  });
});

describe('OpenAPI', () => {
  it('documents every issue route', async () => {
    const base = '/api/v1/organizations/{organizationId}/issues';
    await expectDocumented(t.context, [
      base,
      `${base}/reorder`,
      `${base}/sent`,
      `${base}/{id}`,
      `${base}/{id}/rank`,
      `${base}/{id}/vote`,
      `${base}/{id}/solve`,
      `${base}/{id}/reopen`,
      `${base}/{id}/send`,
      `${base}/{id}/archive`,
      `${base}/{id}/restore`,
      `${base}/{id}/trail`,
      `${base}/{id}/comments`,
      `${base}/{id}/comments/{commentId}`,
      `${base}/{id}/attachments`,
      `${base}/{id}/attachments/{attachmentId}`,
    ]);
  });
});
