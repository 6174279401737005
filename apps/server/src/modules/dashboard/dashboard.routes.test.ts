import { describe, expect, it } from 'vitest';
import { addDays, toIsoDate, type Dashboard, type Priority, type Session } from '@keel/contract';
import { bearer, bodyOf } from '../../test-support/test-app.js';
import { statementCounter } from '../../test-support/test-database.js';
import { addTeam } from '../../test-support/team-fixtures.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';

const { state: t, call, createOne, createPriority, addMilestone } = usePrioritiesFixture();

const today = toIsoDate(new Date());
const dashboardOf = async (session: Session, query = '') => {
  const response = await call(session, 'GET', `/me/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: Dashboard }>(response).data;
};
const post = async (session: Session, path: string, payload: Record<string, unknown>) => {
  const response = await call(session, 'POST', path, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return bodyOf<{ data: { id: string; version: number } }>(response).data;
};

/** Two teams of the owner's (the member is in the second), a team of neither, and items of both people. */
async function seed() {
  const alpha = await addTeam(t.context, t.owner, 'Alpha', [t.owner.user.id]);
  const beta = await addTeam(t.context, t.owner, 'Beta', [t.owner.user.id, t.member.user.id]);
  const gamma = await addTeam(t.context, t.owner, 'Gamma', [t.member.user.id]);
  const me = t.owner.user.id;
  const them = t.member.user.id;

  const nextWeek = await createOne({ teamId: alpha, title: 'Book the venue', dueDate: addDays(today, 7) });
  const overdue = await createOne({ teamId: beta, title: 'Send the invoice', dueDate: addDays(today, -1) });
  const privateOne = await createOne({ teamId: alpha, title: 'My private note', isPrivate: true, dueDate: today });
  const done = await createOne({ teamId: alpha, title: 'Already done' });
  await post(t.owner, `/todos/${done.id}/complete`, { version: done.version });
  const theirs = await createOne({ teamId: beta, title: 'Their to-do', ownerIds: [them] });
  const theirPrivate = await createOne({ teamId: beta, title: 'Their secret', ownerIds: [them], isPrivate: true });

  const priority = await createPriority({ teamId: alpha, title: 'Open the Lyon office' });
  await addMilestone(priority.id, { title: 'Sign the lease' });
  const withTwo: Priority = await addMilestone(priority.id, { title: 'Hire a manager', dueDate: addDays(today, 3) });
  const signed = withTwo.milestones.find((milestone) => milestone.title === 'Sign the lease');
  if (!signed) throw new Error('no milestone');
  const patched = await call(t.owner, 'PATCH', `/priorities/${priority.id}/milestones/${signed.id}`, {
    version: signed.version,
    done: true,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const theirPriority = await createPriority({ teamId: beta, title: 'Their priority', ownerIds: [them] });

  const myIssue = await post(t.owner, '/issues', { teamId: beta, title: 'Churn is up', ownerId: me });
  const theirIssue = await post(t.owner, '/issues', { teamId: beta, title: 'Their issue', ownerId: them });

  const myHeadline = await post(t.owner, '/headlines', { teamId: alpha, text: 'Won Acme', type: 'customer' });
  const teamHeadline = await post(t.member, '/headlines', { teamId: beta, text: 'Ana is back', type: 'employee' });
  const foreignHeadline = await post(t.member, '/headlines', { teamId: gamma, text: 'Gamma news', type: 'other' });
  const archived = await post(t.owner, '/headlines', { teamId: alpha, text: 'Old news', type: 'other' });
  await post(t.owner, `/headlines/${archived.id}/archive`, { version: archived.version });

  return {
    teams: { alpha, beta, gamma },
    todos: { nextWeek, overdue, privateOne, done, theirs, theirPrivate },
    priorities: { priority, theirPriority },
    issues: { myIssue, theirIssue },
    headlines: { myHeadline, teamHeadline, foreignHeadline, archived },
  };
}

let seeded: Awaited<ReturnType<typeof seed>> | undefined;
const data = async () => (seeded ??= await seed());

describe('GET /organizations/{id}/me/dashboard', () => {
  it("answers the person's own work across their teams, each item with its team", async () => {
    const s = await data();
    const dashboard = await dashboardOf(t.owner, `?today=${today}`);

    expect(dashboard.today).toBe(today);
    expect(dashboard.teams.map((team) => team.id)).toEqual(expect.arrayContaining([s.teams.alpha, s.teams.beta]));
    expect(dashboard.teams.map((team) => team.id)).not.toContain(s.teams.gamma);

    expect(dashboard.priorities?.items.map((item) => item.id)).toEqual([s.priorities.priority.id]);
    expect(dashboard.priorities?.items[0]).toMatchObject({
      title: 'Open the Lyon office',
      status: 'on_track',
      milestoneCount: 2,
      milestonesDone: 1,
      team: { id: s.teams.alpha, name: 'Alpha' },
    });
    expect(dashboard.milestones?.items).toEqual([
      expect.objectContaining({
        title: 'Hire a manager',
        dueDate: addDays(today, 3),
        priority: { id: s.priorities.priority.id, title: 'Open the Lyon office' },
        team: { id: s.teams.alpha, name: 'Alpha' },
      }),
    ]);

    expect(dashboard.issues?.items.map((item) => item.id)).toEqual([s.issues.myIssue.id]);
    expect(dashboard.issues?.items[0]?.team).toEqual({ id: s.teams.beta, name: 'Beta' });

    const headlineIds = dashboard.headlines?.items.map((item) => item.id);
    expect(headlineIds).toEqual([s.headlines.teamHeadline.id, s.headlines.myHeadline.id]);
    expect(dashboard.headlines?.items[0]?.owner.id).toBe(t.member.user.id);
  });

  it('lists open to-dos overdue first, then by due date, private ones of the person included', async () => {
    const s = await data();
    const dashboard = await dashboardOf(t.owner, `?today=${today}`);
    expect(dashboard.todos?.items.map((item) => item.title)).toEqual([
      'Send the invoice',
      'My private note',
      'Book the venue',
    ]);
    expect(dashboard.todos).toMatchObject({ total: 3, overdue: 1 });
    expect(dashboard.todos?.items[0]).toMatchObject({
      id: s.todos.overdue.id,
      teamId: s.teams.beta,
      team: { id: s.teams.beta, name: 'Beta' },
      status: 'open',
      version: 1,
    });
  });

  it("never shows another member's items, private to-dos above all", async () => {
    const s = await data();
    const dashboard = await dashboardOf(t.member);
    expect(dashboard.todos?.items.map((item) => item.id).sort()).toEqual(
      [s.todos.theirs.id, s.todos.theirPrivate.id].sort(),
    );
    expect(dashboard.priorities?.items.map((item) => item.id)).toEqual([s.priorities.theirPriority.id]);
    expect(dashboard.milestones?.items).toEqual([]);
    expect(dashboard.issues?.items.map((item) => item.id)).toEqual([s.issues.theirIssue.id]);
    // Their teams are Beta and Gamma: the owner's Alpha headline is not theirs.
    expect(dashboard.headlines?.items.map((item) => item.id).sort()).toEqual(
      [s.headlines.teamHeadline.id, s.headlines.foreignHeadline.id].sort(),
    );
    const owners = await dashboardOf(t.owner);
    expect(JSON.stringify(owners)).not.toContain('Their secret');
  });

  it('gives an observer their own, empty dashboard', async () => {
    await data();
    const dashboard = await dashboardOf(t.observer);
    expect(dashboard.todos).toEqual({ items: [], total: 0, overdue: 0 });
    expect(dashboard.priorities).toEqual({ items: [], total: 0 });
    expect(dashboard.milestones).toEqual({ items: [], total: 0 });
    expect(dashboard.issues).toEqual({ items: [], total: 0 });
    expect(dashboard.headlines).toEqual({ items: [], total: 0 });
  });

  it('bounds every list by limit and still counts them all', async () => {
    await data();
    const dashboard = await dashboardOf(t.owner, '?limit=1');
    expect(dashboard.todos?.items).toHaveLength(1);
    expect(dashboard.todos?.items[0]?.title).toBe('Send the invoice');
    expect(dashboard.todos?.total).toBe(3);
    expect(dashboard.headlines?.items).toHaveLength(1);
    expect(dashboard.headlines?.total).toBe(2);
  });

  it('answers one section when asked, so a page can refresh just that kind', async () => {
    await data();
    const dashboard = await dashboardOf(t.owner, '?section=issues');
    expect(dashboard.issues?.items).toHaveLength(1);
    expect(dashboard.todos).toBeUndefined();
    expect(dashboard.priorities).toBeUndefined();
    expect(dashboard.headlines).toBeUndefined();
    const priorities = await dashboardOf(t.owner, '?section=priorities');
    expect(priorities.milestones?.items).toHaveLength(1);
  });

  it('counts overdue against the day the page says is today', async () => {
    await data();
    const later = await dashboardOf(t.owner, `?today=${addDays(today, 30)}`);
    expect(later.todos?.overdue).toBe(3);
  });

  it('needs a token (401) and answers 404 for another organization', async () => {
    expect((await call(null, 'GET', '/me/dashboard')).statusCode).toBe(401);
    const response = await call(t.other, 'GET', '/me/dashboard');
    expect(response.statusCode).toBe(404);
    const mine = await call(t.other, 'GET', '/me/dashboard', undefined, t.other.user.organizationId);
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(bodyOf(mine))).not.toContain('Send the invoice');
  });

  it.each([
    ['an unknown section', '?section=bogus'],
    ['a limit of 0', '?limit=0'],
    ['a limit over the maximum', '?limit=101'],
    ['a limit that is not a number', '?limit=many'],
    ['an unknown parameter', '?ownerId=someone'],
    ['a malformed date', '?today=yesterday'],
  ])('refuses %s with 400', async (_case, query) => {
    const response = await call(t.owner, 'GET', `/me/dashboard${query}`);
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBeTruthy();
  });

  it('refuses a date in the year 30000 with a clear message', async () => {
    const response = await call(t.owner, 'GET', '/me/dashboard?today=30000-01-01');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('9999');
  });

  it('refuses a malformed organization id with 400', async () => {
    const response = await t.context.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/not-an-id/me/dashboard',
      headers: bearer(t.owner),
    });
    expect(response.statusCode).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const response = await t.context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(bodyOf<{ paths: Record<string, unknown> }>(response).paths);
    expect(paths).toContain('/api/v1/organizations/{organizationId}/me/dashboard');
  });
});

describe('no N+1', () => {
  it('runs the same number of statements for an empty and a full dashboard', async () => {
    await data();
    const counter = statementCounter(t.context.database);
    if (!counter) return; // Counting hooks into the embedded driver; PostgreSQL runs are measured by the benchmarks.
    const count = (session: Session) =>
      counter.count(async () => {
        await dashboardOf(session);
      });
    const empty = await count(t.observer);
    const full = await count(t.owner);
    expect(empty).toBeGreaterThan(0);
    expect(full).toBe(empty);
  });
});
