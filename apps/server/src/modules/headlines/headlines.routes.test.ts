import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headline, HeadlinePage, Session } from '@keel/contract';
import { createChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { addTeam, leadershipTeamOf, malformedJson } from '../../test-support/team-fixtures.js';
import { bearer, bodyOf, createTenantFixture, queryAsOwner, type TestContext } from '../../test-support/test-app.js';
import { createHeadlinesService } from './headlines.service.js';

let context: TestContext;
let owner: Session;
let member: Session;
let observer: Session;
let other: Session;
let teamId: string;
let otherTeamId: string;
let orgId: string;

beforeAll(async () => {
  ({
    context,
    owner,
    other,
    members: { member, observer },
  } = await createTenantFixture(['member', 'observer']));
  orgId = owner.user.organizationId;
  teamId = await leadershipTeamOf(context, owner);
  otherTeamId = await leadershipTeamOf(context, other);
});
afterAll(async () => {
  await context.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (session: Session | null, method: Method, path: string, payload?: unknown, org = orgId) =>
  context.app.inject({
    method,
    url: `/api/v1/organizations/${org}/headlines${path}`,
    headers: session ? bearer(session) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (session: Session, payload: Record<string, unknown> = {}) => {
  const response = await call(session, 'POST', '', {
    teamId,
    text: 'Won the Acme account',
    type: 'customer',
    ...payload,
  });
  expect(response.statusCode).toBe(201);
  return bodyOf<{ data: Headline }>(response).data;
};
const list = async (session: Session, query = '') => {
  const response = await call(session, 'GET', `?teamId=${teamId}${query}`);
  expect(response.statusCode).toBe(200);
  return bodyOf<HeadlinePage>(response);
};

describe('POST /organizations/{id}/headlines', () => {
  it('creates a headline owned by its author, about a member, audited', async () => {
    const headline = await create(member, { aboutUserId: owner.user.id, details: 'Signed for two years' });
    expect(headline).toMatchObject({
      teamId,
      text: 'Won the Acme account',
      details: 'Signed for two years',
      type: 'customer',
      status: 'new',
      ownerId: member.user.id,
      owner: { id: member.user.id, name: 'Grace Hopper' },
      aboutText: null,
      aboutUser: { id: owner.user.id, name: 'Ada Lovelace' },
      archivedAt: null,
      version: 1,
      createdById: member.user.id,
    });
    const audit = await queryAsOwner(
      context.database,
      `select 1 from audit_events where action = 'headline.created' and target_id = '${headline.id}'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('stores script as plain text', async () => {
    const headline = await create(owner, { text: '<script>alert(1)</script>', aboutText: 'Our <b>intern</b>' });
    expect(headline.text).toBe('<script>alert(1)</script>');
    expect(headline.aboutText).toBe('Our <b>intern</b>');
  });

  it.each([
    ['a blank text', { text: '   ' }],
    ['a text over 300 characters', { text: 'x'.repeat(301) }],
    ['details over 5000 characters', { details: 'x'.repeat(5001) }],
    ['an unknown type', { type: 'gossip' }],
    ['a text of the wrong type', { text: 42 }],
    ['an unknown key', { priority: 'high' }],
    ['about both a person and a text', { aboutText: 'Bob', aboutUserId: '00000000-0000-4000-8000-000000000000' }],
    ['a team that is not an id', { teamId: 'sales' }],
  ])('answers 400 for %s', async (_case, payload) => {
    const response = await call(owner, 'POST', '', { teamId, text: 'News', type: 'other', ...payload });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('request.invalid');
  });

  it('answers 400 for an owner or "about" person from another organization', async () => {
    for (const field of ['ownerId', 'aboutUserId']) {
      const response = await call(owner, 'POST', '', { teamId, text: 'News', type: 'other', [field]: other.user.id });
      expect(response.statusCode).toBe(400);
      expect(bodyOf<{ code: string }>(response).code).toBe('headline.person_not_member');
    }
  });

  it('answers 400 for malformed JSON, 401 without a token, 403 for an observer', async () => {
    const malformed = await context.app.inject(malformedJson(`/api/v1/organizations/${orgId}/headlines`, owner));
    expect(malformed.statusCode).toBe(400);
    expect((await call(null, 'POST', '', { teamId, text: 'x', type: 'other' })).statusCode).toBe(401);
    const forbidden = await call(observer, 'POST', '', { teamId, text: 'x', type: 'other' });
    expect(forbidden.statusCode).toBe(403);
  });

  it("answers 404 for another organization's path id or team", async () => {
    expect(
      (await call(owner, 'POST', '', { teamId, text: 'x', type: 'other' }, other.user.organizationId)).statusCode,
    ).toBe(404);
    const response = await call(owner, 'POST', '', { teamId: otherTeamId, text: 'x', type: 'other' });
    expect(response.statusCode).toBe(404);
    expect(bodyOf<{ code: string }>(response).code).toBe('team.not_found');
  });
});

describe('GET /organizations/{id}/headlines', () => {
  it('lists a team newest first, filters by status, hides archived unless asked, pages without gaps', async () => {
    const salesTeam = await addTeam(context, owner, 'Sales');
    const first = await create(owner, { teamId: salesTeam, text: 'One' });
    const second = await create(owner, { teamId: salesTeam, text: 'Two', type: 'employee' });
    const third = await create(owner, { teamId: salesTeam, text: 'Three', type: 'other' });
    await call(owner, 'POST', `/${second.id}/discussed`, { version: 1, discussed: true });
    await call(owner, 'POST', `/${third.id}/archive`, { version: 1 });
    const get = async (query: string) =>
      bodyOf<HeadlinePage>(await call(observer, 'GET', `?teamId=${salesTeam}${query}`)).data.map((item) => item.text);
    expect(await get('')).toEqual(['Two', 'One']);
    expect(await get('&includeArchived=true')).toEqual(['Three', 'Two', 'One']);
    expect(await get('&status=discussed')).toEqual(['Two']);
    const page1 = bodyOf<HeadlinePage>(await call(owner, 'GET', `?teamId=${salesTeam}&limit=1&includeArchived=true`));
    const page2 = bodyOf<HeadlinePage>(
      await call(owner, 'GET', `?teamId=${salesTeam}&limit=2&includeArchived=true&cursor=${page1.page.nextCursor}`),
    );
    expect([...page1.data, ...page2.data].map((item) => item.id)).toEqual([third.id, second.id, first.id]);
    expect(page2.page.nextCursor).toBeNull();
  });

  it('answers 400 for bad queries, 401 without a token', async () => {
    for (const query of [
      '',
      '?teamId=abc',
      `?teamId=${teamId}&limit=0`,
      `?teamId=${teamId}&status=old`,
      `?teamId=${teamId}&includeArchived=yes`,
      `?teamId=${teamId}&cursor=nonsense`,
    ]) {
      expect((await call(owner, 'GET', query)).statusCode).toBe(400);
    }
    expect((await call(null, 'GET', `?teamId=${teamId}`)).statusCode).toBe(401);
  });

  it("answers 404 for another organization's path id or team", async () => {
    expect((await call(owner, 'GET', `?teamId=${teamId}`, undefined, other.user.organizationId)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `?teamId=${otherTeamId}`)).statusCode).toBe(404);
  });
});

describe('GET/PATCH /organizations/{id}/headlines/{id}', () => {
  it('reads one headline and edits it partially, bumping the version', async () => {
    const headline = await create(member, { aboutText: 'Bob at Acme' });
    expect(bodyOf<{ data: Headline }>(await call(observer, 'GET', `/${headline.id}`)).data).toEqual(headline);
    const response = await call(member, 'PATCH', `/${headline.id}`, {
      version: 1,
      text: 'Won Acme, again',
      aboutUserId: owner.user.id,
      ownerId: owner.user.id,
    });
    expect(response.statusCode).toBe(200);
    const updated = bodyOf<{ data: Headline }>(response).data;
    expect(updated).toMatchObject({
      text: 'Won Acme, again',
      type: 'customer',
      version: 2,
      aboutText: null,
      aboutUser: { id: owner.user.id },
      owner: { id: owner.user.id, name: 'Ada Lovelace' },
    });
    const cleared = await call(member, 'PATCH', `/${headline.id}`, { version: 2, aboutUserId: null, details: null });
    expect(bodyOf<{ data: Headline }>(cleared).data).toMatchObject({ aboutUser: null, details: null, version: 3 });
  });

  it('answers 409 to an edit based on a replaced version', async () => {
    const headline = await create(owner);
    expect((await call(owner, 'PATCH', `/${headline.id}`, { version: 1, text: 'Mine' })).statusCode).toBe(200);
    const stale = await call(member, 'PATCH', `/${headline.id}`, { version: 1, text: 'Theirs' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string; error: string }>(stale)).toMatchObject({
      code: 'headline.stale_version',
      error: expect.stringContaining('Someone else changed this headline') as string,
    });
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const headline = await create(owner);
    for (const payload of [
      { text: 'No version' },
      { version: 0 },
      { version: 1, colour: 'red' },
      { version: 1, text: '' },
    ]) {
      expect((await call(owner, 'PATCH', `/${headline.id}`, payload)).statusCode).toBe(400);
    }
    const malformed = await context.app.inject(
      malformedJson(`/api/v1/organizations/${orgId}/headlines/${headline.id}`, owner, 'PATCH'),
    );
    expect(malformed.statusCode).toBe(400);
    expect((await call(owner, 'GET', '/not-an-id')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/${headline.id}`)).statusCode).toBe(401);
    expect((await call(null, 'PATCH', `/${headline.id}`, { version: 1 })).statusCode).toBe(401);
    expect((await call(observer, 'PATCH', `/${headline.id}`, { version: 1, text: 'x' })).statusCode).toBe(403);
    // Another organization's headline reads as absent, by path id and by object id.
    const theirs = await call(
      other,
      'POST',
      '',
      { teamId: otherTeamId, text: 'Theirs', type: 'other' },
      other.user.organizationId,
    );
    const theirId = bodyOf<{ data: Headline }>(theirs).data.id;
    expect((await call(owner, 'GET', `/${theirId}`)).statusCode).toBe(404);
    expect((await call(owner, 'PATCH', `/${theirId}`, { version: 1, text: 'Mine now' })).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${headline.id}`, undefined, other.user.organizationId)).statusCode).toBe(404);
  });
});

describe('discussed, archive and restore', () => {
  const actions = [
    ['discussed', { discussed: true }],
    ['archive', {}],
    ['restore', {}],
  ] as const;

  it('marks discussed and back, archives and restores, each audited', async () => {
    const headline = await create(owner);
    const step = async (action: string, body: object, version: number) => {
      const response = await call(member, 'POST', `/${headline.id}/${action}`, { version, ...body });
      expect(response.statusCode).toBe(200);
      return bodyOf<{ data: Headline }>(response).data;
    };
    expect(await step('discussed', { discussed: true }, 1)).toMatchObject({ status: 'discussed', version: 2 });
    expect(await step('discussed', { discussed: false }, 2)).toMatchObject({ status: 'new', version: 3 });
    expect((await step('archive', {}, 3)).archivedAt).not.toBeNull();
    expect((await list(owner)).data.map((item) => item.id)).not.toContain(headline.id);
    expect(await step('restore', {}, 4)).toMatchObject({ archivedAt: null, version: 5 });
    const audit = await queryAsOwner<{ action: string }>(
      context.database,
      `select action from audit_events where target_id = '${headline.id}' order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'headline.created',
      'headline.discussed',
      'headline.undiscussed',
      'headline.archived',
      'headline.restored',
    ]);
  });

  it.each(actions)('%s answers 400, 401, 403, 404 and 409', async (action, body) => {
    const headline = await create(owner);
    const path = `/${headline.id}/${action}`;
    expect((await call(owner, 'POST', path, { ...body })).statusCode).toBe(400);
    expect((await call(owner, 'POST', path, { version: 1, ...body, extra: true })).statusCode).toBe(400);
    expect(
      (await context.app.inject(malformedJson(`/api/v1/organizations/${orgId}/headlines${path}`, owner))).statusCode,
    ).toBe(400);
    expect((await call(null, 'POST', path, { version: 1, ...body })).statusCode).toBe(401);
    expect((await call(observer, 'POST', path, { version: 1, ...body })).statusCode).toBe(403);
    expect((await call(owner, 'POST', path, { version: 1, ...body }, other.user.organizationId)).statusCode).toBe(404);
    const theirs = await call(
      other,
      'POST',
      '',
      { teamId: otherTeamId, text: 'Theirs', type: 'other' },
      other.user.organizationId,
    );
    const theirId = bodyOf<{ data: Headline }>(theirs).data.id;
    expect((await call(owner, 'POST', `/${theirId}/${action}`, { version: 1, ...body })).statusCode).toBe(404);
    await call(member, 'PATCH', `/${headline.id}`, { version: 1, text: 'Changed meanwhile' });
    expect((await call(owner, 'POST', path, { version: 1, ...body })).statusCode).toBe(409);
  });
});

describe('change notices', () => {
  it('publishes each change after it commits, for the headline’s team', async () => {
    const bus = createChangeBus();
    const events: ChangeEvent[] = [];
    bus.subscribe((event) => events.push(event));
    const service = createHeadlinesService({ db: context.database.db, changes: bus });
    const caller = { organizationId: orgId, userId: member.user.id };
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const headline = await service.create(caller, { teamId, text: 'Live', type: 'other' }, meta);
    await service.archive(caller, headline.id, 1, meta);
    await expect(service.archive(caller, headline.id, 1, meta)).rejects.toThrow();
    expect(events).toEqual([
      {
        organizationId: orgId,
        teamId,
        entity: 'headline',
        ids: [headline.id],
        action: 'created',
        actorUserId: member.user.id,
      },
      {
        organizationId: orgId,
        teamId,
        entity: 'headline',
        ids: [headline.id],
        action: 'updated',
        actorUserId: member.user.id,
      },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every headline and cascading-message route', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(bodyOf<{ paths: Record<string, unknown> }>(response).paths);
    for (const path of [
      '/api/v1/organizations/{organizationId}/headlines',
      '/api/v1/organizations/{organizationId}/headlines/{id}',
      '/api/v1/organizations/{organizationId}/headlines/{id}/discussed',
      '/api/v1/organizations/{organizationId}/headlines/{id}/archive',
      '/api/v1/organizations/{organizationId}/headlines/{id}/restore',
      '/api/v1/organizations/{organizationId}/cascading-messages',
      '/api/v1/organizations/{organizationId}/cascading-messages/{id}/read',
      '/api/v1/organizations/{organizationId}/cascading-messages/{id}/receipts',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
