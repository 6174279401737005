import { describe, expect, it } from 'vitest';
import type { Headline, HeadlinePage, Session } from '@keel/contract';
import { addTeam, malformedJson, teamListReader, useTeamSuite } from '../../test-support/team-fixtures.js';
import {
  auditEvents,
  bodyOf,
  changeEvent,
  expectDocumented,
  queryAsOwner,
  recordedChanges,
} from '../../test-support/test-app.js';
import { createRouteRules } from '../../test-support/create-route-rules.js';
import { createHeadlinesService } from './headlines.service.js';

const { state: t, callUnder } = useTeamSuite();
const call = callUnder('/headlines');
const rules = createRouteRules(t, '/headlines', () => ({ teamId: t.teamId, text: 'x', type: 'other' }));
const create = async (session: Session, payload: Record<string, unknown> = {}) => {
  const response = await call(session, 'POST', '', {
    teamId: t.teamId,
    text: 'Won the Acme account',
    type: 'customer',
    ...payload,
  });
  expect(response.statusCode).toBe(201);
  return bodyOf<{ data: Headline }>(response).data;
};
/** A headline of the other organization, whose id must read as absent to the first. */
const createTheirs = async () => {
  const theirs = await call(
    t.other,
    'POST',
    '',
    { teamId: t.otherTeamId, text: 'Theirs', type: 'other' },
    t.other.user.organizationId,
  );
  return bodyOf<{ data: Headline }>(theirs).data.id;
};
const list = teamListReader<HeadlinePage>(t, call);

describe('POST /organizations/{id}/headlines', () => {
  it('creates a headline owned by its author, about a member, audited', async () => {
    const headline = await create(t.member, { aboutUserId: t.owner.user.id, details: 'Signed for two years' });
    expect(headline).toMatchObject({
      teamId: t.teamId,
      text: 'Won the Acme account',
      details: 'Signed for two years',
      type: 'customer',
      status: 'new',
      ownerId: t.member.user.id,
      owner: { id: t.member.user.id, name: 'Grace Hopper' },
      aboutText: null,
      aboutUser: { id: t.owner.user.id, name: 'Ada Lovelace' },
      archivedAt: null,
      version: 1,
      createdById: t.member.user.id,
    });
    const audit = await auditEvents(t.context.database, 'headline.created', headline.id);
    expect(audit).toHaveLength(1);
  });

  it('stores script as plain text', async () => {
    const headline = await create(t.owner, { text: '<script>alert(1)</script>', aboutText: 'Our <b>intern</b>' });
    expect(headline.text).toBe('<script>alert(1)</script>');
    expect(headline.aboutText).toBe('Our <b>intern</b>');
  });

  rules.refusesEach(
    [
      ['a blank text', { text: '   ' }],
      ['a text over 300 characters', { text: 'x'.repeat(301) }],
      ['details over 5000 characters', { details: 'x'.repeat(5001) }],
      ['an unknown type', { type: 'gossip' }],
      ['a text of the wrong type', { text: 42 }],
      ['an unknown key', { priority: 'high' }],
      ['about both a person and a text', { aboutText: 'Bob', aboutUserId: '00000000-0000-4000-8000-000000000000' }],
      ['a team that is not an id', { teamId: 'sales' }],
    ],
    'request.invalid',
  );

  it('answers 400 for an owner or "about" person from another organization', async () => {
    for (const field of ['ownerId', 'aboutUserId']) {
      const response = await call(t.owner, 'POST', '', {
        teamId: t.teamId,
        text: 'News',
        type: 'other',
        [field]: t.other.user.id,
      });
      expect(response.statusCode).toBe(400);
      expect(bodyOf<{ code: string }>(response).code).toBe('headline.person_not_member');
    }
  });

  rules.guards();
  rules.notFound("answers 404 for another organization's path id or team", 'team.not_found');
});

describe('GET /organizations/{id}/headlines', () => {
  it('lists a team newest first, filters by status, hides archived unless asked, pages without gaps', async () => {
    const salesTeam = await addTeam(t.context, t.owner, 'Sales');
    const first = await create(t.owner, { teamId: salesTeam, text: 'One' });
    const second = await create(t.owner, { teamId: salesTeam, text: 'Two', type: 'employee' });
    const third = await create(t.owner, { teamId: salesTeam, text: 'Three', type: 'other' });
    await call(t.owner, 'POST', `/${second.id}/discussed`, { version: 1, discussed: true });
    await call(t.owner, 'POST', `/${third.id}/archive`, { version: 1 });
    const get = async (query: string) =>
      bodyOf<HeadlinePage>(await call(t.observer, 'GET', `?teamId=${salesTeam}${query}`)).data.map((item) => item.text);
    expect(await get('')).toEqual(['Two', 'One']);
    expect(await get('&includeArchived=true')).toEqual(['Three', 'Two', 'One']);
    expect(await get('&status=discussed')).toEqual(['Two']);
    const page1 = bodyOf<HeadlinePage>(await call(t.owner, 'GET', `?teamId=${salesTeam}&limit=1&includeArchived=true`));
    const page2 = bodyOf<HeadlinePage>(
      await call(t.owner, 'GET', `?teamId=${salesTeam}&limit=2&includeArchived=true&cursor=${page1.page.nextCursor}`),
    );
    expect([...page1.data, ...page2.data].map((item) => item.id)).toEqual([third.id, second.id, first.id]);
    expect(page2.page.nextCursor).toBeNull();
  });

  it('answers 400 for bad queries, 401 without a token', async () => {
    for (const query of [
      '',
      '?teamId=abc',
      `?teamId=${t.teamId}&limit=0`,
      `?teamId=${t.teamId}&status=old`,
      `?teamId=${t.teamId}&includeArchived=yes`,
      `?teamId=${t.teamId}&cursor=nonsense`,
    ]) {
      expect((await call(t.owner, 'GET', query)).statusCode).toBe(400);
    }
    expect((await call(null, 'GET', `?teamId=${t.teamId}`)).statusCode).toBe(401);
  });

  it("answers 404 for another organization's path id or team", async () => {
    expect((await call(t.owner, 'GET', `?teamId=${t.teamId}`, undefined, t.other.user.organizationId)).statusCode).toBe(
      404,
    );
    expect((await call(t.owner, 'GET', `?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
  });
});

describe('GET/PATCH /organizations/{id}/headlines/{id}', () => {
  it('reads one headline and edits it partially, bumping the version', async () => {
    const headline = await create(t.member, { aboutText: 'Bob at Acme' });
    expect(bodyOf<{ data: Headline }>(await call(t.observer, 'GET', `/${headline.id}`)).data).toEqual(headline);
    const response = await call(t.member, 'PATCH', `/${headline.id}`, {
      version: 1,
      text: 'Won Acme, again',
      aboutUserId: t.owner.user.id,
      ownerId: t.owner.user.id,
    });
    expect(response.statusCode).toBe(200);
    const updated = bodyOf<{ data: Headline }>(response).data;
    expect(updated).toMatchObject({
      text: 'Won Acme, again',
      type: 'customer',
      version: 2,
      aboutText: null,
      aboutUser: { id: t.owner.user.id },
      owner: { id: t.owner.user.id, name: 'Ada Lovelace' },
    });
    const cleared = await call(t.member, 'PATCH', `/${headline.id}`, { version: 2, aboutUserId: null, details: null });
    expect(bodyOf<{ data: Headline }>(cleared).data).toMatchObject({ aboutUser: null, details: null, version: 3 });
  });

  it('answers 409 to an edit based on a replaced version', async () => {
    const headline = await create(t.owner);
    expect((await call(t.owner, 'PATCH', `/${headline.id}`, { version: 1, text: 'Mine' })).statusCode).toBe(200);
    const stale = await call(t.member, 'PATCH', `/${headline.id}`, { version: 1, text: 'Theirs' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string; error: string }>(stale)).toMatchObject({
      code: 'headline.stale_version',
      error: expect.stringContaining('Someone else changed this headline') as string,
    });
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const headline = await create(t.owner);
    for (const payload of [
      { text: 'No version' },
      { version: 0 },
      { version: 1, colour: 'red' },
      { version: 1, text: '' },
    ]) {
      expect((await call(t.owner, 'PATCH', `/${headline.id}`, payload)).statusCode).toBe(400);
    }
    const malformed = await t.context.app.inject(
      malformedJson(`/api/v1/organizations/${t.orgId}/headlines/${headline.id}`, t.owner, 'PATCH'),
    );
    expect(malformed.statusCode).toBe(400);
    expect((await call(t.owner, 'GET', '/not-an-id')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/${headline.id}`)).statusCode).toBe(401);
    expect((await call(null, 'PATCH', `/${headline.id}`, { version: 1 })).statusCode).toBe(401);
    expect((await call(t.observer, 'PATCH', `/${headline.id}`, { version: 1, text: 'x' })).statusCode).toBe(403);
    // Another organization's headline reads as absent, by path id and by object id.
    const theirId = await createTheirs();
    expect((await call(t.owner, 'GET', `/${theirId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'PATCH', `/${theirId}`, { version: 1, text: 'Mine now' })).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${headline.id}`, undefined, t.other.user.organizationId)).statusCode).toBe(
      404,
    );
  });
});

describe('discussed, archive and restore', () => {
  const actions = [
    ['discussed', { discussed: true }],
    ['archive', {}],
    ['restore', {}],
  ] as const;

  it('marks discussed and back, archives and restores, each audited', async () => {
    const headline = await create(t.owner);
    const step = async (action: string, body: object, version: number) => {
      const response = await call(t.member, 'POST', `/${headline.id}/${action}`, { version, ...body });
      expect(response.statusCode).toBe(200);
      return bodyOf<{ data: Headline }>(response).data;
    };
    expect(await step('discussed', { discussed: true }, 1)).toMatchObject({ status: 'discussed', version: 2 });
    expect(await step('discussed', { discussed: false }, 2)).toMatchObject({ status: 'new', version: 3 });
    expect((await step('archive', {}, 3)).archivedAt).not.toBeNull();
    expect((await list(t.owner)).data.map((item) => item.id)).not.toContain(headline.id);
    expect(await step('restore', {}, 4)).toMatchObject({ archivedAt: null, version: 5 });
    const audit = await queryAsOwner<{ action: string }>(
      t.context.database,
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
    const headline = await create(t.owner);
    const path = `/${headline.id}/${action}`;
    expect((await call(t.owner, 'POST', path, { ...body })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', path, { version: 1, ...body, extra: true })).statusCode).toBe(400);
    expect(
      (await t.context.app.inject(malformedJson(`/api/v1/organizations/${t.orgId}/headlines${path}`, t.owner)))
        .statusCode,
    ).toBe(400);
    expect((await call(null, 'POST', path, { version: 1, ...body })).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', path, { version: 1, ...body })).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', path, { version: 1, ...body }, t.other.user.organizationId)).statusCode).toBe(
      404,
    );
    const theirId = await createTheirs();
    expect((await call(t.owner, 'POST', `/${theirId}/${action}`, { version: 1, ...body })).statusCode).toBe(404);
    await call(t.member, 'PATCH', `/${headline.id}`, { version: 1, text: 'Changed meanwhile' });
    expect((await call(t.owner, 'POST', path, { version: 1, ...body })).statusCode).toBe(409);
  });
});

describe('change notices', () => {
  it('publishes each change after it commits, for the headline’s team', async () => {
    const { changes: bus, events } = recordedChanges();
    const service = createHeadlinesService({ db: t.context.database.db, changes: bus });
    const caller = { organizationId: t.orgId, userId: t.member.user.id };
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const headline = await service.create(caller, { teamId: t.teamId, text: 'Live', type: 'other' }, meta);
    await service.archive(caller, headline.id, 1, meta);
    await expect(service.archive(caller, headline.id, 1, meta)).rejects.toThrow();
    expect(events).toEqual([
      changeEvent(t.member, t.teamId, { entity: 'headline', ids: [headline.id], action: 'created' }),
      changeEvent(t.member, t.teamId, { entity: 'headline', ids: [headline.id], action: 'updated' }),
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every headline and cascading-message route', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/headlines',
      '/api/v1/organizations/{organizationId}/headlines/{id}',
      '/api/v1/organizations/{organizationId}/headlines/{id}/discussed',
      '/api/v1/organizations/{organizationId}/headlines/{id}/archive',
      '/api/v1/organizations/{organizationId}/headlines/{id}/restore',
      '/api/v1/organizations/{organizationId}/cascading-messages',
      '/api/v1/organizations/{organizationId}/cascading-messages/{id}/read',
      '/api/v1/organizations/{organizationId}/cascading-messages/{id}/receipts',
    ]);
  });
});
