import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Measurable, MeasurableGroup, ScorecardSettings } from '@keel/contract';
import { createRouteRules } from '../../test-support/create-route-rules.js';
import { useScorecardFixture } from '../../test-support/scorecard-fixture.js';
import { auditEvents, bodyOf, expectDocumented } from '../../test-support/test-app.js';

const { state: t, call, createMeasurable, week } = useScorecardFixture();
const rules = createRouteRules(t, '/measurables', () => ({
  title: 'Leads',
  ownerId: t.owner.user.id,
  teamId: t.teamId,
}));

type ErrorBody = { code: string; error: string; details?: { path: string; message: string }[] };
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>();

describe('OpenAPI', () => {
  it('documents every scorecard route', async () => {
    const base = '/api/v1/organizations/{organizationId}';
    await expectDocumented(t.context, [
      `${base}/scorecard`,
      `${base}/scorecard/my-numbers`,
      `${base}/scorecard/scores`,
      `${base}/measurables`,
      `${base}/measurables/{id}`,
      `${base}/measurables/{id}/archive`,
      `${base}/measurables/{id}/restore`,
      `${base}/measurables/{id}/move`,
      `${base}/measurables/{id}/scores/{periodStart}`,
      `${base}/measurables/{id}/goals/{periodStart}`,
      `${base}/measurables/{id}/history`,
      `${base}/measurable-groups`,
      `${base}/measurable-groups/{id}`,
      `${base}/measurable-groups/{id}/move`,
      `${base}/teams/{teamId}/scorecard-settings`,
    ]);
  });
});

describe('POST /measurables', () => {
  it('creates a weekly manual measurable starting with the period of the given date, and audits it', async () => {
    const created = await createMeasurable({
      title: 'Cash',
      unit: 'currency',
      currencyCode: 'eur',
      goal: { operator: '>=', value: 1000, band: { kind: 'percent', amount: 10 } },
      startsOn: addWeekday(week(-3), 2),
      dataEntryUserId: t.member.user.id,
    });
    expect(created).toMatchObject({
      title: 'Cash',
      teamId: t.teamId,
      frequency: 'weekly',
      kind: 'manual',
      unit: 'currency',
      currencyCode: 'EUR',
      goal: { operator: '>=', value: 1000, valueMax: null, band: { kind: 'percent', amount: 10 } },
      startsOn: week(-3),
      owner: { id: t.owner.user.id, name: 'Ada Lovelace' },
      dataEntry: { id: t.member.user.id },
      version: 1,
    });
    expect(await auditEvents(t.context.database, 'scorecard.measurable_created', created.id)).toHaveLength(1);
  });

  it('defaults to the current period and gives to-do completion the percent unit and a ≥ 90 goal', async () => {
    const completion = await createMeasurable({ title: 'To-dos done', kind: 'todo_completion', startsOn: undefined });
    expect(completion).toMatchObject({
      unit: 'percent',
      goal: { operator: '>=', value: 90 },
      todoCompletionScope: 'owner',
      startsOn: t.thisWeek,
    });
  });

  rules.refusesEach([
    ['a blank title', { title: ' ' }],
    ['an unknown kind', { kind: 'magic' }],
    ['a between goal with min above max', { goal: { operator: 'between', value: 10, valueMax: 5 } }],
    ['a goal of 1e308', { goal: { operator: '>=', value: 1e308 } }],
    ['a currency without a code', { unit: 'currency' }],
    ['a currency code on a number', { currencyCode: 'USD' }],
    ['a formula on a manual measurable', { formula: '1 + 1' }],
    ['a formula measurable without a formula', { kind: 'formula' }],
    ['a roll-up without parts', { kind: 'rollup' }],
    ['a start after the current period', { startsOn: '2999-01-04' }],
    ['an owner of another organization', { ownerId: randomUUID() }],
  ]);
  rules.guards();
  rules.notFound("answers 404 for another organization's path id or team id");

  it('refuses a group of another team', async () => {
    const group = await createGroup(t.departmentId, 'Finance');
    const response = await call(t.owner, 'POST', '/measurables', {
      title: 'x',
      ownerId: t.owner.user.id,
      teamId: t.teamId,
      groupId: group.id,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.[0]?.path).toBe('groupId');
  });
});

describe('formulas', () => {
  it('refuses a formula that refers to itself, naming the loop', async () => {
    const margin = await createMeasurable({ title: 'Margin', kind: 'formula', formula: '1' });
    const response = await call(t.owner, 'PATCH', `/measurables/${margin.id}`, {
      formula: `{${margin.id}} + 1`,
      version: margin.version,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'scorecard.formula_cycle',
      error: 'This formula would loop: Margin → Margin',
    });
    expect(bodyOf<{ data: Measurable }>(await call(t.owner, 'GET', `/measurables/${margin.id}`)).data.formula).toBe(
      '1',
    );
  });

  it('refuses a loop through another formula by titles', async () => {
    const revenue = await createMeasurable({ title: 'Revenue A', kind: 'formula', formula: '100' });
    const margin = await createMeasurable({ title: 'Margin A', kind: 'formula', formula: `{${revenue.id}} / 2` });
    const response = await call(t.owner, 'PATCH', `/measurables/${revenue.id}`, {
      formula: `{${margin.id}} * 2`,
      version: revenue.version,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toBe('This formula would loop: Revenue A → Margin A → Revenue A');
  });

  it("refuses another team's measurable, pointing to roll-ups", async () => {
    const theirs = await createMeasurable({ teamId: t.departmentId, title: 'Dept leads' });
    const response = await call(t.owner, 'POST', '/measurables', {
      title: 'Mixed',
      ownerId: t.owner.user.id,
      teamId: t.teamId,
      kind: 'formula',
      formula: `{${theirs.id}} * 2`,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toBe(
      'A formula can only use measurables of this team; use a roll-up to combine teams',
    );
  });

  it('refuses a formula that does not parse, with the parser’s message', async () => {
    const response = await call(t.owner, 'POST', '/measurables', {
      title: 'Broken',
      ownerId: t.owner.user.id,
      teamId: t.teamId,
      kind: 'formula',
      formula: '(1 + ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.[0]?.path).toBe('formula');
  });
});

describe('roll-ups', () => {
  it('refuses a roll-up containing itself through another roll-up', async () => {
    const part = await createMeasurable({ teamId: t.departmentId, title: 'Dept revenue' });
    const inner = await createMeasurable({
      teamId: t.departmentId,
      title: 'Inner',
      kind: 'rollup',
      rollup: { aggregation: 'sum', partIds: [part.id] },
    });
    const outer = await createMeasurable({
      title: 'Outer',
      kind: 'rollup',
      rollup: { aggregation: 'sum', partIds: [inner.id] },
    });
    const response = await call(t.owner, 'PATCH', `/measurables/${inner.id}`, {
      rollup: { aggregation: 'sum', partIds: [part.id, outer.id] },
      version: inner.version,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toBe('A roll-up cannot contain itself');
    const self = await call(t.owner, 'PATCH', `/measurables/${outer.id}`, {
      rollup: { aggregation: 'sum', partIds: [outer.id] },
      version: outer.version,
    });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).error).toBe('A roll-up cannot contain itself');
  });

  it('refuses a measurable of another organization as a part (400, not 500)', async () => {
    const theirs = await call(
      t.other,
      'POST',
      '/measurables',
      { title: 'Theirs', ownerId: t.other.user.id, teamId: t.otherTeamId },
      t.other.user.organizationId,
    );
    const theirId = bodyOf<{ data: Measurable }>(theirs).data.id;
    const response = await call(t.owner, 'POST', '/measurables', {
      title: 'Total',
      ownerId: t.owner.user.id,
      teamId: t.teamId,
      kind: 'rollup',
      rollup: { aggregation: 'sum', partIds: [theirId] },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      error: `${theirId} is not a measurable of this organization`,
      details: [{ path: 'rollup.partIds.0' }],
    });
  });

  it('refuses parts of another frequency', async () => {
    const monthly = await createMeasurable({ teamId: t.departmentId, title: 'Monthly', frequency: 'monthly' });
    const response = await call(t.owner, 'POST', '/measurables', {
      title: 'Weekly total',
      ownerId: t.owner.user.id,
      teamId: t.teamId,
      kind: 'rollup',
      rollup: { aggregation: 'sum', partIds: [monthly.id] },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET, PATCH, archive, restore', () => {
  it('edits, archives and restores with versions; a stale version answers 409', async () => {
    const created = await createMeasurable({ title: 'Calls' });
    const patched = await call(t.member, 'PATCH', `/measurables/${created.id}`, { title: 'Calls made', version: 1 });
    expect(patched.statusCode).toBe(200);
    expect(bodyOf<{ data: Measurable }>(patched).data).toMatchObject({ title: 'Calls made', version: 2 });
    expect((await call(t.owner, 'PATCH', `/measurables/${created.id}`, { title: 'x', version: 1 })).statusCode).toBe(
      409,
    );
    const archived = await call(t.owner, 'POST', `/measurables/${created.id}/archive`, { version: 2 });
    expect(bodyOf<{ data: Measurable }>(archived).data.archivedAt).not.toBeNull();
    const listed = bodyOf<{ data: Measurable[] }>(await call(t.owner, 'GET', `/measurables?teamId=${t.teamId}`)).data;
    expect(listed.map((row) => row.id)).not.toContain(created.id);
    const all = bodyOf<{ data: Measurable[] }>(
      await call(t.owner, 'GET', `/measurables?teamId=${t.teamId}&includeArchived=true`),
    ).data;
    expect(all.map((row) => row.id)).toContain(created.id);
    const organizationWide = bodyOf<{ data: Measurable[] }>(
      await call(t.observer, 'GET', '/measurables?frequency=weekly'),
    ).data;
    expect(new Set(organizationWide.map((row) => row.teamId))).toEqual(new Set([t.teamId, t.departmentId]));
    expect((await call(t.owner, 'GET', `/measurables?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
    const restored = await call(t.owner, 'POST', `/measurables/${created.id}/restore`, { version: 3 });
    expect(bodyOf<{ data: Measurable }>(restored).data).toMatchObject({ archivedAt: null, version: 4 });
  });

  it('answers 404 for an unknown id or another organization, 403 for observers, 401 without a token', async () => {
    const created = await createMeasurable({ title: 'Guarded' });
    expect((await call(t.owner, 'GET', `/measurables/${randomUUID()}`)).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'GET', `/measurables/${created.id}`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.other, 'GET', `/measurables/${created.id}`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect((await call(t.observer, 'GET', `/measurables/${created.id}`)).statusCode).toBe(200);
    expect((await call(t.observer, 'PATCH', `/measurables/${created.id}`, { title: 'x', version: 1 })).statusCode).toBe(
      403,
    );
    expect((await call(t.observer, 'POST', `/measurables/${created.id}/archive`, { version: 1 })).statusCode).toBe(403);
    expect((await call(null, 'GET', `/measurables/${created.id}`)).statusCode).toBe(401);
    expect(
      (await call(t.owner, 'PATCH', `/measurables/${created.id}`, { frequency: 'monthly', version: 1 })).statusCode,
    ).toBe(400);
  });
});

async function createGroup(teamId: string, name: string): Promise<MeasurableGroup> {
  const response = await call(t.owner, 'POST', '/measurable-groups', { teamId, name });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: MeasurableGroup }>(response).data;
}

describe('order and groups', () => {
  it('moves a measurable into a group and renumbers; deleting the group appends its rows to the ungrouped', async () => {
    const team = await call(t.owner, 'POST', '/measurables', {
      title: 'x',
      ownerId: t.owner.user.id,
      teamId: t.departmentId,
    });
    expect(team.statusCode).toBe(201);
    const teamId = await (async () => {
      const response = await call(t.owner, 'GET', `/measurables?teamId=${t.departmentId}`);
      return bodyOf<{ data: Measurable[] }>(response).data[0]!.teamId;
    })();
    const group = await createGroup(teamId, 'Sales funnel');
    const a = await createMeasurable({ teamId, title: 'A' });
    const b = await createMeasurable({ teamId, title: 'B' });
    const movedA = await call(t.owner, 'POST', `/measurables/${a.id}/move`, { groupId: group.id, index: 0 });
    expect(bodyOf<{ data: Measurable }>(movedA).data).toMatchObject({ groupId: group.id, position: 0 });
    await call(t.owner, 'POST', `/measurables/${b.id}/move`, { groupId: group.id, index: 0 });
    const grouped = bodyOf<{ data: Measurable[] }>(
      await call(t.owner, 'GET', `/measurables?teamId=${teamId}`),
    ).data.filter((row) => row.groupId === group.id);
    expect(grouped.map((row) => [row.title, row.position])).toEqual([
      ['B', 0],
      ['A', 1],
    ]);
    expect((await call(t.observer, 'DELETE', `/measurable-groups/${group.id}`)).statusCode).toBe(403);
    expect((await call(t.owner, 'DELETE', `/measurable-groups/${group.id}`)).statusCode).toBe(200);
    const after = bodyOf<{ data: Measurable[] }>(await call(t.owner, 'GET', `/measurables?teamId=${teamId}`)).data;
    const ungrouped = after
      .filter((row) => row.groupId === null && row.frequency === 'weekly')
      .sort((x, y) => x.position - y.position);
    expect(ungrouped.map((row) => row.title).slice(-2)).toEqual(['B', 'A']);
    expect(new Set(ungrouped.map((row) => row.position)).size).toBe(ungrouped.length);
  });

  it('renames and moves groups with versions; another organization reads as absent', async () => {
    const first = await createGroup(t.teamId, 'First');
    const second = await createGroup(t.teamId, 'Second');
    const renamed = await call(t.owner, 'PATCH', `/measurable-groups/${second.id}`, { name: 'Second!', version: 1 });
    expect(bodyOf<{ data: MeasurableGroup }>(renamed).data).toMatchObject({ name: 'Second!', version: 2 });
    expect(
      (await call(t.owner, 'PATCH', `/measurable-groups/${second.id}`, { name: 'x', version: 1 })).statusCode,
    ).toBe(409);
    const moved = await call(t.owner, 'POST', `/measurable-groups/${second.id}/move`, { index: 0 });
    expect(bodyOf<{ data: MeasurableGroup }>(moved).data.position).toBe(0);
    expect((await call(t.owner, 'POST', `/measurable-groups/${first.id}/move`, { index: -1 })).statusCode).toBe(400);
    expect(
      (
        await call(
          t.other,
          'PATCH',
          `/measurable-groups/${first.id}`,
          { name: 'x', version: 1 },
          t.other.user.organizationId,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'POST', '/measurable-groups', { teamId: t.otherTeamId, name: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('scorecard settings', () => {
  it('answers defaults at version 0, saves with versions, refuses observers and other organizations', async () => {
    const path = `/teams/${t.teamId}/scorecard-settings`;
    const initial = bodyOf<{ data: ScorecardSettings }>(await call(t.observer, 'GET', path)).data;
    expect(initial).toEqual({ teamId: t.teamId, reminder: { enabled: false, weekday: 1, time: '16:00' }, version: 0 });
    const reminder = { enabled: true, weekday: 4, time: '15:30' };
    expect((await call(t.observer, 'PUT', path, { reminder, version: 0 })).statusCode).toBe(403);
    const saved = await call(t.owner, 'PUT', path, { reminder, version: 0 });
    expect(bodyOf<{ data: ScorecardSettings }>(saved).data).toEqual({ teamId: t.teamId, reminder, version: 1 });
    expect((await call(t.member, 'PUT', path, { reminder, version: 0 })).statusCode).toBe(409);
    expect(
      (await call(t.owner, 'PUT', path, { reminder: { ...reminder, time: '25:00' }, version: 1 })).statusCode,
    ).toBe(400);
    expect((await call(t.owner, 'GET', `/teams/${t.otherTeamId}/scorecard-settings`)).statusCode).toBe(404);
    expect((await call(null, 'GET', path)).statusCode).toBe(401);
    expect(bodyOf<{ data: ScorecardSettings }>(await call(t.owner, 'GET', path)).data.reminder).toEqual(reminder);
  });
});

function addWeekday(monday: string, days: number) {
  const date = new Date(`${monday}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
