import { describe, expect, it } from 'vitest';
import {
  ACCOUNTABILITY_PRIORITIES_MAX,
  addDays,
  fiscalQuarterOf,
  toIsoDate,
  type AccountabilityPage,
  type AccountabilityPerson,
  type Session,
} from '@keel/contract';
import { bearer, bodyOf, queryAsOwner } from '../../test-support/test-app.js';
import { statementCounter } from '../../test-support/test-database.js';
import { addTeam } from '../../test-support/team-fixtures.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';

const { state: t, call, createOne, createPriority } = usePrioritiesFixture();

const today = toIsoDate(new Date());

const pageOf = async (session: Session, query = '') => {
  const response = await call(session, 'GET', `/accountability${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<AccountabilityPage>(response);
};
const post = async (session: Session, path: string, payload: Record<string, unknown>) => {
  const response = await call(session, 'POST', path, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return bodyOf<{ data: { id: string; version: number } }>(response).data;
};
const rename = (userId: string, firstName: string, lastName: string) =>
  queryAsOwner(
    t.context.database,
    `update users set first_name = '${firstName}', last_name = '${lastName}' where id = '${userId}'`,
  );
const cardOf = (page: AccountabilityPage, userId: string): AccountabilityPerson => {
  const card = page.data.find((person) => person.person.id === userId);
  if (!card) throw new Error(`no card for ${userId}`);
  return card;
};

/**
 * Three active people (Ada Lovelace the owner, Ben Marsh the member, Zoe Quinn the observer) and a deactivated one;
 * a team Beta of Ben and Zoe; more priorities for Ada than a card shows; to-dos, issues and measurables of Ben's.
 */
async function seed() {
  const ada = t.owner.user.id;
  const ben = t.member.user.id;
  const zoe = t.observer.user.id;
  await rename(ada, 'Ada', 'Lovelace');
  await rename(ben, 'Ben', 'Marsh');
  await rename(zoe, 'Zoe', 'Quinn');
  const [gone] = await queryAsOwner<{ id: string }>(
    t.context.database,
    `insert into users (email, first_name, last_name, password_hash)
     values ('gone.${Date.now()}@example.com', 'Abe', 'Gone', 'x') returning id`,
  );
  await queryAsOwner(
    t.context.database,
    `insert into memberships (organization_id, user_id, role, status) values ('${t.orgId}', '${gone!.id}', 'member', 'deactivated')`,
  );
  const beta = await addTeam(t.context, t.owner, 'Beta', [ben, zoe]);

  const quarter = fiscalQuarterOf(new Date(), 1);
  const adaPriorities = [];
  for (let index = 0; index <= ACCOUNTABILITY_PRIORITIES_MAX; index += 1)
    adaPriorities.push(await createPriority({ title: `Priority ${index}`, dueDate: addDays(today, index) }));
  const nextQuarter =
    quarter.quarter === 4 ? { year: quarter.year + 1, quarter: 1 } : { ...quarter, quarter: quarter.quarter + 1 };
  await createPriority({ title: 'Next quarter', ownerIds: [ben], teamId: beta, ...nextQuarter });
  const benPriority = await createPriority({ title: 'Open the Lyon office', ownerIds: [ben], teamId: beta });
  const archivedPriority = await createPriority({ title: 'Archived priority', ownerIds: [ben] });
  await post(t.owner, `/priorities/${archivedPriority.id}/archive`, { version: archivedPriority.version });

  const revenue = await post(t.owner, '/measurables', { title: 'Revenue', ownerId: ben, teamId: beta });
  const oldMeasurable = await post(t.owner, '/measurables', { title: 'Old number', ownerId: ben, teamId: beta });
  await post(t.owner, `/measurables/${oldMeasurable.id}/archive`, { version: oldMeasurable.version });

  const benTodos = [];
  for (let index = 6; index >= 0; index -= 1)
    benTodos.push(await createOne({ title: `To-do ${index}`, ownerIds: [ben], dueDate: addDays(today, index) }));
  const secret = await createOne({
    title: 'Ben secret',
    ownerIds: [ben],
    isPrivate: true,
    dueDate: addDays(today, -9),
  });
  const done = await createOne({ title: 'Done already', ownerIds: [ben] });
  await post(t.owner, `/todos/${done.id}/complete`, { version: done.version });

  const benIssue = await post(t.owner, '/issues', { teamId: beta, title: 'Churn is up', ownerId: ben });
  const solved = await post(t.owner, '/issues', { teamId: beta, title: 'Solved one', ownerId: ben });
  await post(t.owner, `/issues/${solved.id}/solve`, { version: solved.version });

  return { ada, ben, zoe, beta, adaPriorities, benPriority, revenue, benTodos, secret, benIssue };
}

let seeded: Awaited<ReturnType<typeof seed>> | undefined;
const data = async () => (seeded ??= await seed());

describe('GET /organizations/{id}/accountability', () => {
  it("shows the seats each person holds on the published chart, never the draft's", async () => {
    const s = await data();
    const seat = await post(t.owner, '/org-chart/seats', {
      parentId: null,
      title: 'Head of Sales',
      roles: ['Hit the number', 'Hire sellers'],
      holders: [{ userId: s.ben }],
    });
    expect(cardOf(await pageOf(t.owner), s.ben).seats).toEqual([]);
    await post(t.owner, '/org-chart/publish', {});
    expect(cardOf(await pageOf(t.observer), s.ben).seats).toEqual([
      { seatId: seat.id, title: 'Head of Sales', roles: ['Hit the number', 'Hire sellers'] },
    ]);
    expect(cardOf(await pageOf(t.owner), s.zoe).seats).toEqual([]);
  });

  it('lists the active members by name, each with what they own', async () => {
    const s = await data();
    const page = await pageOf(t.owner);
    expect(page.data.map((card) => card.person)).toEqual([
      { id: s.ada, name: 'Ada Lovelace' },
      { id: s.ben, name: 'Ben Marsh' },
      { id: s.zoe, name: 'Zoe Quinn' },
    ]);
    expect(page.page.nextCursor).toBeNull();
    expect(page.quarter).toEqual(fiscalQuarterOf(new Date(), 1));

    const ben = cardOf(page, s.ben);
    expect(ben.priorities).toEqual([
      { id: s.benPriority.id, title: 'Open the Lyon office', status: 'on_track', teamName: 'Beta' },
    ]);
    expect(ben.prioritiesTotal).toBe(1);
    expect(ben.measurables).toEqual([{ id: s.revenue.id, title: 'Revenue', teamName: 'Beta' }]);
    expect(ben.measurablesTotal).toBe(1);
    expect(ben.openIssues).toEqual({ count: 1, items: [{ id: s.benIssue.id, title: 'Churn is up' }] });

    const zoe = cardOf(page, s.zoe);
    expect(zoe).toMatchObject({
      priorities: [],
      prioritiesTotal: 0,
      measurables: [],
      openTodos: { count: 0, items: [] },
      openIssues: { count: 0, items: [] },
    });
  });

  it('counts every open to-do and shows the first five by due date, done ones left out', async () => {
    const s = await data();
    const ben = cardOf(await pageOf(t.owner), s.ben);
    expect(ben.openTodos.count).toBe(7);
    expect(ben.openTodos.items.map((item) => item.title)).toEqual([
      'To-do 0',
      'To-do 1',
      'To-do 2',
      'To-do 3',
      'To-do 4',
    ]);
    expect(ben.openTodos.items[0]).toEqual({ id: s.benTodos[6]!.id, title: 'To-do 0', dueDate: today });
  });

  it('shows a private to-do only to its owner', async () => {
    const s = await data();
    const asBen = cardOf(await pageOf(t.member), s.ben);
    expect(asBen.openTodos.count).toBe(8);
    expect(asBen.openTodos.items[0]?.id).toBe(s.secret.id);
    const asAda = await pageOf(t.owner);
    expect(JSON.stringify(asAda)).not.toContain('Ben secret');
  });

  it('bounds the priorities of a card and still counts them all', async () => {
    const s = await data();
    const ada = cardOf(await pageOf(t.owner), s.ada);
    expect(ada.priorities).toHaveLength(ACCOUNTABILITY_PRIORITIES_MAX);
    expect(ada.prioritiesTotal).toBe(ACCOUNTABILITY_PRIORITIES_MAX + 1);
    expect(ada.priorities.map((priority) => priority.id)).toEqual(
      s.adaPriorities.slice(0, ACCOUNTABILITY_PRIORITIES_MAX).map((priority) => priority.id),
    );
  });

  it('filters by team: only its members, still with everything they own', async () => {
    const s = await data();
    const page = await pageOf(t.owner, `?teamId=${s.beta}`);
    expect(page.data.map((card) => card.person.id)).toEqual([s.ben, s.zoe]);
    expect(cardOf(page, s.ben).openTodos.count).toBe(7);
  });

  it('pages by name with a cursor', async () => {
    const s = await data();
    const first = await pageOf(t.owner, '?limit=2');
    expect(first.data.map((card) => card.person.id)).toEqual([s.ada, s.ben]);
    expect(first.page.nextCursor).toEqual(expect.any(String));
    const second = await pageOf(t.owner, `?limit=2&cursor=${first.page.nextCursor}`);
    expect(second.data.map((card) => card.person.id)).toEqual([s.zoe]);
    expect(second.page.nextCursor).toBeNull();
  });

  it('lets an observer read it', async () => {
    const s = await data();
    const page = await pageOf(t.observer);
    expect(page.data.map((card) => card.person.id)).toEqual([s.ada, s.ben, s.zoe]);
  });

  it('needs a token (401)', async () => {
    expect((await call(null, 'GET', '/accountability')).statusCode).toBe(401);
  });

  it("answers 404 for another organization's id and for a team of another organization", async () => {
    await data();
    expect((await call(t.other, 'GET', '/accountability')).statusCode).toBe(404);
    const team = await call(t.owner, 'GET', `/accountability?teamId=${t.otherTeamId}`);
    expect(team.statusCode).toBe(404);
    expect(bodyOf<{ code: string }>(team).code).toBe('accountability.team_not_found');
    const theirs = await call(t.other, 'GET', '/accountability', undefined, t.other.user.organizationId);
    expect(theirs.statusCode).toBe(200);
    expect(JSON.stringify(bodyOf(theirs))).not.toContain('Ben Marsh');
  });

  it.each([
    ['a limit of 0', '?limit=0'],
    ['a limit over the maximum', '?limit=101'],
    ['a limit that is not a number', '?limit=many'],
    ['a team id that is not an id', '?teamId=sales'],
    ['an unknown parameter', '?ownerId=someone'],
    ['a forged cursor', '?cursor=bm90LWEtY3Vyc29y'],
    ['a cursor of the wrong shape', `?cursor=${Buffer.from('["a","not-a-uuid"]').toString('base64url')}`],
  ])('refuses %s with 400', async (_case, query) => {
    const response = await call(t.owner, 'GET', `/accountability${query}`);
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBeTruthy();
  });

  it('refuses a malformed organization id with 400', async () => {
    const response = await t.context.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/not-an-id/accountability',
      headers: bearer(t.owner),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('no N+1', () => {
  it('runs as many statements for one person as for a page of three with many objects', async () => {
    const s = await data();
    const counter = statementCounter(t.context.database);
    if (!counter) return; // Counting hooks into the embedded driver; PostgreSQL runs are measured by the benchmarks.
    const count = (query: string) =>
      counter.count(async () => {
        await pageOf(t.owner, query);
      });
    const one = await count('?limit=1');
    const everyone = await count('');
    expect(one).toBeGreaterThan(0);
    expect(everyone).toBe(one);
    expect(await count(`?teamId=${s.beta}`)).toBe(await count(`?limit=1&teamId=${s.beta}`));
  });
});
