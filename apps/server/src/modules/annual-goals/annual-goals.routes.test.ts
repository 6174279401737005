import { describe, expect, it } from 'vitest';
import type { AnnualGoal, AnnualGoalList, Priority, Session } from '@keel/contract';
import { createRouteRules } from '../../test-support/create-route-rules.js';
import { addTeam, callerOf, useTeamSuite } from '../../test-support/team-fixtures.js';
import { auditEvents, bodyOf, expectDocumented } from '../../test-support/test-app.js';

const { state: t, callUnder } = useTeamSuite();
const call = callUnder('/annual-goals');
const orgCall = callerOf(t);
const YEAR = 2031;
const rules = createRouteRules(t, '/annual-goals', () => ({ teamId: t.teamId, year: YEAR, title: 'x' }));

const create = async (session: Session, payload: Record<string, unknown> = {}) => {
  const response = await call(session, 'POST', '', { teamId: t.teamId, year: YEAR, title: 'Reach $12M', ...payload });
  expect(response.statusCode).toBe(201);
  return bodyOf<{ data: AnnualGoal }>(response).data;
};
const listOf = async (session: Session, query: string) => {
  const response = await call(session, 'GET', `?${query}`);
  expect(response.statusCode).toBe(200);
  return bodyOf<AnnualGoalList>(response).data;
};

describe('annual goals', () => {
  it('creates goals in order with owner, status and target, audited and documented', async () => {
    const first = await create(t.owner, { ownerId: t.member.user.id, status: 'on_track', target: '$12M revenue' });
    expect(first).toMatchObject({
      teamId: t.teamId,
      isCompanyGoal: true,
      year: YEAR,
      title: 'Reach $12M',
      owner: { id: t.member.user.id, name: 'Grace Hopper' },
      status: 'on_track',
      target: '$12M revenue',
      position: 0,
      priorityCount: 0,
      version: 1,
    });
    const second = await create(t.owner, { title: 'Open two regions', year: YEAR + 1 });
    expect(second.position).toBe(0);
    expect(await auditEvents(t.context.database, 'annual_goal.created', first.id)).toHaveLength(1);
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/annual-goals',
      '/api/v1/organizations/{organizationId}/annual-goals/{id}',
    ]);
  });

  rules.refusesEach(
    [
      ['a blank title', { title: '  ' }],
      ['a title over 200 characters', { title: 'x'.repeat(201) }],
      ['an unknown status', { status: 'maybe' }],
      ['a year out of range', { year: 1999 }],
      ['an unknown key', { colour: 'red' }],
    ],
    'request.invalid',
  );
  rules.guards({ notFound: true });

  it("refuses a member who is not in the leadership team the company's goals, and lets them set their own team's", async () => {
    const refused = await call(t.member, 'POST', '', { teamId: t.teamId, year: YEAR, title: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(bodyOf<{ error: string }>(refused).error).toMatch(/leadership team/);
    const salesId = await addTeam(t.context, t.owner, 'Sales goals', [t.member.user.id]);
    const ours = await call(t.member, 'POST', '', { teamId: salesId, year: YEAR, title: 'Double the pipeline' });
    expect(ours.statusCode).toBe(201);
    const everyone = await listOf(t.observer, `year=${YEAR}`);
    expect(everyone.map((goal) => goal.teamName)).toContain('Sales goals');
  });

  it('refuses an owner from another organization', async () => {
    const response = await call(t.owner, 'POST', '', {
      teamId: t.teamId,
      year: YEAR,
      title: 'x',
      ownerId: t.other.user.id,
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('annual_goal.owner_not_member');
  });

  it('moves a goal, keeps positions without gaps, refuses a stale version and closes the gap on delete', async () => {
    const year = YEAR + 5;
    const [a, b, c] = [
      await create(t.owner, { year, title: 'A' }),
      await create(t.owner, { year, title: 'B' }),
      await create(t.owner, { year, title: 'C' }),
    ];
    const moved = await call(t.owner, 'PATCH', `/${c.id}`, { version: c.version, position: 0 });
    expect(moved.statusCode).toBe(200);
    const titles = async () =>
      (await listOf(t.owner, `teamId=${t.teamId}&year=${year}`)).map((g) => `${g.position}${g.title}`);
    expect(await titles()).toEqual(['0C', '1A', '2B']);

    const stale = await call(t.owner, 'PATCH', `/${c.id}`, { version: c.version, title: 'Late' });
    expect(stale.statusCode).toBe(409);

    const removed = await call(t.owner, 'DELETE', `/${a.id}`, { version: 1 });
    expect(removed.statusCode).toBe(200);
    expect(await titles()).toEqual(['0C', '1B']);
    expect(b).toBeDefined();
  });

  it("reads another organization's goal as absent", async () => {
    const theirs = await call(
      t.other,
      'POST',
      '',
      { teamId: t.otherTeamId, year: YEAR, title: 'Theirs' },
      t.other.user.organizationId,
    );
    const id = bodyOf<{ data: AnnualGoal }>(theirs).data.id;
    expect((await call(t.owner, 'GET', `/${id}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'PATCH', `/${id}`, { version: 1, title: 'Mine now' })).statusCode).toBe(404);
    expect((await call(t.owner, 'DELETE', `/${id}`, { version: 1 })).statusCode).toBe(404);
  });

  it('counts the priorities behind a goal; a priority cannot link to another organization’s goal', async () => {
    const goal = await create(t.owner, { year: YEAR + 7, title: 'Aligned' });
    const created = await orgCall(t.owner, 'POST', '/priorities', {
      title: 'Hire two sellers',
      ownerIds: [t.owner.user.id],
      teamId: t.teamId,
      annualGoalId: goal.id,
    });
    expect(created.statusCode).toBe(201);
    const [priority] = bodyOf<{ data: Priority[] }>(created).data;
    expect(priority!.annualGoalId).toBe(goal.id);
    expect((await listOf(t.owner, `teamId=${t.teamId}&year=${YEAR + 7}`))[0]!.priorityCount).toBe(1);

    const theirs = await call(
      t.other,
      'POST',
      '',
      { teamId: t.otherTeamId, year: YEAR, title: 'Theirs' },
      t.other.user.organizationId,
    );
    const foreign = await orgCall(t.owner, 'PATCH', `/priorities/${priority!.id}`, {
      version: priority!.version,
      annualGoalId: bodyOf<{ data: AnnualGoal }>(theirs).data.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(foreign).code).toBe('priority.annual_goal_not_found');

    const unlinked = await orgCall(t.owner, 'PATCH', `/priorities/${priority!.id}`, {
      version: priority!.version,
      annualGoalId: null,
    });
    expect(bodyOf<{ data: Priority }>(unlinked).data.annualGoalId).toBeNull();
    expect((await listOf(t.owner, `teamId=${t.teamId}&year=${YEAR + 7}`))[0]!.priorityCount).toBe(0);
  });
});
