import { describe, expect, it } from 'vitest';
import { auditEvents, bodyOf } from '../../test-support/test-app.js';
import { malformedJson } from '../../test-support/team-fixtures.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';

const { state: t, call, createPriority, priorityOf, addMilestone } = usePrioritiesFixture();

describe('milestones', () => {
  it('adds at the end with the priority’s owner by default, or a chosen owner and due date', async () => {
    const priority = await createPriority({ ownerIds: [t.member.user.id] });
    await addMilestone(priority.id, { title: 'Draft' });
    const withTwo = await addMilestone(priority.id, {
      title: 'Review',
      ownerId: t.owner.user.id,
      dueDate: '2026-05-01',
    });
    expect(withTwo.milestones.map((m) => [m.title, m.position, m.ownerId, m.dueDate])).toEqual([
      ['Draft', 0, t.member.user.id, null],
      ['Review', 1, t.owner.user.id, '2026-05-01'],
    ]);
    expect(withTwo.milestoneCount).toBe(2);
    expect(withTwo.version).toBe(1);
    // One event per milestone, on the priority, by the owner who added them.
    expect(await auditEvents(t.context.database, 'milestone.created', priority.id)).toEqual(
      withTwo.milestones.map((milestone) => ({
        action: 'milestone.created',
        actorUserId: t.owner.user.id,
        targetId: priority.id,
        summary: { milestoneId: milestone.id },
      })),
    );
  });

  it('edits, ticks done and undone (doneAt), with optimistic concurrency', async () => {
    const priority = await createPriority();
    const [milestone] = (await addMilestone(priority.id)).milestones;
    const url = `/priorities/${priority.id}/milestones/${milestone!.id}`;
    const edited = priorityOf(await call(t.owner, 'PATCH', url, { version: 1, title: 'Ship', dueDate: '2026-04-02' }));
    expect(edited.milestones[0]).toMatchObject({ title: 'Ship', dueDate: '2026-04-02', version: 2, done: false });
    const done = priorityOf(await call(t.member, 'PATCH', url, { version: 2, done: true }));
    expect(done.milestones[0]!.done).toBe(true);
    expect(done.milestones[0]!.doneAt).not.toBeNull();
    const undone = priorityOf(await call(t.member, 'PATCH', url, { version: 3, done: false }));
    expect(undone.milestones[0]).toMatchObject({ done: false, doneAt: null });
    const stale = await call(t.owner, 'PATCH', url, { version: 2, title: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(stale).code).toBe('milestone.stale_version');
  });

  it('reorders with the full ordered list of ids, and refuses a partial or foreign list', async () => {
    const priority = await createPriority();
    await addMilestone(priority.id, { title: 'A' });
    await addMilestone(priority.id, { title: 'B' });
    const [a, b, c] = (await addMilestone(priority.id, { title: 'C' })).milestones;
    const url = `/priorities/${priority.id}/milestones/order`;
    const reordered = priorityOf(await call(t.owner, 'PUT', url, { ids: [c!.id, a!.id, b!.id] }));
    expect(reordered.milestones.map((m) => m.title)).toEqual(['C', 'A', 'B']);
    expect(reordered.milestones.map((m) => m.position)).toEqual([0, 1, 2]);
    const reread = priorityOf(await call(t.owner, 'GET', `/priorities/${priority.id}`));
    expect(reread.milestones.map((m) => m.title)).toEqual(['C', 'A', 'B']);
    expect((await call(t.owner, 'PUT', url, { ids: [c!.id, a!.id] })).statusCode).toBe(400);
    expect((await call(t.owner, 'PUT', url, { ids: [c!.id, a!.id, a!.id] })).statusCode).toBe(400);
    expect((await call(t.owner, 'PUT', url, { ids: [c!.id, a!.id, crypto.randomUUID()] })).statusCode).toBe(400);
    expect((await call(t.owner, 'PUT', url, { ids: 'all' })).statusCode).toBe(400);
    expect((await call(null, 'PUT', url, { ids: [a!.id, b!.id, c!.id] })).statusCode).toBe(401);
    expect((await call(t.observer, 'PUT', url, { ids: [a!.id, b!.id, c!.id] })).statusCode).toBe(403);
    expect(
      (await call(t.other, 'PUT', url, { ids: [a!.id, b!.id, c!.id] }, t.other.user.organizationId)).statusCode,
    ).toBe(404);
  });

  it('deletes one and the counts follow', async () => {
    const priority = await createPriority({ progressType: 'milestones' });
    await addMilestone(priority.id, { title: 'Keep' });
    const [, drop] = (await addMilestone(priority.id, { title: 'Drop' })).milestones;
    const response = await call(t.owner, 'DELETE', `/priorities/${priority.id}/milestones/${drop!.id}`);
    expect(response.statusCode).toBe(200);
    expect(priorityOf(response).milestones.map((m) => m.title)).toEqual(['Keep']);
    expect(priorityOf(response).milestoneCount).toBe(1);
    expect((await call(t.owner, 'DELETE', `/priorities/${priority.id}/milestones/${drop!.id}`)).statusCode).toBe(404);
  });

  it('answers 400, 401, 403 and 404 on add, edit and delete', async () => {
    const priority = await createPriority();
    const [milestone] = (await addMilestone(priority.id)).milestones;
    const add = `/priorities/${priority.id}/milestones`;
    const one = `${add}/${milestone!.id}`;
    expect((await call(t.owner, 'POST', add, { title: '' })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', add, { title: 'x', dueDate: '30000-01-01' })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', add, { title: 'x', weight: 3 })).statusCode).toBe(400);
    const foreign = await call(t.owner, 'POST', add, { title: 'x', ownerId: t.other.user.id });
    expect(foreign.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(foreign).error).toContain(t.other.user.id);
    expect(
      (await t.context.app.inject(malformedJson(`/api/v1/organizations/${t.orgId}${add}`, t.owner))).statusCode,
    ).toBe(400);
    expect((await call(t.owner, 'PATCH', one, { version: 1, done: 'yes' })).statusCode).toBe(400);
    expect((await call(null, 'POST', add, { title: 'x' })).statusCode).toBe(401);
    expect((await call(null, 'PATCH', one, { version: 1, done: true })).statusCode).toBe(401);
    expect((await call(null, 'DELETE', one)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', add, { title: 'x' })).statusCode).toBe(403);
    expect((await call(t.observer, 'PATCH', one, { version: 1, done: true })).statusCode).toBe(403);
    expect((await call(t.observer, 'DELETE', one)).statusCode).toBe(403);
    const otherOrg = t.other.user.organizationId;
    expect((await call(t.other, 'POST', add, { title: 'x' }, otherOrg)).statusCode).toBe(404);
    expect((await call(t.other, 'PATCH', one, { version: 1, done: true }, otherOrg)).statusCode).toBe(404);
    expect((await call(t.other, 'DELETE', one, undefined, otherOrg)).statusCode).toBe(404);
    expect((await call(t.owner, 'DELETE', one, undefined, otherOrg)).statusCode).toBe(404);
    // A milestone of another priority is not reachable through this one.
    const elsewhere = await createPriority();
    expect(
      (
        await call(t.owner, 'PATCH', `/priorities/${elsewhere.id}/milestones/${milestone!.id}`, {
          version: 1,
          done: true,
        })
      ).statusCode,
    ).toBe(404);
  });
});
