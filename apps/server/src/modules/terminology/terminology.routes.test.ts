import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TERMINOLOGY_DEFAULTS,
  TERMINOLOGY_KEYS,
  TERMINOLOGY_PRESETS,
  type Session,
  type Terminology,
  type TerminologyPreset,
} from '@keel/contract';
import { bearer, bodyOf, queryAsOwner, type TestContext, createTenantFixture } from '../../test-support/test-app.js';

let context: TestContext;
let owner: Session;
let member: Session;
let other: Session;
let base: string;

beforeAll(async () => {
  ({
    context,
    owner,
    other,
    members: { member },
  } = await createTenantFixture(['member']));
  base = `/api/v1/terminology/organizations/${owner.user.organizationId}`;
});
afterAll(async () => {
  await context.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, session: Session | null, payload?: unknown) =>
  context.app.inject({
    method,
    url,
    headers: session ? bearer(session) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function storedOverrides(organizationId: string) {
  const [row] = await queryAsOwner<{ labels: Record<string, string> }>(
    context.database,
    `select labels from terminology_overrides where organization_id = '${organizationId}'`,
  );
  return row?.labels;
}

async function methodologyOf(organizationId: string) {
  const [row] = await queryAsOwner<{ methodology: string | null }>(
    context.database,
    `select methodology from organizations where id = '${organizationId}'`,
  );
  return row?.methodology;
}

describe('GET /terminology/organizations/{id}', () => {
  it('gives any member the labels directly (no envelope), defaults first', async () => {
    for (const session of [owner, member]) {
      const response = await call('GET', base, session);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(TERMINOLOGY_DEFAULTS);
    }
  });

  it('answers 401 without a token, 400 for a malformed id and 404 for another organization', async () => {
    expect((await call('GET', base, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/terminology/organizations/not-an-id', owner)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/v1/terminology/organizations/${other.user.organizationId}`, owner)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/v1/terminology/organizations/00000000-0000-4000-8000-000000000000`, owner)).statusCode,
    ).toBe(404);
  });
});

describe('PUT /terminology/organizations/{id}', () => {
  it('merges partial labels, stores only real overrides and audits the keys', async () => {
    const first = await call('PUT', base, owner, { priorities_label: '  Big Rocks ', todos_label: 'To-Dos' });
    expect(first.statusCode).toBe(200);
    expect(bodyOf<Terminology>(first)).toMatchObject({
      priorities_label: 'Big Rocks',
      todos_label: 'To-Dos',
      issues_label: 'Issues',
    });

    // A label set back to its default stops being an override.
    const second = await call('PUT', base, owner, {
      todos_label: TERMINOLOGY_DEFAULTS.todos_label,
      issues_label: 'Obstacles',
    });
    expect(bodyOf<Terminology>(second)).toMatchObject({
      priorities_label: 'Big Rocks',
      todos_label: 'Tasks',
      issues_label: 'Obstacles',
    });
    expect(await storedOverrides(owner.user.organizationId)).toEqual({
      priorities_label: 'Big Rocks',
      issues_label: 'Obstacles',
    });

    expect(bodyOf<Terminology>(await call('GET', base, member)).priorities_label).toBe('Big Rocks');
    const [audit] = await queryAsOwner<{ summary: { labels: string[] } }>(
      context.database,
      `select summary from audit_events where organization_id = '${owner.user.organizationId}' and action = 'terminology.updated' order by created_at desc limit 1`,
    );
    expect(audit?.summary.labels.sort()).toEqual(['issues_label', 'todos_label']);
  });

  it.each([
    [{ priorities_label: 'x'.repeat(200) }],
    [{ priorities_label: '   ' }],
    [{ priorities_label: 5 }],
    [{ not_a_label: 'Hello' }],
    [{ priorities_label: null }],
  ])('answers 400 for %o', async (payload) => {
    const response = await call('PUT', base, owner, payload);
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('request.invalid');
  });

  it('accepts a label of exactly 60 characters', async () => {
    const response = await call('PUT', base, owner, { milestones_label: 'm'.repeat(60) });
    expect(response.statusCode).toBe(200);
  });

  it('keeps a 1-character label and a 60-character accented one exactly as written, capitals included', async () => {
    const accented = 'Équipe dirigeante élargie – réunion hebdomadaire à Genève ÉÉ';
    expect(accented).toHaveLength(60);
    // Typed with combining accents (e + U+0301): longer in code points, the same 60 characters on screen.
    const decomposed = accented.normalize('NFD');
    expect(decomposed.length).toBeGreaterThan(60);
    const response = await call('PUT', base, owner, { team_label: 'Q', weekly_meeting_label: decomposed });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<Terminology>(response)).toMatchObject({ team_label: 'Q', weekly_meeting_label: accented });
    expect(await storedOverrides(owner.user.organizationId)).toMatchObject({
      team_label: 'Q',
      weekly_meeting_label: accented,
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await context.app.inject({
      method: 'PUT',
      url: base,
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      payload: '{"priorities_label":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a token, 403 for a member and 404 for another organization', async () => {
    expect((await call('PUT', base, null, { issues_label: 'X' })).statusCode).toBe(401);
    expect((await call('PUT', base, member, { issues_label: 'Hijacked' })).statusCode).toBe(403);
    const foreign = await call('PUT', `/api/v1/terminology/organizations/${other.user.organizationId}`, owner, {
      issues_label: 'Hijacked',
    });
    expect(foreign.statusCode).toBe(404);
    expect(await storedOverrides(other.user.organizationId)).toBeUndefined();
  });
});

describe('GET /terminology/presets', () => {
  it('lists the five methodologies directly', async () => {
    const response = await call('GET', '/api/v1/terminology/presets', member);
    expect(response.statusCode).toBe(200);
    const presets = bodyOf<TerminologyPreset[]>(response);
    expect(presets.map((preset) => preset.key)).toEqual(['eos', '4dx', 'okrs', 'scaling_up', 'custom']);
    expect(presets).toEqual(TERMINOLOGY_PRESETS);
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/v1/terminology/presets', null)).statusCode).toBe(401);
  });
});

describe('POST /terminology/organizations/{id}/apply-preset and /reset', () => {
  it('replaces the overrides with the preset and records the methodology', async () => {
    await call('PUT', base, owner, { quarter_label: 'Trimester' });
    const response = await call('POST', `${base}/apply-preset`, owner, { preset: '4dx' });
    expect(response.statusCode).toBe(200);
    const labels = bodyOf<Terminology>(response);
    expect(labels).toMatchObject({
      priorities_label: 'WIGs',
      scorecard_label: 'Scoreboard',
      issues_label: 'Barriers',
      todos_label: 'Commitments',
    });
    // Earlier custom labels are gone: the preset is the whole set of overrides.
    expect(labels.quarter_label).toBe('Quarter');
    expect(Object.keys(labels).sort()).toEqual([...TERMINOLOGY_KEYS].sort());
    expect(await methodologyOf(owner.user.organizationId)).toBe('4dx');
    expect(bodyOf<Terminology>(await call('GET', base, member)).priorities_label).toBe('WIGs');
  });

  it('resets to the defaults with an empty body or none, keeping the methodology', async () => {
    await call('POST', `${base}/apply-preset`, owner, { preset: 'eos' });
    const withBody = await call('POST', `${base}/reset`, owner, {});
    expect(withBody.statusCode).toBe(200);
    expect(withBody.json()).toEqual(TERMINOLOGY_DEFAULTS);
    expect(await storedOverrides(owner.user.organizationId)).toEqual({});
    expect((await call('POST', `${base}/reset`, owner)).statusCode).toBe(200);
    expect(await methodologyOf(owner.user.organizationId)).toBe('eos');
    const actions = await queryAsOwner<{ action: string }>(
      context.database,
      `select action from audit_events where organization_id = '${owner.user.organizationId}' and action like 'terminology.%'`,
    );
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['terminology.preset_applied', 'terminology.reset']),
    );
  });

  it('answers 400 for an unknown preset, a missing preset or unknown keys', async () => {
    expect((await call('POST', `${base}/apply-preset`, owner, { preset: 'six_sigma' })).statusCode).toBe(400);
    expect((await call('POST', `${base}/apply-preset`, owner, {})).statusCode).toBe(400);
    expect((await call('POST', `${base}/apply-preset`, owner, { preset: 'eos', extra: true })).statusCode).toBe(400);
    expect((await call('POST', `${base}/reset`, owner, { everything: true })).statusCode).toBe(400);
  });

  it('answers 401 without a token, 403 for a member and 404 for another organization', async () => {
    for (const path of ['apply-preset', 'reset']) {
      const payload = { preset: 'okrs' };
      expect((await call('POST', `${base}/${path}`, null, payload)).statusCode).toBe(401);
      expect((await call('POST', `${base}/${path}`, member, path === 'reset' ? {} : payload)).statusCode).toBe(403);
      const foreign = `/api/v1/terminology/organizations/${other.user.organizationId}/${path}`;
      expect((await call('POST', foreign, owner, path === 'reset' ? {} : payload)).statusCode).toBe(404);
    }
    expect(await methodologyOf(other.user.organizationId)).toBeNull();
  });
});
