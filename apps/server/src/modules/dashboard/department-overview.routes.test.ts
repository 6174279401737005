import { describe, expect, it } from 'vitest';
import { addDays, toIsoDate, type DepartmentOverview, type Meeting, type Session } from '@keel/contract';
import { bearer, bodyOf, queryAsOwner } from '../../test-support/test-app.js';
import { statementCounter } from '../../test-support/test-database.js';
import { addTeam } from '../../test-support/team-fixtures.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';

const { state: t, call, createOne, createPriority } = usePrioritiesFixture();

const today = toIsoDate(new Date());
const DAY_MS = 86_400_000;
const overviewPath = (teamId: string, query = '') => `/teams/${teamId}/overview${query}`;

const overviewOf = async (session: Session, teamId: string, query = '') => {
  const response = await call(session, 'GET', overviewPath(teamId, query));
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: DepartmentOverview }>(response).data;
};
const post = async <T = { id: string; version: number }>(
  session: Session,
  path: string,
  payload: Record<string, unknown>,
) => {
  const response = await call(session, 'POST', path, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return bodyOf<{ data: T }>(response).data;
};

/** A team holding a bit of everything (and things the overview must not count), and an empty team. */
async function seed() {
  const me = t.owner.user.id;
  const them = t.member.user.id;
  const ops = await addTeam(t.context, t.owner, 'Operations', [me, them]);
  const quiet = await addTeam(t.context, t.owner, 'Quiet', []);
  const elsewhere = await addTeam(t.context, t.owner, 'Elsewhere', [me]);

  await createOne({ teamId: ops, title: 'Send the invoice', dueDate: addDays(today, -2) });
  await createOne({ teamId: ops, title: 'Book the venue', dueDate: addDays(today, 7) });
  await createOne({
    teamId: ops,
    title: 'Their secret',
    ownerIds: [them],
    isPrivate: true,
    dueDate: addDays(today, -1),
  });
  const done = await createOne({ teamId: ops, title: 'Already done' });
  await post(t.owner, `/todos/${done.id}/complete`, { version: done.version });
  const deleted = await createOne({ teamId: ops, title: 'Deleted one' });
  expect((await call(t.owner, 'DELETE', `/todos/${deleted.id}`)).statusCode).toBe(200);
  await createOne({ teamId: elsewhere, title: 'Not this team', dueDate: addDays(today, -3) });

  await createPriority({ teamId: ops, title: 'On track' });
  const off = await createPriority({ teamId: ops, title: 'Off track' });
  await post(t.owner, `/priorities/${off.id}/status`, { version: off.version, status: 'off_track' });
  const complete = await createPriority({ teamId: ops, title: 'Complete' });
  await post(t.owner, `/priorities/${complete.id}/status`, { version: complete.version, status: 'complete' });
  const archived = await createPriority({ teamId: ops, title: 'Archived' });
  await post(t.owner, `/priorities/${archived.id}/archive`, { version: archived.version });
  await createPriority({ teamId: elsewhere, title: 'Not this team' });

  await post(t.owner, '/issues', { teamId: ops, title: 'Churn is up' });
  await post(t.owner, '/issues', { teamId: ops, title: 'Hiring is slow', horizon: 'long_term' });
  const solved = await post(t.owner, '/issues', { teamId: ops, title: 'Solved already' });
  await post(t.owner, `/issues/${solved.id}/solve`, { version: solved.version });
  const archivedIssue = await post(t.owner, '/issues', { teamId: ops, title: 'Archived issue' });
  await post(t.owner, `/issues/${archivedIssue.id}/archive`, { version: archivedIssue.version });
  await post(t.owner, '/issues', { teamId: elsewhere, title: 'Not this team' });

  await post(t.owner, '/measurables', { teamId: ops, title: 'Revenue', ownerId: me });
  const retired = await post(t.owner, '/measurables', { teamId: ops, title: 'Old number', ownerId: me });
  await post(t.owner, `/measurables/${retired.id}/archive`, { version: retired.version });

  const held = await post<Meeting>(t.owner, '/meetings', { teamId: ops, typeKey: 'weekly-accountability' });
  const concluded = await post<Meeting>(t.owner, `/meetings/${held.id}/conclude`, {});
  const running = await post<Meeting>(t.owner, '/meetings', { teamId: ops, typeKey: 'weekly-express' });
  const inTwoHours = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
  const scheduled = await post<Meeting>(t.owner, '/meetings', {
    teamId: ops,
    typeKey: 'quarterly-planning',
    scheduledAt: inTwoHours,
  });
  return { ops, quiet, elsewhere, meetings: { concluded, running, scheduled } };
}

let seeded: Awaited<ReturnType<typeof seed>> | undefined;
const data = async () => (seeded ??= await seed());

describe('GET /organizations/{id}/teams/{teamId}/overview', () => {
  it("counts the team's quarter, to-dos, issues, measurables and meetings, nothing of other teams", async () => {
    const s = await data();
    const overview = await overviewOf(t.owner, s.ops, `?today=${today}`);
    expect(overview.today).toBe(today);
    expect(overview.team).toEqual({ id: s.ops, name: 'Operations', isLeadershipTeam: false, memberCount: 2 });
    expect(overview.priorities).toEqual({ total: 3, onTrack: 1, offTrack: 1, complete: 1, notComplete: 0 });
    expect(overview.todos).toEqual({ open: 2, overdue: 1 });
    expect(overview.issues).toEqual({ open: 2 });
    expect(overview.measurables).toEqual({ active: 1 });
    expect(overview.meetings.running).toMatchObject({ id: s.meetings.running.id, typeKey: 'weekly-express' });
    expect(overview.meetings.next).toEqual({
      id: s.meetings.scheduled.id,
      typeKey: 'quarterly-planning',
      name: s.meetings.scheduled.name,
      startsAt: s.meetings.scheduled.scheduledAt,
    });
    expect(overview.meetings.lastConcluded).toEqual({
      id: s.meetings.concluded.id,
      typeKey: 'weekly-accountability',
      name: s.meetings.concluded.name,
      endedAt: s.meetings.concluded.endedAt,
    });
  });

  it("counts another member's private to-do for them only", async () => {
    const s = await data();
    expect((await overviewOf(t.member, s.ops, `?today=${today}`)).todos).toEqual({ open: 3, overdue: 2 });
  });

  it('lets any member read it, observers too, as they read the team pages', async () => {
    const s = await data();
    const overview = await overviewOf(t.observer, s.ops);
    expect(overview.issues.open).toBe(2);
    expect(overview.todos.open).toBe(2);
  });

  it('answers zeros and no meetings for an empty team', async () => {
    const s = await data();
    const overview = await overviewOf(t.owner, s.quiet);
    expect(overview).toMatchObject({
      team: { id: s.quiet, name: 'Quiet', memberCount: 0 },
      priorities: { total: 0, onTrack: 0, offTrack: 0, complete: 0, notComplete: 0 },
      todos: { open: 0, overdue: 0 },
      issues: { open: 0 },
      measurables: { active: 0 },
      meetings: { running: null, next: null, lastConcluded: null },
    });
  });

  it('counts overdue and the quarter against the day the page says is today', async () => {
    const s = await data();
    const later = await overviewOf(t.owner, s.ops, `?today=${addDays(today, 200)}`);
    expect(later.todos).toEqual({ open: 2, overdue: 2 });
    expect(later.priorities.total).toBe(0);
    expect(later.quarter.start > today).toBe(true);
  });

  it("names the next occurrence of a type's regular day when nothing is scheduled sooner", async () => {
    await queryAsOwner(t.context.database, `update organizations set timezone = 'UTC' where id = '${t.orgId}'`);
    const team = await addTeam(t.context, t.owner, 'Regulars', [t.owner.user.id]);
    const weekday = (new Date().getUTCDay() + 3) % 7;
    const saved = await call(t.owner, 'PUT', `/teams/${team}/meeting-types/weekly-accountability/schedule`, {
      schedule: { weekday, time: '09:30', minutes: null },
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const next = (await overviewOf(t.owner, team)).meetings.next;
    expect(next).toMatchObject({ id: null, typeKey: 'weekly-accountability', name: 'Weekly Accountability Meeting' });
    const startsAt = new Date(next!.startsAt);
    expect([startsAt.getUTCDay(), startsAt.getUTCHours(), startsAt.getUTCMinutes()]).toEqual([weekday, 9, 30]);
    expect(startsAt.getTime() - Date.now()).toBeGreaterThan(DAY_MS);
    expect(startsAt.getTime() - Date.now()).toBeLessThan(4 * DAY_MS);

    const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
    const scheduled = await post<Meeting>(t.owner, '/meetings', {
      teamId: team,
      typeKey: 'weekly-express',
      scheduledAt: tomorrow,
    });
    expect((await overviewOf(t.owner, team)).meetings.next).toMatchObject({ id: scheduled.id, startsAt: tomorrow });
  });

  it('answers 404 for an archived team, an unknown one and another organization’s', async () => {
    const s = await data();
    const archived = await addTeam(t.context, t.owner, 'Archived team', []);
    await queryAsOwner(t.context.database, `update teams set archived_at = now() where id = '${archived}'`);
    for (const teamId of [archived, '00000000-0000-4000-8000-000000000000', t.otherTeamId]) {
      const response = await call(t.owner, 'GET', overviewPath(teamId));
      expect(response.statusCode, teamId).toBe(404);
      expect(bodyOf<{ code: string }>(response).code).toBe('dashboard.team_not_found');
    }
    const foreign = await call(t.other, 'GET', overviewPath(s.ops));
    expect(foreign.statusCode).toBe(404);
    const theirs = await call(t.other, 'GET', overviewPath(s.ops), undefined, t.other.user.organizationId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Operations');
  });

  it('needs a token (401)', async () => {
    const s = await data();
    expect((await call(null, 'GET', overviewPath(s.ops))).statusCode).toBe(401);
  });

  it.each([
    ['a malformed date', '?today=yesterday'],
    ['a date in the year 30000', '?today=30000-01-01'],
    ['an unknown parameter', '?limit=5'],
  ])('refuses %s with 400', async (_case, query) => {
    const s = await data();
    const response = await call(t.owner, 'GET', overviewPath(s.ops, query));
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBeTruthy();
  });

  it('refuses a malformed team or organization id with 400', async () => {
    expect((await call(t.owner, 'GET', overviewPath('not-a-team'))).statusCode).toBe(400);
    const response = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/not-an-id/teams/${t.teamId}/overview`,
      headers: bearer(t.owner),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('no N+1 in the overview', () => {
  it('runs the same number of statements for an empty and a full team', async () => {
    const s = await data();
    const counter = statementCounter(t.context.database);
    if (!counter) return; // Counting hooks into the embedded driver; PostgreSQL runs are measured by the benchmarks.
    const count = (teamId: string) =>
      counter.count(async () => {
        await overviewOf(t.owner, teamId);
      });
    const empty = await count(s.quiet);
    const full = await count(s.ops);
    expect(empty).toBeGreaterThan(0);
    expect(full).toBe(empty);
  });
});
