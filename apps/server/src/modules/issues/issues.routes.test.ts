import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue, IssuePage, Session } from '@keel/contract';
import { createChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { addTeam, leadershipTeamOf, malformedJson } from '../../test-support/team-fixtures.js';
import { bodyOf, createTenantFixture, queryAsOwner, type TestContext } from '../../test-support/test-app.js';
import { NO_SUCH_ID, issuesClient } from '../../test-support/issues-fixture.js';
import { createIssuesService } from './issues.service.js';

let context: TestContext;
let owner: Session;
let member: Session;
let observer: Session;
let other: Session;
let teamId: string;
let otherTeamId: string;
let orgId: string;
let otherIssue: Issue;

const client = () =>
  issuesClient(
    context,
    () => orgId,
    () => teamId,
  );
const call = (...args: Parameters<ReturnType<typeof issuesClient>['call']>) => client().call(...args);
const create = (session: Session, payload: Record<string, unknown> = {}) => client().create(session, payload);
const get = (session: Session, id: string) => client().get(session, id);

beforeAll(async () => {
  ({
    context,
    owner,
    other,
    members: { member, observer },
  } = await createTenantFixture(['member', 'observer']));
  orgId = owner.user.organizationId;
  teamId = await addTeam(context, owner, 'Issues team');
  otherTeamId = await leadershipTeamOf(context, other);
  otherIssue = await issuesClient(
    context,
    () => other.user.organizationId,
    () => otherTeamId,
  ).create(other);
});
afterAll(async () => {
  await context.close();
});

const list = async (session: Session, query = '') => {
  const response = await call(session, 'GET', `?teamId=${teamId}${query}`);
  expect(response.statusCode).toBe(200);
  return bodyOf<IssuePage>(response);
};

describe('POST /organizations/{id}/issues', () => {
  it('creates an open short-term issue raised by its author, last in order, audited', async () => {
    const first = await create(member, { description: 'Three roles open for months', ownerId: owner.user.id });
    expect(first).toMatchObject({
      teamId,
      title: 'Hiring is slow',
      description: 'Three roles open for months',
      raisedById: member.user.id,
      raisedBy: { id: member.user.id, name: 'Grace Hopper' },
      ownerId: owner.user.id,
      owner: { id: owner.user.id, name: 'Ada Lovelace' },
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
    const second = await create(member, { title: 'Second' });
    expect(second.position).toBeGreaterThan(first.position);
    const audit = await queryAsOwner(
      context.database,
      `select 1 from audit_events where action = 'issue.created' and target_id = '${first.id}'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('stores script as plain text and keeps a source link', async () => {
    const issue = await create(owner, {
      title: '<script>alert(1)</script>',
      horizon: 'long_term',
      source: { kind: 'headline', id: NO_SUCH_ID },
    });
    expect(issue.title).toBe('<script>alert(1)</script>');
    expect(issue.source).toEqual({ kind: 'headline', id: NO_SUCH_ID });
  });

  it.each([
    ['a blank title', { title: '  ' }],
    ['a title over 300 characters', { title: 'x'.repeat(301) }],
    ['a description over 10,000 characters', { description: 'x'.repeat(10_001) }],
    ['an unknown horizon', { horizon: 'someday' }],
    ['a title of the wrong type', { title: 42 }],
    ['an unknown key', { urgency: 'high' }],
    ['an unknown source kind', { source: { kind: 'rumour', id: NO_SUCH_ID } }],
  ])('answers 400 for %s', async (_case, payload) => {
    const response = await call(owner, 'POST', '', { teamId, title: 'Issue', ...payload });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('request.invalid');
  });

  it('answers 400 for an owner from another organization', async () => {
    const response = await call(owner, 'POST', '', { teamId, title: 'x', ownerId: other.user.id });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('issue.owner_not_member');
  });

  it('answers 400 for malformed JSON, 401 without a token, 403 for an observer', async () => {
    const malformed = await context.app.inject(malformedJson(`/api/v1/organizations/${orgId}/issues`, owner));
    expect(malformed.statusCode).toBe(400);
    expect((await call(null, 'POST', '', { teamId, title: 'x' })).statusCode).toBe(401);
    expect((await call(observer, 'POST', '', { teamId, title: 'x' })).statusCode).toBe(403);
  });

  it("answers 404 for another organization's path id or team", async () => {
    expect((await call(owner, 'POST', '', { teamId, title: 'x' }, other.user.organizationId)).statusCode).toBe(404);
    expect((await call(owner, 'POST', '', { teamId: otherTeamId, title: 'x' })).statusCode).toBe(404);
  });

  it('publishes a change after the commit', async () => {
    const bus = createChangeBus();
    const events: ChangeEvent[] = [];
    bus.subscribe((event) => events.push(event));
    const service = createIssuesService({ db: context.database.db, changes: bus });
    const issue = await service.create(
      { organizationId: orgId, userId: owner.user.id },
      { teamId, title: 'Published' },
      { ipAddress: '127.0.0.1', userAgent: 'vitest' },
    );
    expect(events).toEqual([expect.objectContaining({ entity: 'issue', teamId, ids: [issue.id], action: 'created' })]);
  });
});

describe('GET /organizations/{id}/issues and /{issueId}', () => {
  it('lists open issues of one horizon in order, in pages, and searches solved ones', async () => {
    const horizonTeam = await addTeam(context, owner, 'Paging team');
    const scoped = issuesClient(
      context,
      () => orgId,
      () => horizonTeam,
    );
    const made = [];
    for (const title of ['Alpha', 'Beta', 'Gamma']) made.push(await scoped.create(owner, { title }));
    await scoped.create(owner, { title: 'Later', horizon: 'long_term' });
    const page = bodyOf<IssuePage>(await call(owner, 'GET', `?teamId=${horizonTeam}&horizon=short_term&limit=2`));
    expect(page.data.map((issue) => issue.title)).toEqual(['Alpha', 'Beta']);
    const rest = bodyOf<IssuePage>(
      await call(owner, 'GET', `?teamId=${horizonTeam}&horizon=short_term&limit=2&cursor=${page.page.nextCursor}`),
    );
    expect(rest.data.map((issue) => issue.title)).toEqual(['Gamma']);
    expect(rest.page.nextCursor).toBeNull();

    const gamma = made[2] as Issue;
    expect((await call(owner, 'POST', `/${gamma.id}/solve`, { version: gamma.version })).statusCode).toBe(200);
    const solved = bodyOf<IssuePage>(await call(owner, 'GET', `?teamId=${horizonTeam}&status=solved&search=gam`));
    expect(solved.data.map((issue) => issue.title)).toEqual(['Gamma']);
    const none = bodyOf<IssuePage>(await call(owner, 'GET', `?teamId=${horizonTeam}&status=solved&search=%25`));
    expect(none.data).toEqual([]);
  });

  it('lets an observer read; 401 without a token; 400 for bad queries', async () => {
    const issue = await create(owner);
    expect((await get(observer, issue.id)).id).toBe(issue.id);
    expect((await list(observer)).data.length).toBeGreaterThan(0);
    expect((await call(null, 'GET', `?teamId=${teamId}`)).statusCode).toBe(401);
    expect((await call(owner, 'GET', `?teamId=${teamId}&status=closed`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', `?teamId=${teamId}&limit=1000`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', `?teamId=${teamId}&cursor=nonsense`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/not-an-id')).statusCode).toBe(400);
  });

  it("answers 404 for another organization's path id, team or issue", async () => {
    expect((await call(owner, 'GET', `?teamId=${teamId}`, undefined, other.user.organizationId)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `?teamId=${otherTeamId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${otherIssue.id}`)).statusCode).toBe(404);
  });
});

describe('PATCH /organizations/{id}/issues/{issueId}', () => {
  it('edits and bumps the version; a stale version gets 409', async () => {
    const issue = await create(owner);
    const response = await call(member, 'PATCH', `/${issue.id}`, {
      version: 1,
      title: 'Hiring is very slow',
      ownerId: member.user.id,
      horizon: 'long_term',
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: Issue }>(response).data).toMatchObject({
      title: 'Hiring is very slow',
      owner: { id: member.user.id },
      horizon: 'long_term',
      version: 2,
    });
    const stale = await call(owner, 'PATCH', `/${issue.id}`, { version: 1, title: 'Mine' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(stale).code).toBe('issue.stale_version');
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const issue = await create(owner);
    expect((await call(owner, 'PATCH', `/${issue.id}`, { title: 'No version' })).statusCode).toBe(400);
    expect((await call(owner, 'PATCH', `/${issue.id}`, { version: 1, colour: 'red' })).statusCode).toBe(400);
    const malformed = await context.app.inject(
      malformedJson(`/api/v1/organizations/${orgId}/issues/${issue.id}`, owner, 'PATCH'),
    );
    expect(malformed.statusCode).toBe(400);
    expect((await call(null, 'PATCH', `/${issue.id}`, { version: 1, title: 'x' })).statusCode).toBe(401);
    expect((await call(observer, 'PATCH', `/${issue.id}`, { version: 1, title: 'x' })).statusCode).toBe(403);
    expect((await call(owner, 'PATCH', `/${otherIssue.id}`, { version: 1, title: 'x' })).statusCode).toBe(404);
    expect(
      (await call(owner, 'PATCH', `/${issue.id}`, { version: 1, title: 'x' }, other.user.organizationId)).statusCode,
    ).toBe(404);
    expect((await call(owner, 'PATCH', `/${issue.id}`, { version: 1, ownerId: other.user.id })).statusCode).toBe(400);
  });
});

describe('POST /organizations/{id}/issues/{issueId}/rank', () => {
  it('keeps each top-three rank unique per team: taking a rank moves the holder out', async () => {
    const rankTeam = await addTeam(context, owner, 'Rank team');
    const scoped = issuesClient(
      context,
      () => orgId,
      () => rankTeam,
    );
    const first = await scoped.create(owner, { title: 'First' });
    const second = await scoped.create(owner, { title: 'Second' });
    const ranked = await call(owner, 'POST', `/${first.id}/rank`, { version: 1, rank: 1 });
    expect(bodyOf<{ data: Issue }>(ranked).data.priorityRank).toBe(1);
    const taken = await call(member, 'POST', `/${second.id}/rank`, { version: 1, rank: 1 });
    expect(taken.statusCode).toBe(200);
    expect(bodyOf<{ data: Issue }>(taken).data.priorityRank).toBe(1);
    const displaced = await get(owner, first.id);
    expect(displaced).toMatchObject({ priorityRank: null, version: 3 });
    const cleared = await call(owner, 'POST', `/${second.id}/rank`, { version: 2, rank: null });
    expect(bodyOf<{ data: Issue }>(cleared).data.priorityRank).toBeNull();
  });

  it('answers 400 for rank 4, 401, 403 observer, 404 another org, 409 stale', async () => {
    const issue = await create(owner);
    expect((await call(owner, 'POST', `/${issue.id}/rank`, { version: 1, rank: 4 })).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${issue.id}/rank`, { version: 1, rank: 2 })).statusCode).toBe(401);
    expect((await call(observer, 'POST', `/${issue.id}/rank`, { version: 1, rank: 2 })).statusCode).toBe(403);
    expect((await call(owner, 'POST', `/${otherIssue.id}/rank`, { version: 1, rank: 2 })).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/${issue.id}/rank`, { version: 7, rank: 2 })).statusCode).toBe(409);
  });
});

describe('POST /organizations/{id}/issues/reorder', () => {
  it('sets the manual order of one list', async () => {
    const orderTeam = await addTeam(context, owner, 'Order team');
    const scoped = issuesClient(
      context,
      () => orgId,
      () => orderTeam,
    );
    const a = await scoped.create(owner, { title: 'A' });
    const b = await scoped.create(owner, { title: 'B' });
    const c = await scoped.create(owner, { title: 'C' });
    const response = await call(member, 'POST', '/reorder', {
      teamId: orderTeam,
      horizon: 'short_term',
      ids: [c.id, a.id, b.id],
    });
    expect(response.statusCode).toBe(200);
    const page = bodyOf<IssuePage>(await call(owner, 'GET', `?teamId=${orderTeam}&horizon=short_term`));
    expect(page.data.map((issue) => issue.title)).toEqual(['C', 'A', 'B']);
    // A partial list is refused: the order must be complete.
    const partial = await call(owner, 'POST', '/reorder', { teamId: orderTeam, horizon: 'short_term', ids: [a.id] });
    expect(partial.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(partial).code).toBe('issue.reorder_mismatch');
    const foreign = await call(owner, 'POST', '/reorder', {
      teamId: orderTeam,
      horizon: 'short_term',
      ids: [a.id, b.id, otherIssue.id],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const body = { teamId, horizon: 'short_term', ids: [NO_SUCH_ID] };
    expect((await call(owner, 'POST', '/reorder', { ...body, ids: [NO_SUCH_ID, NO_SUCH_ID] })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/reorder', { ...body, extra: 1 })).statusCode).toBe(400);
    expect((await call(null, 'POST', '/reorder', body)).statusCode).toBe(401);
    expect((await call(observer, 'POST', '/reorder', body)).statusCode).toBe(403);
    expect((await call(owner, 'POST', '/reorder', { ...body, teamId: otherTeamId })).statusCode).toBe(404);
    expect((await call(owner, 'POST', '/reorder', body, other.user.organizationId)).statusCode).toBe(404);
  });
});

describe('POST/DELETE /organizations/{id}/issues/{issueId}/vote', () => {
  it('counts one vote per person and tells whether I voted', async () => {
    const issue = await create(owner);
    await call(owner, 'POST', `/${issue.id}/vote`);
    await call(owner, 'POST', `/${issue.id}/vote`);
    const voted = bodyOf<{ data: Issue }>(await call(member, 'POST', `/${issue.id}/vote`)).data;
    expect(voted).toMatchObject({ votes: 2, votedByMe: true });
    expect(await get(observer, issue.id)).toMatchObject({ votes: 2, votedByMe: false });
    const unvoted = bodyOf<{ data: Issue }>(await call(member, 'DELETE', `/${issue.id}/vote`)).data;
    expect(unvoted).toMatchObject({ votes: 1, votedByMe: false });
  });

  it('answers 401, 403 observer, 404 another org', async () => {
    const issue = await create(owner);
    expect((await call(null, 'POST', `/${issue.id}/vote`)).statusCode).toBe(401);
    expect((await call(observer, 'POST', `/${issue.id}/vote`)).statusCode).toBe(403);
    expect((await call(owner, 'POST', `/${otherIssue.id}/vote`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/${issue.id}/vote`, undefined, other.user.organizationId)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /organizations/{id}/issues/{issueId}/archive and /restore', () => {
  it('archives out of the list and restores; stale is 409', async () => {
    const issue = await create(owner, { title: 'To archive' });
    const archived = bodyOf<{ data: Issue }>(await call(owner, 'POST', `/${issue.id}/archive`, { version: 1 })).data;
    expect(archived.archivedAt).not.toBeNull();
    expect((await list(owner)).data.map((row) => row.id)).not.toContain(issue.id);
    expect((await call(owner, 'POST', `/${issue.id}/restore`, { version: 1 })).statusCode).toBe(409);
    expect((await call(owner, 'POST', `/${issue.id}/restore`, { version: 2 })).statusCode).toBe(200);
    expect((await call(observer, 'POST', `/${issue.id}/archive`, { version: 3 })).statusCode).toBe(403);
    expect((await call(owner, 'POST', `/${otherIssue.id}/archive`, { version: 1 })).statusCode).toBe(404);
    expect((await call(null, 'POST', `/${issue.id}/archive`, { version: 3 })).statusCode).toBe(401);
    expect((await call(owner, 'POST', `/${issue.id}/archive`, { version: 'x' })).statusCode).toBe(400);
  });
});
