import { beforeAll, describe, expect, it } from 'vitest';
import type { OrgChart, OrgChartSeat, Session } from '@keel/contract';
import { addLeader, chartCalls, useEmptyChart } from '../../test-support/org-chart-fixture.js';
import { malformedJson, useTeamSuite } from '../../test-support/team-fixtures.js';
import { auditEvents, bodyOf, expectDocumented, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();
const { createSeat, draft, move, titlesUnder } = chartCalls(t, call);
let leader: Session;

beforeAll(async () => {
  leader = await addLeader(t);
});
useEmptyChart(t);

const code = (response: { json: () => unknown }) => (response.json() as { code: string }).code;

describe('org chart access', () => {
  it('documents its routes', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/org-chart',
      '/api/v1/organizations/{organizationId}/org-chart/draft',
      '/api/v1/organizations/{organizationId}/org-chart/seats/{id}/move',
      '/api/v1/organizations/{organizationId}/org-chart/export.pdf',
    ]);
  });

  it('answers 401 without a token and 400 for malformed JSON or a bad id', async () => {
    expect((await call(null, 'GET', '/org-chart')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/org-chart/seats', { parentId: null, title: 'CEO' })).statusCode).toBe(401);
    const url = `/api/v1/organizations/${t.orgId}/org-chart/seats`;
    expect((await t.context.app.inject(malformedJson(url, t.owner))).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', '/org-chart/seats/not-an-id', { version: 1 })).statusCode).toBe(400);
  });

  it('lets admins and leadership members edit, and refuses members and observers with 403', async () => {
    expect((await call(t.member, 'GET', '/org-chart')).json()).toMatchObject({ data: { canEdit: false } });
    expect((await call(leader, 'GET', '/org-chart')).json()).toMatchObject({ data: { canEdit: true } });
    await createSeat(leader, { title: 'Chief Executive' });
    for (const session of [t.member, t.observer]) {
      const response = await call(session, 'POST', '/org-chart/seats', { parentId: null, title: 'Sneaky' });
      expect(response.statusCode).toBe(403);
      expect((await call(session, 'GET', '/org-chart/draft')).statusCode).toBe(403);
      expect((await call(session, 'POST', '/org-chart/publish')).statusCode).toBe(403);
    }
    expect(code(await call(t.member, 'GET', '/org-chart/draft'))).toBe('org_chart.cannot_edit');
    expect(titlesUnder((await draft()).seats, null)).toEqual(['Chief Executive']);
  });

  it('reads another organization’s ids as absent', async () => {
    const theirs = await call(
      t.other,
      'POST',
      '/org-chart/seats',
      { parentId: null, title: 'Theirs' },
      t.other.user.organizationId,
    );
    const theirSeat = bodyOf<{ data: OrgChartSeat }>(theirs).data;
    expect((await call(t.owner, 'GET', '/org-chart', undefined, t.other.user.organizationId)).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'PATCH', `/org-chart/seats/${theirSeat.id}`, { version: 1, title: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'DELETE', `/org-chart/seats/${theirSeat.id}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/org-chart/seats/${theirSeat.id}/history`)).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'POST', '/org-chart/seats', { parentId: theirSeat.id, title: 'Under theirs' })).statusCode,
    ).toBe(404);
    const foreignTeam = await call(t.owner, 'POST', '/org-chart/seats', {
      parentId: null,
      title: 'X',
      teamId: t.otherTeamId,
    });
    expect(foreignTeam.statusCode).toBe(404);
    const foreignHolder = await call(t.owner, 'POST', '/org-chart/seats', {
      parentId: null,
      title: 'X',
      holders: [{ userId: t.other.user.id }],
    });
    expect(code(foreignHolder)).toBe('org_chart.holder_not_member');
  });
});

describe('POST /org-chart/seats and PATCH /org-chart/seats/:id', () => {
  it('creates a seat with roles, a team, members and one open seat, audited', async () => {
    const top = await createSeat(t.owner, { title: 'Chief Executive' });
    const seat = await createSeat(t.owner, {
      parentId: top.id,
      title: 'Sales & Marketing',
      roles: ['  Sales  ', 'Marketing'],
      teamId: t.teamId,
      holders: [{ userId: t.member.user.id }, { placeholderName: 'Hiring: Head of Sales' }],
    });
    expect(seat).toMatchObject({
      parentId: top.id,
      title: 'Sales & Marketing',
      roles: ['Sales', 'Marketing'],
      teamId: t.teamId,
      position: 0,
      version: 1,
      holders: [
        { userId: t.member.user.id, name: 'Grace Hopper', placeholderName: null },
        { userId: null, name: 'Hiring: Head of Sales', placeholderName: 'Hiring: Head of Sales' },
      ],
    });
    expect(await auditEvents(t.context.database, 'org_chart.seat_created', seat.id)).toHaveLength(1);
  });

  it.each([
    ['a blank title', { title: '  ' }],
    ['a title over 120 characters', { title: 'x'.repeat(121) }],
    ['eleven roles', { roles: Array.from({ length: 11 }, (_, i) => `Role ${i}`) }],
    ['a blank role', { roles: ['Sales', ' '] }],
    ['two open seats', { holders: [{ placeholderName: 'A' }, { placeholderName: 'B' }] }],
    [
      'the same person twice',
      {
        holders: [
          { userId: '00000000-0000-4000-8000-000000000001' },
          { userId: '00000000-0000-4000-8000-000000000001' },
        ],
      },
    ],
    [
      'a holder with both a person and a name',
      { holders: [{ userId: '00000000-0000-4000-8000-000000000001', placeholderName: 'A' }] },
    ],
    ['an unknown key', { colour: 'red' }],
  ])('answers 400 for %s', async (_case, overrides) => {
    const response = await call(t.owner, 'POST', '/org-chart/seats', { parentId: null, title: 'Seat', ...overrides });
    expect(response.statusCode).toBe(400);
  });

  it('updates title, roles, team and holders, and refuses a stale version with 409', async () => {
    const seat = await createSeat(t.owner, { title: 'Ops', holders: [{ placeholderName: 'Open' }] });
    const updated = await call(t.owner, 'PATCH', `/org-chart/seats/${seat.id}`, {
      version: 1,
      title: 'Operations',
      roles: ['Delivery'],
      teamId: null,
      holders: [{ userId: t.owner.user.id }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(bodyOf<{ data: OrgChartSeat }>(updated).data).toMatchObject({
      title: 'Operations',
      roles: ['Delivery'],
      version: 2,
      holders: [{ userId: t.owner.user.id, placeholderName: null }],
    });
    const stale = await call(leader, 'PATCH', `/org-chart/seats/${seat.id}`, { version: 1, title: 'Ops again' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'org_chart.stale_version',
      error: expect.stringMatching(/Reload/) as string,
    });
    expect((await draft()).seats[0]).toMatchObject({ title: 'Operations', version: 2 });
  });

  it('keeps half a character out of the database instead of failing', async () => {
    const seat = await createSeat(t.owner, { title: 'Broken \ud800 paste', roles: ['Role \udc00'] });
    expect(seat.title).toBe('Broken \ufffd paste');
    expect(seat.roles).toEqual(['Role \ufffd']);
  });
});

describe('POST /org-chart/seats/:id/move', () => {
  it('re-parents and re-orders, keeping positions dense', async () => {
    const top = await createSeat(t.owner, { title: 'Top' });
    const a = await createSeat(t.owner, { parentId: top.id, title: 'A' });
    const b = await createSeat(t.owner, { parentId: top.id, title: 'B' });
    const c = await createSeat(t.owner, { parentId: top.id, title: 'C' });
    const moved = await move(c, top.id, 0);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(titlesUnder((await draft()).seats, top.id)).toEqual(['C', 'A', 'B']);
    expect((await move(b, a.id, 5)).statusCode).toBe(200);
    const seats = (await draft()).seats;
    expect(titlesUnder(seats, top.id)).toEqual(['C', 'A']);
    expect(titlesUnder(seats, a.id)).toEqual(['B']);
    expect(
      seats
        .filter((seat) => seat.parentId === top.id)
        .map((seat) => seat.position)
        .sort(),
    ).toEqual([0, 1]);
    expect(await auditEvents(t.context.database, 'org_chart.seat_moved', b.id)).toHaveLength(1);
  });

  it('refuses a seat made its own parent (400) or its own ancestor (409), and a stale version', async () => {
    const top = await createSeat(t.owner, { title: 'Top' });
    const middle = await createSeat(t.owner, { parentId: top.id, title: 'Middle' });
    const bottom = await createSeat(t.owner, { parentId: middle.id, title: 'Bottom' });
    const self = await move(top, top.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'org_chart.own_parent', error: 'A seat cannot report to itself' });
    const cycle = await move(top, bottom.id);
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json()).toMatchObject({
      code: 'org_chart.cycle',
      error: expect.stringMatching(/report to it/) as string,
    });
    expect(code(await move({ ...middle, version: 9 }, null))).toBe('org_chart.stale_version');
    const seats = (await draft()).seats;
    expect(seats.find((seat) => seat.id === top.id)?.parentId).toBeNull();
    expect((await move(middle, null, 0, t.member)).statusCode).toBe(403);
  });
});

describe('DELETE /org-chart/seats/:id', () => {
  it('moves the seat’s reports up to its parent, in its place', async () => {
    const top = await createSeat(t.owner, { title: 'Top' });
    await createSeat(t.owner, { parentId: top.id, title: 'First' });
    const gone = await createSeat(t.owner, {
      parentId: top.id,
      title: 'Gone',
      holders: [{ userId: t.member.user.id }],
    });
    await createSeat(t.owner, { parentId: top.id, title: 'Last' });
    await createSeat(t.owner, { parentId: gone.id, title: 'Report 1' });
    await createSeat(t.owner, { parentId: gone.id, title: 'Report 2' });
    const response = await call(leader, 'DELETE', `/org-chart/seats/${gone.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const seats = (await draft()).seats;
    expect(titlesUnder(seats, top.id)).toEqual(['First', 'Report 1', 'Report 2', 'Last']);
    expect(seats.map((seat) => seat.title)).not.toContain('Gone');
    const [holders] = await queryAsOwner<{ count: number }>(
      t.context.database,
      `select count(*)::int as count from org_chart_seat_holders where seat_id = '${gone.id}'`,
    );
    expect(holders?.count).toBe(0);
    expect(await auditEvents(t.context.database, 'org_chart.seat_deleted', gone.id)).toHaveLength(1);
    expect((await call(t.owner, 'DELETE', `/org-chart/seats/${gone.id}`)).statusCode).toBe(404);
  });
});

describe('GET /org-chart', () => {
  it('reads nothing published before a first publication, for everyone', async () => {
    const response = await call(t.observer, 'GET', '/org-chart');
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: OrgChart }>(response).data).toEqual({ publication: null, canEdit: false });
  });
});
