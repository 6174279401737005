import { describe, expect, it } from 'vitest';
import type { Issue, IssuePage } from '@keel/contract';
import { addTeam, malformedJson, teamListReader } from '../../test-support/team-fixtures.js';
import { auditEvents, bodyOf, recordedChanges } from '../../test-support/test-app.js';
import { NO_SUCH_ID, useIssuesSuite } from '../../test-support/issues-fixture.js';
import { createRouteRules } from '../../test-support/create-route-rules.js';
import { createIssuesService } from './issues.service.js';

const { state: t, call, create, get, issuesFor } = useIssuesSuite('Issues team');
const rules = createRouteRules(t, '/issues', () => ({ teamId: t.teamId, title: 'x' }));

const list = teamListReader<IssuePage>(t, call);

describe('POST /organizations/{id}/issues', () => {
  it('creates an open short-term issue raised by its author, last in order, audited', async () => {
    const first = await create(t.member, { description: 'Three roles open for months', ownerId: t.owner.user.id });
    expect(first).toMatchObject({
      teamId: t.teamId,
      title: 'Hiring is slow',
      description: 'Three roles open for months',
      raisedById: t.member.user.id,
      raisedBy: { id: t.member.user.id, name: 'Grace Hopper' },
      ownerId: t.owner.user.id,
      owner: { id: t.owner.user.id, name: 'Ada Lovelace' },
      horizon: 'short_term',
      priorityRank: null,
      votes: 0,
      votedByMe: false,
      status: 'open',
      solvedAt: null,
      resolution: null,
      source: null,
      commentCount: 0,
      version: 1,
    });
    const second = await create(t.member, { title: 'Second' });
    expect(second.position).toBeGreaterThan(first.position);
    const audit = await auditEvents(t.context.database, 'issue.created', first.id);
    expect(audit).toHaveLength(1);
  });

  it('stores script as plain text and keeps a source link', async () => {
    const issue = await create(t.owner, {
      title: '<script>alert(1)</script>',
      horizon: 'long_term',
      source: { kind: 'headline', id: NO_SUCH_ID },
    });
    expect(issue.title).toBe('<script>alert(1)</script>');
    expect(issue.source).toEqual({ kind: 'headline', id: NO_SUCH_ID });
  });

  rules.refusesEach(
    [
      ['a blank title', { title: '  ' }],
      ['a title over 300 characters', { title: 'x'.repeat(301) }],
      ['a description over 10,000 characters', { description: 'x'.repeat(10_001) }],
      ['an unknown horizon', { horizon: 'someday' }],
      ['a title of the wrong type', { title: 42 }],
      ['an unknown key', { urgency: 'high' }],
      ['an unknown source kind', { source: { kind: 'rumour', id: NO_SUCH_ID } }],
    ],
    'request.invalid',
  );

  it('answers 400 for an owner from another organization', async () => {
    const response = await call(t.owner, 'POST', '', { teamId: t.teamId, title: 'x', ownerId: t.other.user.id });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('issue.owner_not_member');
  });

  rules.guards();
  rules.notFound("answers 404 for another organization's path id or team");

  it('publishes a change after the commit', async () => {
    const { changes: bus, events } = recordedChanges();
    const service = createIssuesService({ db: t.context.database.db, changes: bus });
    const issue = await service.create(
      { organizationId: t.orgId, userId: t.owner.user.id },
      { teamId: t.teamId, title: 'Published' },
      { ipAddress: '127.0.0.1', userAgent: 'vitest' },
    );
    expect(events).toEqual([
      expect.objectContaining({ entity: 'issue', teamId: t.teamId, ids: [issue.id], action: 'created' }),
    ]);
  });
});

describe('GET /organizations/{id}/issues and /{issueId}', () => {
  it('lists open issues of one horizon in order, in pages, and searches solved ones', async () => {
    const horizonTeam = await addTeam(t.context, t.owner, 'Paging team');
    const scoped = issuesFor(horizonTeam);
    const made = [];
    for (const title of ['Alpha', 'Beta', 'Gamma']) made.push(await scoped.create(t.owner, { title }));
    await scoped.create(t.owner, { title: 'Later', horizon: 'long_term' });
    const page = bodyOf<IssuePage>(await call(t.owner, 'GET', `?teamId=${horizonTeam}&horizon=short_term&limit=2`));
    expect(page.data.map((issue) => issue.title)).toEqual(['Alpha', 'Beta']);
    const rest = bodyOf<IssuePage>(
      await call(t.owner, 'GET', `?teamId=${horizonTeam}&horizon=short_term&limit=2&cursor=${page.page.nextCursor}`),
    );
    expect(rest.data.map((issue) => issue.title)).toEqual(['Gamma']);
    expect(rest.page.nextCursor).toBeNull();

    const gamma = made[2] as Issue;
    expect((await call(t.owner, 'POST', `/${gamma.id}/solve`, { version: gamma.version })).statusCode).toBe(200);
    const solved = bodyOf<IssuePage>(await call(t.owner, 'GET', `?teamId=${horizonTeam}&status=solved&search=gam`));
    expect(solved.data.map((issue) => issue.title)).toEqual(['Gamma']);
    const none = bodyOf<IssuePage>(await call(t.owner, 'GET', `?teamId=${horizonTeam}&status=solved&search=%25`));
    expect(none.data).toEqual([]);
  });

  it('lets an observer read; 401 without a token; 400 for bad queries', async () => {
    const issue = await create(t.owner);
    expect((await get(t.observer, issue.id)).id).toBe(issue.id);
    expect((await list(t.observer)).data.length).toBeGreaterThan(0);
    expect((await call(null, 'GET', `?teamId=${t.teamId}`)).statusCode).toBe(401);
    expect((await call(t.owner, 'GET', `?teamId=${t.teamId}&status=closed`)).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `?teamId=${t.teamId}&limit=1000`)).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `?teamId=${t.teamId}&cursor=nonsense`)).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', '/not-an-id')).statusCode).toBe(400);
  });

  it("answers 404 for another organization's path id, team or issue", async () => {
    expect((await call(t.owner, 'GET', `?teamId=${t.teamId}`, undefined, t.other.user.organizationId)).statusCode).toBe(
      404,
    );
    expect((await call(t.owner, 'GET', `?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${t.otherIssue.id}`)).statusCode).toBe(404);
  });
});

describe('PATCH /organizations/{id}/issues/{issueId}', () => {
  it('edits and bumps the version; a stale version gets 409', async () => {
    const issue = await create(t.owner);
    const response = await call(t.member, 'PATCH', `/${issue.id}`, {
      version: 1,
      title: 'Hiring is very slow',
      ownerId: t.member.user.id,
      horizon: 'long_term',
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: Issue }>(response).data).toMatchObject({
      title: 'Hiring is very slow',
      owner: { id: t.member.user.id },
      horizon: 'long_term',
      version: 2,
    });
    const stale = await call(t.owner, 'PATCH', `/${issue.id}`, { version: 1, title: 'Mine' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(stale).code).toBe('issue.stale_version');
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const issue = await create(t.owner);
    expect((await call(t.owner, 'PATCH', `/${issue.id}`, { title: 'No version' })).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', `/${issue.id}`, { version: 1, colour: 'red' })).statusCode).toBe(400);
    const malformed = await t.context.app.inject(
      malformedJson(`/api/v1/organizations/${t.orgId}/issues/${issue.id}`, t.owner, 'PATCH'),
    );
    expect(malformed.statusCode).toBe(400);
    expect((await call(null, 'PATCH', `/${issue.id}`, { version: 1, title: 'x' })).statusCode).toBe(401);
    expect((await call(t.observer, 'PATCH', `/${issue.id}`, { version: 1, title: 'x' })).statusCode).toBe(403);
    expect((await call(t.owner, 'PATCH', `/${t.otherIssue.id}`, { version: 1, title: 'x' })).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'PATCH', `/${issue.id}`, { version: 1, title: 'x' }, t.other.user.organizationId))
        .statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'PATCH', `/${issue.id}`, { version: 1, ownerId: t.other.user.id })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /organizations/{id}/issues/{issueId}/rank', () => {
  it('keeps each top-three rank unique per team: taking a rank moves the holder out', async () => {
    const rankTeam = await addTeam(t.context, t.owner, 'Rank team');
    const scoped = issuesFor(rankTeam);
    const first = await scoped.create(t.owner, { title: 'First' });
    const second = await scoped.create(t.owner, { title: 'Second' });
    const ranked = await call(t.owner, 'POST', `/${first.id}/rank`, { version: 1, rank: 1 });
    expect(bodyOf<{ data: Issue }>(ranked).data.priorityRank).toBe(1);
    const taken = await call(t.member, 'POST', `/${second.id}/rank`, { version: 1, rank: 1 });
    expect(taken.statusCode).toBe(200);
    expect(bodyOf<{ data: Issue }>(taken).data.priorityRank).toBe(1);
    const displaced = await get(t.owner, first.id);
    expect(displaced).toMatchObject({ priorityRank: null, version: 3 });
    const cleared = await call(t.owner, 'POST', `/${second.id}/rank`, { version: 2, rank: null });
    expect(bodyOf<{ data: Issue }>(cleared).data.priorityRank).toBeNull();
  });

  it('answers 400 for rank 4, 401, 403 observer, 404 another org, 409 stale', async () => {
    const issue = await create(t.owner);
    expect((await call(t.owner, 'POST', `/${issue.id}/rank`, { version: 1, rank: 4 })).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${issue.id}/rank`, { version: 1, rank: 2 })).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', `/${issue.id}/rank`, { version: 1, rank: 2 })).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', `/${t.otherIssue.id}/rank`, { version: 1, rank: 2 })).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', `/${issue.id}/rank`, { version: 7, rank: 2 })).statusCode).toBe(409);
  });
});

describe('POST /organizations/{id}/issues/reorder', () => {
  it('sets the manual order of one list', async () => {
    const orderTeam = await addTeam(t.context, t.owner, 'Order team');
    const scoped = issuesFor(orderTeam);
    const a = await scoped.create(t.owner, { title: 'A' });
    const b = await scoped.create(t.owner, { title: 'B' });
    const c = await scoped.create(t.owner, { title: 'C' });
    const response = await call(t.member, 'POST', '/reorder', {
      teamId: orderTeam,
      horizon: 'short_term',
      ids: [c.id, a.id, b.id],
    });
    expect(response.statusCode).toBe(200);
    const page = bodyOf<IssuePage>(await call(t.owner, 'GET', `?teamId=${orderTeam}&horizon=short_term`));
    expect(page.data.map((issue) => issue.title)).toEqual(['C', 'A', 'B']);
    // A partial list is refused: the order must be complete.
    const partial = await call(t.owner, 'POST', '/reorder', { teamId: orderTeam, horizon: 'short_term', ids: [a.id] });
    expect(partial.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(partial).code).toBe('issue.reorder_mismatch');
    const foreign = await call(t.owner, 'POST', '/reorder', {
      teamId: orderTeam,
      horizon: 'short_term',
      ids: [a.id, b.id, t.otherIssue.id],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const body = { teamId: t.teamId, horizon: 'short_term', ids: [NO_SUCH_ID] };
    expect((await call(t.owner, 'POST', '/reorder', { ...body, ids: [NO_SUCH_ID, NO_SUCH_ID] })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', '/reorder', { ...body, extra: 1 })).statusCode).toBe(400);
    expect((await call(null, 'POST', '/reorder', body)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', '/reorder', body)).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', '/reorder', { ...body, teamId: t.otherTeamId })).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', '/reorder', body, t.other.user.organizationId)).statusCode).toBe(404);
  });
});

describe('POST/DELETE /organizations/{id}/issues/{issueId}/vote', () => {
  it('counts one vote per person and tells whether I voted', async () => {
    const issue = await create(t.owner);
    await call(t.owner, 'POST', `/${issue.id}/vote`);
    await call(t.owner, 'POST', `/${issue.id}/vote`);
    const voted = bodyOf<{ data: Issue }>(await call(t.member, 'POST', `/${issue.id}/vote`)).data;
    expect(voted).toMatchObject({ votes: 2, votedByMe: true });
    expect(await get(t.observer, issue.id)).toMatchObject({ votes: 2, votedByMe: false });
    const unvoted = bodyOf<{ data: Issue }>(await call(t.member, 'DELETE', `/${issue.id}/vote`)).data;
    expect(unvoted).toMatchObject({ votes: 1, votedByMe: false });
  });

  it('answers 401, 403 observer, 404 another org', async () => {
    const issue = await create(t.owner);
    expect((await call(null, 'POST', `/${issue.id}/vote`)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', `/${issue.id}/vote`)).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', `/${t.otherIssue.id}/vote`)).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'DELETE', `/${issue.id}/vote`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
  });
});

describe('POST /organizations/{id}/issues/{issueId}/archive and /restore', () => {
  it('archives out of the list and restores; stale is 409', async () => {
    const issue = await create(t.owner, { title: 'To archive' });
    const archived = bodyOf<{ data: Issue }>(await call(t.owner, 'POST', `/${issue.id}/archive`, { version: 1 })).data;
    expect(archived.archivedAt).not.toBeNull();
    expect((await list(t.owner)).data.map((row) => row.id)).not.toContain(issue.id);
    expect((await call(t.owner, 'POST', `/${issue.id}/restore`, { version: 1 })).statusCode).toBe(409);
    expect((await call(t.owner, 'POST', `/${issue.id}/restore`, { version: 2 })).statusCode).toBe(200);
    expect((await call(t.observer, 'POST', `/${issue.id}/archive`, { version: 3 })).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', `/${t.otherIssue.id}/archive`, { version: 1 })).statusCode).toBe(404);
    expect((await call(null, 'POST', `/${issue.id}/archive`, { version: 3 })).statusCode).toBe(401);
    expect((await call(t.owner, 'POST', `/${issue.id}/archive`, { version: 'x' })).statusCode).toBe(400);
  });
});
