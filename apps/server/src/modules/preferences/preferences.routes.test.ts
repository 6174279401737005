import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SELECTED_TODO_EXPIRES_IN,
  SELECTED_TODO_IDS_KEY,
  type Preferences,
  type Session,
  type UiStateEntry,
} from '@keel/contract';
import { bearer, bodyOf, queryAsOwner, type TestContext, createTenantFixture } from '../../test-support/test-app.js';
import { createPreferencesService } from './preferences.service.js';

let context: TestContext;
let owner: Session;
let observer: Session;
let other: Session;
let leadershipTeamId: string;
let salesTeamId: string;
let otherOrgTeamId: string;

async function createTeam(organizationId: string, name: string): Promise<string> {
  const [team] = await queryAsOwner<{ id: string }>(
    context.database,
    `insert into teams (organization_id, name) values ('${organizationId}', '${name}') returning id`,
  );
  return team!.id;
}

beforeAll(async () => {
  ({
    context,
    owner,
    other,
    members: { observer },
  } = await createTenantFixture(['observer']));
  leadershipTeamId = owner.user.teams[0]!.id;
  salesTeamId = await createTeam(owner.user.organizationId, 'Sales');
  otherOrgTeamId = other.user.teams[0]!.id;
});
afterAll(async () => {
  await context.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, session: Session | null, payload?: unknown) =>
  context.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: session ? bearer(session) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const preferencesOf = (response: { json(): unknown }) => (response.json() as { data: Preferences }).data;
const entryOf = (response: { json(): unknown }) => (response.json() as { data: UiStateEntry | null }).data;

describe('GET/PUT /user/preferences', () => {
  it('starts from the defaults: no default team, left-to-right, totals shown', async () => {
    const response = await call('GET', '/user/preferences', observer);
    expect(response.statusCode).toBe(200);
    expect(preferencesOf(response)).toEqual({
      default_team_id: null,
      scorecard_rtl: false,
      scorecard_show_total: true,
    });
  });

  it('saves partial changes, keeps the rest and audits them', async () => {
    const first = await call('PUT', '/user/preferences', owner, {
      default_team_id: leadershipTeamId,
      scorecard_rtl: true,
    });
    expect(first.statusCode).toBe(200);
    expect(preferencesOf(first)).toEqual({
      default_team_id: leadershipTeamId,
      scorecard_rtl: true,
      scorecard_show_total: true,
    });
    const second = await call('PUT', '/user/preferences', owner, { scorecard_show_total: false });
    expect(preferencesOf(second)).toEqual({
      default_team_id: leadershipTeamId,
      scorecard_rtl: true,
      scorecard_show_total: false,
    });
    expect(preferencesOf(await call('GET', '/user/preferences', owner))).toEqual(preferencesOf(second));
    const cleared = await call('PUT', '/user/preferences', owner, { default_team_id: null });
    expect(preferencesOf(cleared).default_team_id).toBeNull();
    const audit = await queryAsOwner<{ action: string }>(
      context.database,
      `select action from audit_events where organization_id = '${owner.user.organizationId}' and action = 'preferences.updated'`,
    );
    expect(audit.length).toBe(3);
  });

  it('keeps preferences per person: another member still sees the defaults', async () => {
    await call('PUT', '/user/preferences', owner, { scorecard_rtl: true });
    expect(preferencesOf(await call('GET', '/user/preferences', observer)).scorecard_rtl).toBe(false);
  });

  it('refuses a default team the person is not in, or of another organization, with 400', async () => {
    for (const teamId of [salesTeamId, otherOrgTeamId, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('PUT', '/user/preferences', owner, { default_team_id: teamId });
      expect(response.statusCode).toBe(400);
      expect(bodyOf<{ code: string }>(response).code).toBe('preferences.invalid_default_team');
    }
    await queryAsOwner(
      context.database,
      `insert into team_members (organization_id, team_id, user_id) values ('${owner.user.organizationId}', '${salesTeamId}', '${owner.user.id}')`,
    );
    expect((await call('PUT', '/user/preferences', owner, { default_team_id: salesTeamId })).statusCode).toBe(200);
    await queryAsOwner(context.database, `update teams set archived_at = now() where id = '${salesTeamId}'`);
    expect((await call('PUT', '/user/preferences', owner, { default_team_id: salesTeamId })).statusCode).toBe(400);
  });

  it.each([
    [{ scorecard_rtl: 'yes' }],
    [{ default_team_id: 'sales' }],
    [{ theme: 'dark' }],
    [{ scorecard_show_total: null }],
  ])('answers 400 for %o', async (payload) => {
    expect((await call('PUT', '/user/preferences', owner, payload)).statusCode).toBe(400);
  });

  it('answers 400 for malformed JSON and 401 without a token', async () => {
    const malformed = await context.app.inject({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await call('GET', '/user/preferences', null)).statusCode).toBe(401);
    expect((await call('PUT', '/user/preferences', null, { scorecard_rtl: true })).statusCode).toBe(401);
  });
});

describe('/user/ui-state/{key}', () => {
  it('stores, replaces, reads and deletes an entry', async () => {
    const url = `/user/ui-state/${SELECTED_TODO_IDS_KEY}`;
    expect(entryOf(await call('GET', url, owner))).toBeNull();

    const saved = await call('PUT', url, owner, { stateValue: ['a', 'b'], expiresIn: SELECTED_TODO_EXPIRES_IN });
    expect(saved.statusCode).toBe(200);
    const entry = entryOf(saved)!;
    expect(entry).toMatchObject({ key: SELECTED_TODO_IDS_KEY, stateValue: ['a', 'b'] });
    const lifetime = Date.parse(entry.expiresAt!) - Date.parse(entry.updatedAt);
    expect(lifetime).toBe(SELECTED_TODO_EXPIRES_IN * 1000);

    await call('PUT', url, owner, { stateValue: { nested: { ok: true }, n: 1 } });
    const replaced = entryOf(await call('GET', url, owner));
    expect(replaced).toMatchObject({ stateValue: { nested: { ok: true }, n: 1 }, expiresAt: null });

    const removed = await call('DELETE', url, owner);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { success: true } });
    expect(entryOf(await call('GET', url, owner))).toBeNull();
    expect((await call('DELETE', url, owner)).statusCode).toBe(200);
  });

  it('keeps scalar and null values', async () => {
    for (const value of [0, false, 'text', null]) {
      const saved = await call('PUT', '/user/ui-state/scalar', owner, { stateValue: value });
      expect(saved.statusCode).toBe(200);
      expect(entryOf(await call('GET', '/user/ui-state/scalar', owner))?.stateValue).toEqual(value);
    }
  });

  it('never returns an expired entry', async () => {
    await call('PUT', '/user/ui-state/stale', owner, { stateValue: [1], expiresIn: 60 });
    await queryAsOwner(
      context.database,
      `update ui_states set expires_at = now() - interval '1 second' where user_id = '${owner.user.id}' and key = 'stale'`,
    );
    expect(entryOf(await call('GET', '/user/ui-state/stale', owner))).toBeNull();
    // A later write by the same person sweeps it away.
    await call('PUT', '/user/ui-state/fresh', owner, { stateValue: 1 });
    const left = await queryAsOwner(
      context.database,
      `select 1 from ui_states where user_id = '${owner.user.id}' and key = 'stale'`,
    );
    expect(left).toEqual([]);
  });

  it('keeps entries per person and per organization', async () => {
    await call('PUT', '/user/ui-state/private', owner, { stateValue: 'mine' });
    expect(entryOf(await call('GET', '/user/ui-state/private', observer))).toBeNull();
    expect(entryOf(await call('GET', '/user/ui-state/private', other))).toBeNull();
    await call('DELETE', '/user/ui-state/private', other);
    expect(entryOf(await call('GET', '/user/ui-state/private', owner))?.stateValue).toBe('mine');
  });

  it.each([
    ['a missing value', '/user/ui-state/ok', { expiresIn: 10 }],
    ['a zero expiresIn', '/user/ui-state/ok', { stateValue: 1, expiresIn: 0 }],
    ['a fractional expiresIn', '/user/ui-state/ok', { stateValue: 1, expiresIn: 1.5 }],
    ['a string expiresIn', '/user/ui-state/ok', { stateValue: 1, expiresIn: '60' }],
    ['an unknown key', '/user/ui-state/ok', { stateValue: 1, extra: true }],
    ['a value over 64 KB', '/user/ui-state/ok', { stateValue: 'x'.repeat(70 * 1024) }],
    ['a key with a space', '/user/ui-state/bad%20key', { stateValue: 1 }],
    ['a key over 100 characters', `/user/ui-state/${'k'.repeat(101)}`, { stateValue: 1 }],
  ])('answers 400 for %s', async (_case, url, payload) => {
    expect((await call('PUT', url, owner, payload)).statusCode).toBe(400);
  });

  it('answers 400 for a malformed key when reading or deleting', async () => {
    expect((await call('GET', '/user/ui-state/bad%20key', owner)).statusCode).toBe(400);
    expect((await call('DELETE', `/user/ui-state/${'k'.repeat(101)}`, owner)).statusCode).toBe(400);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/v1/user/ui-state/ok',
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      payload: '{"stateValue":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/user/ui-state/a', null)).statusCode).toBe(401);
    expect((await call('PUT', '/user/ui-state/a', null, { stateValue: 1 })).statusCode).toBe(401);
    expect((await call('DELETE', '/user/ui-state/a', null)).statusCode).toBe(401);
  });
});

describe('ui-state expiry on a fake clock', () => {
  it('honours expiresIn to the second', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const service = createPreferencesService({ db: context.database.db, now: () => now });
    const caller = { organizationId: owner.user.organizationId, userId: owner.user.id };
    const entry = await service.putUiState(caller, 'clocked', { stateValue: ['x'], expiresIn: 60 });
    expect(entry.expiresAt).toBe('2030-01-01T00:01:00.000Z');
    now = new Date('2030-01-01T00:00:59.999Z');
    expect(await service.getUiState(caller, 'clocked')).not.toBeNull();
    now = new Date('2030-01-01T00:01:00.000Z');
    expect(await service.getUiState(caller, 'clocked')).toBeNull();
  });
});
