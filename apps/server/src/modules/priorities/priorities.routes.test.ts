import { describe, expect, it } from 'vitest';
import type { FiscalQuarters, PriorityList } from '@keel/contract';
import { fiscalQuarterOf, fiscalQuarterRange, nextFiscalQuarter, priorityProgress } from '@keel/contract';
import type { ChangeEvent } from '../../realtime/change-bus.js';
import { auditEvents, bodyOf, queryAsOwner } from '../../test-support/test-app.js';
import { malformedJson } from '../../test-support/team-fixtures.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';
import { createRouteRules } from '../../test-support/create-route-rules.js';
import { createPrioritiesService } from './priorities.service.js';

const { state: t, call, addTeam, createPriorities, createPriority, priorityOf, addMilestone } = usePrioritiesFixture();
const rules = createRouteRules(t, '/priorities', () => ({
  title: 'T',
  ownerIds: [t.owner.user.id],
  teamId: t.teamId,
}));

const setFiscalStart = (month: number) =>
  queryAsOwner(
    t.context.database,
    `update organizations set fiscal_year_start_month = ${month} where id = '${t.orgId}'`,
  );

describe('POST /priorities', () => {
  it('creates one priority per owner, on track, due at the end of the current fiscal quarter, and audits it', async () => {
    const created = await createPriorities({ ownerIds: [t.owner.user.id, t.member.user.id], scope: 'company' });
    expect(created).toHaveLength(2);
    expect(created.map((p) => p.ownerId).sort()).toEqual([t.owner.user.id, t.member.user.id].sort());
    expect(created[0]!.groupId).toBe(created[1]!.groupId);
    expect(created[0]!.id).not.toBe(created[1]!.id);
    const current = fiscalQuarterOf(new Date(), 1);
    expect(created[0]).toMatchObject({
      status: 'on_track',
      scope: 'company',
      progressType: 'status',
      progress: 0,
      year: current.year,
      quarter: current.quarter,
      dueDate: fiscalQuarterRange(current, 1).end,
      milestoneCount: 0,
      milestones: [],
      version: 1,
    });
    // One event for the group (no single target), naming both priorities.
    const groupId = created[0]!.groupId;
    const audit = await auditEvents(t.context.database, 'priority.created');
    const ofGroup = audit.filter((event) => event.summary?.groupId === groupId);
    expect(ofGroup).toHaveLength(1);
    expect(ofGroup[0]).toEqual({
      action: 'priority.created',
      actorUserId: t.owner.user.id,
      targetId: null,
      summary: { ids: expect.arrayContaining(created.map((p) => p.id)) as unknown, teamId: t.teamId, groupId },
    });
    expect(ofGroup[0]!.summary!.ids).toHaveLength(2);
  });

  it('defaults the due date by the organization’s fiscal calendar', async () => {
    await setFiscalStart(4);
    try {
      // Fiscal 2027 starts in April 2026: its first quarter ends on 30 June 2026.
      const chosen = await createPriority({ year: 2027, quarter: 1 });
      expect(chosen.dueDate).toBe('2026-06-30');
      const fourth = await createPriority({ year: 2027, quarter: 4 });
      expect(fourth.dueDate).toBe('2027-03-31');
      const current = fiscalQuarterOf(new Date(), 4);
      const defaulted = await createPriority();
      expect([defaulted.year, defaulted.quarter]).toEqual([current.year, current.quarter]);
      expect(defaulted.dueDate).toBe(fiscalQuarterRange(current, 4).end);
      const fiscal = bodyOf<{ data: FiscalQuarters }>(await call(t.member, 'GET', '/fiscal-quarters')).data;
      expect(fiscal.fiscalYearStartMonth).toBe(4);
      expect(fiscal.quarters).toHaveLength(4);
      expect(fiscal.quarters[0]).toMatchObject({ ...current, current: true, end: fiscalQuarterRange(current, 4).end });
      expect(fiscal.quarters[1]).toMatchObject({ ...nextFiscalQuarter(current), current: false });
    } finally {
      await setFiscalStart(1);
    }
  });

  it('keeps a given due date and stores script in titles as text', async () => {
    const priority = await createPriority({ title: '<script>alert(1)</script>', dueDate: '2026-12-01' });
    expect(priority.title).toBe('<script>alert(1)</script>');
    expect(priority.dueDate).toBe('2026-12-01');
  });

  rules.refusesEach([
    ['a blank title', { title: '  ' }],
    ['a title over 300 characters', { title: 'x'.repeat(301) }],
    ['a description over 10,000 characters', { description: 'x'.repeat(10_001) }],
    ['no owners', { ownerIds: [] }],
    ['51 owners', { ownerIds: Array.from({ length: 51 }, () => crypto.randomUUID()) }],
    ['an unknown scope', { scope: 'galaxy' }],
    ['a year without a quarter', { year: 2026 }],
    ['quarter 5', { year: 2026, quarter: 5 }],
    ['a numeric priority without a target', { progressType: 'numeric' }],
    ['an unknown key', { colour: 'red' }],
    ['a title of the wrong type', { title: 42 }],
  ]);
  rules.refusesYear30000();
  rules.refusesForeignOwner('answers 400 naming an owner who is not an active member', 'priority.invalid_owner');
  rules.guards({ observerCode: 'auth.observer_read_only', notFound: true });

  it('publishes a priority change for the team after the commit', async () => {
    const events: ChangeEvent[] = [];
    const service = createPrioritiesService({
      db: t.context.database.db,
      changes: { publish: (event) => events.push(event), subscribe: () => () => undefined },
    });
    const caller = { organizationId: t.orgId, userId: t.owner.user.id };
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const [priority] = await service.create(
      caller,
      { title: 'Live', ownerIds: [t.owner.user.id], teamId: t.teamId },
      meta,
    );
    if (!priority) throw new Error('nothing created');
    await service.update(caller, priority.id, { version: 1, teamId: t.secondTeamId }, meta);
    expect(events.filter((e) => e.ids.includes(priority.id)).map((e) => [e.entity, e.action, e.teamId])).toEqual([
      ['priority', 'created', t.teamId],
      ['priority', 'updated', t.teamId],
      ['priority', 'updated', t.secondTeamId],
    ]);
  });
});

describe('GET /priorities', () => {
  it('lists the team’s current quarter with milestones, leaving archived ones and other quarters out', async () => {
    const teamId = await addTeam('Listing');
    const first = await createPriority({ teamId, title: 'First' });
    const second = await createPriority({ teamId, title: 'Second', ownerIds: [t.member.user.id] });
    await addMilestone(first.id, { title: 'A' });
    await addMilestone(first.id, { title: 'B' });
    await addMilestone(second.id, { title: 'C' });
    const next = nextFiscalQuarter(fiscalQuarterOf(new Date(), 1));
    const planned = await createPriority({ teamId, title: 'Planned', ...next });
    const archived = await createPriority({ teamId, title: 'Archived' });
    await call(t.owner, 'POST', `/priorities/${archived.id}/archive`, { version: 1 });

    const list = bodyOf<PriorityList>(await call(t.observer, 'GET', `/priorities?teamId=${teamId}`));
    expect(list.truncated).toBe(false);
    expect(list.data.map((p) => p.title).sort()).toEqual(['First', 'Second']);
    const listedFirst = list.data.find((p) => p.id === first.id)!;
    expect(listedFirst.milestones.map((m) => m.title)).toEqual(['A', 'B']);
    expect(listedFirst.milestoneCount).toBe(2);
    expect(list.data.find((p) => p.id === second.id)!.milestones.map((m) => m.title)).toEqual(['C']);

    const planning = bodyOf<PriorityList>(await call(t.owner, 'GET', `/priorities?teamId=${teamId}&planning=true`));
    expect(planning.data.map((p) => p.id)).toEqual([planned.id]);
    const byQuarter = bodyOf<PriorityList>(
      await call(t.owner, 'GET', `/priorities?teamId=${teamId}&year=${next.year}&quarter=${next.quarter}`),
    );
    expect(byQuarter.data.map((p) => p.id)).toEqual([planned.id]);
    const withArchived = bodyOf<PriorityList>(
      await call(t.owner, 'GET', `/priorities?teamId=${teamId}&includeArchived=true`),
    );
    expect(withArchived.data.map((p) => p.id)).toContain(archived.id);
    const mine = bodyOf<PriorityList>(
      await call(t.owner, 'GET', `/priorities?teamId=${teamId}&ownerId=${t.member.user.id}`),
    );
    expect(mine.data.map((p) => p.id)).toEqual([second.id]);
  });

  it('answers 400 for bad filters, 401 without a token, 404 for another organization or its team', async () => {
    expect((await call(t.owner, 'GET', `/priorities`)).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `/priorities?teamId=${t.teamId}&year=2026`)).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `/priorities?teamId=${t.teamId}&year=30000&quarter=1`)).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `/priorities?teamId=${t.teamId}&planning=maybe`)).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `/priorities?teamId=${t.teamId}&sort=x`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `/priorities?teamId=${t.teamId}`)).statusCode).toBe(401);
    expect(
      (await call(t.owner, 'GET', `/priorities?teamId=${t.teamId}`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'GET', `/priorities?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
  });
});

describe('GET/PATCH /priorities/:id', () => {
  it('reads one and edits it with optimistic concurrency', async () => {
    const priority = await createPriority();
    const read = await call(t.observer, 'GET', `/priorities/${priority.id}`);
    expect(read.statusCode).toBe(200);
    expect(priorityOf(read).title).toBe(priority.title);

    const edited = await call(t.owner, 'PATCH', `/priorities/${priority.id}`, {
      version: 1,
      title: 'Renamed',
      description: 'Why it matters',
      ownerId: t.member.user.id,
      scope: 'individual',
    });
    expect(edited.statusCode).toBe(200);
    expect(priorityOf(edited)).toMatchObject({
      title: 'Renamed',
      description: 'Why it matters',
      ownerId: t.member.user.id,
      owner: { id: t.member.user.id },
      scope: 'individual',
      version: 2,
    });
    const stale = await call(t.owner, 'PATCH', `/priorities/${priority.id}`, { version: 1, title: 'Mine' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(stale).code).toBe('priority.stale_version');
  });

  it('moves the due date to the new quarter’s end when the quarter changes without a date', async () => {
    const priority = await createPriority({ year: 2026, quarter: 1 });
    const moved = priorityOf(
      await call(t.owner, 'PATCH', `/priorities/${priority.id}`, { version: 1, year: 2026, quarter: 3 }),
    );
    expect(moved).toMatchObject({ year: 2026, quarter: 3, dueDate: '2026-09-30' });
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const priority = await createPriority();
    const url = `/priorities/${priority.id}`;
    expect((await call(t.owner, 'PATCH', url, { version: 1, title: '' })).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', url, { version: 1, nope: 1 })).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', url, { title: 'No version' })).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', url, { version: 1, dueDate: '30000-01-01' })).statusCode).toBe(400);
    const foreignOwner = await call(t.owner, 'PATCH', url, { version: 1, ownerId: t.other.user.id });
    expect(foreignOwner.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(foreignOwner).error).toContain(t.other.user.id);
    const fullUrl = `/api/v1/organizations/${t.orgId}${url}`;
    expect((await t.context.app.inject(malformedJson(fullUrl, t.owner, 'PATCH'))).statusCode).toBe(400);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(null, 'PATCH', url, { version: 1 })).statusCode).toBe(401);
    expect((await call(t.observer, 'PATCH', url, { version: 1, title: 'x' })).statusCode).toBe(403);
    expect((await call(t.owner, 'GET', url, undefined, t.other.user.organizationId)).statusCode).toBe(404);
    expect((await call(t.other, 'GET', url, undefined, t.other.user.organizationId)).statusCode).toBe(404);
    expect(
      (await call(t.other, 'PATCH', url, { version: 1, title: 'x' }, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'PATCH', url, { version: 1, teamId: t.otherTeamId })).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/priorities/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('status, archive and restore', () => {
  it('completes (progress 100, completedAt), reopens, archives and restores', async () => {
    const priority = await createPriority();
    const complete = priorityOf(
      await call(t.owner, 'POST', `/priorities/${priority.id}/status`, { version: 1, status: 'complete' }),
    );
    expect(complete).toMatchObject({ status: 'complete', progress: 100, version: 2 });
    expect(complete.completedAt).not.toBeNull();
    const off = priorityOf(
      await call(t.owner, 'POST', `/priorities/${priority.id}/status`, { version: 2, status: 'off_track' }),
    );
    expect(off).toMatchObject({ status: 'off_track', progress: 0, completedAt: null });
    const archived = priorityOf(await call(t.owner, 'POST', `/priorities/${priority.id}/archive`, { version: 3 }));
    expect(archived.archivedAt).not.toBeNull();
    const restored = priorityOf(await call(t.owner, 'POST', `/priorities/${priority.id}/restore`, { version: 4 }));
    expect(restored.archivedAt).toBeNull();
  });

  it.each(['status', 'archive', 'restore'])('%s answers 400, 401, 403, 404 and 409', async (action) => {
    const priority = await createPriority();
    const url = `/priorities/${priority.id}/${action}`;
    const body = action === 'status' ? { version: 1, status: 'off_track' } : { version: 1 };
    expect((await call(t.owner, 'POST', url, { ...body, version: 'one' })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', url, { ...body, extra: true })).statusCode).toBe(400);
    expect((await call(null, 'POST', url, body)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', url, body)).statusCode).toBe(403);
    expect((await call(t.other, 'POST', url, body, t.other.user.organizationId)).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', url, body, t.other.user.organizationId)).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', url, { ...body, version: 7 })).statusCode).toBe(409);
  });
});

describe('progress', () => {
  it('follows milestones done / all for a milestones priority', async () => {
    const priority = await createPriority({ progressType: 'milestones' });
    await addMilestone(priority.id, { title: 'One' });
    await addMilestone(priority.id, { title: 'Two' });
    await addMilestone(priority.id, { title: 'Three' });
    const withFour = await addMilestone(priority.id, { title: 'Four' });
    expect(withFour.progress).toBe(0);
    const [one] = withFour.milestones;
    const ticked = priorityOf(
      await call(t.owner, 'PATCH', `/priorities/${priority.id}/milestones/${one!.id}`, { version: 1, done: true }),
    );
    expect(ticked).toMatchObject({ progress: 25, milestonesDone: 1, milestoneCount: 4 });
  });

  it('follows (current - start) / (target - start), clamped, for a numeric priority', async () => {
    const priority = await createPriority({
      progressType: 'numeric',
      numericStart: 10,
      numericTarget: 110,
      numericCurrent: 35,
      unit: 'customers',
    });
    expect(priority).toMatchObject({ progress: 25, unit: 'customers' });
    const over = priorityOf(
      await call(t.owner, 'PATCH', `/priorities/${priority.id}`, { version: 1, numericCurrent: 500 }),
    );
    expect(over.progress).toBe(100);
    const under = priorityOf(
      await call(t.owner, 'PATCH', `/priorities/${priority.id}`, { version: 2, numericCurrent: -5 }),
    );
    expect(under.progress).toBe(0);
    const cleared = await call(t.owner, 'PATCH', `/priorities/${priority.id}`, { version: 3, numericTarget: null });
    expect(cleared.statusCode).toBe(400);
  });

  it('computes the same figures in the shared function', () => {
    const base = { status: 'on_track' as const, milestoneCount: 0, milestonesDone: 0 };
    const none = { numericStart: null, numericTarget: null, numericCurrent: null };
    expect(priorityProgress({ ...base, ...none, progressType: 'status' })).toBe(0);
    expect(priorityProgress({ ...base, ...none, status: 'complete', progressType: 'status' })).toBe(100);
    expect(priorityProgress({ ...base, ...none, progressType: 'milestones' })).toBe(0);
    expect(
      priorityProgress({ ...base, ...none, progressType: 'milestones', milestoneCount: 3, milestonesDone: 2 }),
    ).toBe(67);
    const numeric = { ...base, progressType: 'numeric' as const };
    expect(priorityProgress({ ...numeric, numericStart: 100, numericTarget: 0, numericCurrent: 25 })).toBe(75);
    expect(priorityProgress({ ...numeric, numericStart: 5, numericTarget: 5, numericCurrent: 5 })).toBe(100);
    expect(priorityProgress({ ...numeric, numericStart: 0, numericTarget: 10, numericCurrent: null })).toBe(0);
  });
});
