import { describe, expect, it } from 'vitest';
import type { Todo, TodoPage } from '@keel/contract';
import { addDays, toIsoDate } from '@keel/contract';
import type { ChangeEvent } from '../../realtime/change-bus.js';
import { auditEvents, bodyOf, queryAsOwner } from '../../test-support/test-app.js';
import { createTodosService } from './todos.service.js';
import { useTodosFixture } from '../../test-support/todos-fixture.js';
import { createRouteRules } from '../../test-support/create-route-rules.js';

const { state: t, call, create, createOne, createTheirs, addTeam } = useTodosFixture();
const rules = createRouteRules(t, '/todos', () => ({
  title: 'T',
  ownerIds: [t.owner.user.id],
  teamId: t.teamId,
}));
const events: ChangeEvent[] = [];

describe('POST /todos', () => {
  it('creates one to-do per owner with a shared group, due in 7 days, and audits it', async () => {
    const created = await create({ ownerIds: [t.owner.user.id, t.member.user.id], details: 'Ask about fees' });
    expect(created).toHaveLength(2);
    expect(created.map((todo) => todo.ownerId).sort()).toEqual([t.owner.user.id, t.member.user.id].sort());
    expect(created[0]!.groupId).not.toBeNull();
    expect(created[0]!.groupId).toBe(created[1]!.groupId);
    expect(created[0]!.dueDate).toBe(addDays(toIsoDate(new Date()), 7));
    expect(created[0]).toMatchObject({
      status: 'open',
      version: 1,
      isPrivate: false,
      teamId: t.teamId,
      createdById: t.owner.user.id,
    });
    // One event for the group (no single target), naming both to-dos.
    const groupId = created[0]!.groupId;
    const audit = await auditEvents(t.context.database, 'todo.created');
    const ofGroup = audit.filter((event) => event.summary?.groupId === groupId);
    expect(ofGroup).toHaveLength(1);
    expect(ofGroup[0]).toEqual({
      action: 'todo.created',
      actorUserId: t.owner.user.id,
      targetId: null,
      summary: { ids: expect.arrayContaining(created.map((todo) => todo.id)) as unknown, teamId: t.teamId, groupId },
    });
    expect(ofGroup[0]!.summary!.ids).toHaveLength(2);
  });

  it('stores script in titles as text', async () => {
    const todo = await createOne({ title: '<script>alert(1)</script>' });
    expect(todo.title).toBe('<script>alert(1)</script>');
  });

  rules.refusesEach([
    ['a blank title', { title: '  ' }],
    ['a title over 300 characters', { title: 'x'.repeat(301) }],
    ['no owners', { ownerIds: [] }],
    ['51 owners', { ownerIds: Array.from({ length: 51 }, () => crypto.randomUUID()) }],
    ['a malformed date', { dueDate: '2026-13-40' }],
    ['an unknown key', { colour: 'red' }],
    ['a title of the wrong type', { title: 42 }],
  ]);
  rules.refusesYear30000();
  rules.refusesForeignOwner('answers 400 naming an owner from another organization', 'todo.invalid_owner');
  rules.guards();
  rules.notFound("answers 404 for another organization's path id or team id");

  it('publishes a change for the team after the commit', async () => {
    const service = createTodosService({
      db: t.context.database.db,
      changes: { publish: (event) => events.push(event), subscribe: () => () => undefined },
    });
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const [todo] = await service.create(
      { organizationId: t.orgId, userId: t.owner.user.id },
      { title: 'Live', ownerIds: [t.owner.user.id], teamId: t.teamId },
      meta,
    );
    if (!todo) throw new Error('nothing created');
    await service.bulk(
      { organizationId: t.orgId, userId: t.owner.user.id },
      { action: 'move', ids: [todo.id], teamId: t.secondTeamId },
      meta,
    );
    expect(events.filter((event) => event.ids.includes(todo.id)).map((event) => [event.action, event.teamId])).toEqual([
      ['created', t.teamId],
      ['updated', t.secondTeamId],
      ['updated', t.teamId],
    ]);
    expect(
      events.some((event) => event.entity === 'todo' && event.ids.includes(todo.id) && event.teamId === t.teamId),
    ).toBe(true);
  });
});

describe('GET /todos', () => {
  it('lists the team, filters, sorts, pages, and hides others’ private to-dos', async () => {
    const listTeam = await addTeam('List');
    await createOne({ teamId: listTeam, title: 'b', dueDate: '2030-01-03' });
    await createOne({ teamId: listTeam, title: 'a', dueDate: '2030-01-02', ownerIds: [t.member.user.id] });
    await createOne({ teamId: listTeam, title: 'c secret', dueDate: '2030-01-01', isPrivate: true });
    const asOwner = bodyOf<TodoPage>(await call(t.owner, 'GET', `/todos?teamId=${listTeam}`));
    expect(asOwner.data.map((todo) => todo.title)).toEqual(['c secret', 'a', 'b']);
    const asMember = bodyOf<TodoPage>(await call(t.member, 'GET', `/todos?teamId=${listTeam}&sort=title`));
    expect(asMember.data.map((todo) => todo.title)).toEqual(['a', 'b']);
    const mine = bodyOf<TodoPage>(await call(t.member, 'GET', `/todos?teamId=${listTeam}&ownerId=${t.member.user.id}`));
    expect(mine.data.map((todo) => todo.title)).toEqual(['a']);
    const first = bodyOf<TodoPage>(await call(t.owner, 'GET', `/todos?teamId=${listTeam}&limit=2`));
    expect(first.data).toHaveLength(2);
    const next = bodyOf<TodoPage>(
      await call(t.owner, 'GET', `/todos?teamId=${listTeam}&limit=2&cursor=${first.page.nextCursor}`),
    );
    expect(next.data.map((todo) => todo.title)).toEqual(['b']);
    expect(next.page.nextCursor).toBeNull();
    for (const sort of ['created', 'owner']) {
      const sorted = bodyOf<TodoPage>(await call(t.owner, 'GET', `/todos?teamId=${listTeam}&sort=${sort}&limit=1`));
      const rest = bodyOf<TodoPage>(
        await call(t.owner, 'GET', `/todos?teamId=${listTeam}&sort=${sort}&limit=5&cursor=${sorted.page.nextCursor}`),
      );
      expect(sorted.data.length + rest.data.length).toBe(3);
    }
    const done = bodyOf<TodoPage>(await call(t.owner, 'GET', `/todos?teamId=${listTeam}&status=done`));
    expect(done.data).toEqual([]);
    // An observer reads.
    expect((await call(t.observer, 'GET', `/todos?teamId=${listTeam}`)).statusCode).toBe(200);
  });

  it('answers 400 without a team or with a bad filter, 401 without a token, 404 for other organizations', async () => {
    expect((await call(t.owner, 'GET', '/todos')).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `/todos?teamId=${t.teamId}&status=maybe`)).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', `/todos?teamId=${t.teamId}&cursor=nonsense`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `/todos?teamId=${t.teamId}`)).statusCode).toBe(401);
    expect(
      (await call(t.owner, 'GET', `/todos?teamId=${t.teamId}`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'GET', `/todos?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
  });
});

describe('GET/PATCH/DELETE /todos/{id} and complete/reopen', () => {
  it('reads, edits with the version, and answers 409 on a stale one', async () => {
    const todo = await createOne();
    const read = await call(t.member, 'GET', `/todos/${todo.id}`);
    expect(bodyOf<{ data: Todo }>(read).data.id).toBe(todo.id);
    const edited = await call(t.member, 'PATCH', `/todos/${todo.id}`, {
      version: 1,
      title: 'Call the bank today',
      ownerId: t.member.user.id,
      teamId: t.secondTeamId,
      dueDate: '2031-05-05',
    });
    expect(edited.statusCode).toBe(200);
    expect(bodyOf<{ data: Todo }>(edited).data).toMatchObject({
      version: 2,
      ownerId: t.member.user.id,
      teamId: t.secondTeamId,
    });
    const stale = await call(t.owner, 'PATCH', `/todos/${todo.id}`, { version: 1, title: 'Mine' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(stale).code).toBe('todo.stale_version');
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const todo = await createOne();
    const theirId = await createTheirs();
    expect((await call(t.owner, 'PATCH', `/todos/${todo.id}`, { version: 1, bogus: 1 })).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', `/todos/${todo.id}`, { title: 'no version' })).statusCode).toBe(400);
    expect(
      (await call(t.owner, 'PATCH', `/todos/${todo.id}`, { version: 1, ownerId: t.other.user.id })).statusCode,
    ).toBe(400);
    expect((await call(t.owner, 'GET', '/todos/not-a-uuid')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/todos/${todo.id}`)).statusCode).toBe(401);
    expect((await call(null, 'PATCH', `/todos/${todo.id}`, { version: 1 })).statusCode).toBe(401);
    expect((await call(t.observer, 'PATCH', `/todos/${todo.id}`, { version: 1, title: 'x' })).statusCode).toBe(403);
    expect((await call(t.observer, 'POST', `/todos/${todo.id}/complete`, { version: 1 })).statusCode).toBe(403);
    expect((await call(t.observer, 'DELETE', `/todos/${todo.id}`)).statusCode).toBe(403);
    expect((await call(t.owner, 'GET', `/todos/${theirId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'PATCH', `/todos/${theirId}`, { version: 1, title: 'x' })).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', `/todos/${theirId}/complete`, { version: 1 })).statusCode).toBe(404);
    expect((await call(t.owner, 'DELETE', `/todos/${theirId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/todos/${todo.id}`, undefined, t.other.user.organizationId)).statusCode).toBe(
      404,
    );
    expect((await call(t.owner, 'PATCH', `/todos/${todo.id}`, { version: 1, teamId: t.otherTeamId })).statusCode).toBe(
      404,
    );
  });

  it('completes and reopens with the version, and 409 when stale', async () => {
    const todo = await createOne();
    const done = await call(t.member, 'POST', `/todos/${todo.id}/complete`, { version: 1 });
    expect(bodyOf<{ data: Todo }>(done).data).toMatchObject({ status: 'done', version: 2 });
    expect(bodyOf<{ data: Todo }>(done).data.doneAt).not.toBeNull();
    expect((await call(t.member, 'POST', `/todos/${todo.id}/reopen`, { version: 1 })).statusCode).toBe(409);
    const reopened = await call(t.member, 'POST', `/todos/${todo.id}/reopen`, { version: 2 });
    expect(bodyOf<{ data: Todo }>(reopened).data).toMatchObject({ status: 'open', doneAt: null, version: 3 });
    expect((await call(t.member, 'POST', `/todos/${todo.id}/complete`, { version: 'x' })).statusCode).toBe(400);
    expect((await call(null, 'POST', `/todos/${todo.id}/reopen`, { version: 3 })).statusCode).toBe(401);
    const audit = await auditEvents(t.context.database, 'todo.completed', todo.id);
    expect(audit).toHaveLength(1);
  });

  it('hides a private to-do from everyone but its owner', async () => {
    const todo = await createOne({ isPrivate: true });
    expect((await call(t.member, 'GET', `/todos/${todo.id}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/todos/${todo.id}`)).statusCode).toBe(200);
  });

  it('answers the saved to-do when an edit hands it privately to someone else', async () => {
    const todo = await createOne();
    const edited = await call(t.owner, 'PATCH', `/todos/${todo.id}`, {
      version: 1,
      ownerId: t.member.user.id,
      isPrivate: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(bodyOf<{ data: Todo }>(edited).data).toMatchObject({ ownerId: t.member.user.id, isPrivate: true });
    expect((await call(t.owner, 'GET', `/todos/${todo.id}`)).statusCode).toBe(404);
    expect((await call(t.member, 'GET', `/todos/${todo.id}`)).statusCode).toBe(200);
  });

  it('soft-deletes', async () => {
    const todo = await createOne();
    expect((await call(t.member, 'DELETE', `/todos/${todo.id}`)).statusCode).toBe(200);
    expect((await call(t.owner, 'GET', `/todos/${todo.id}`)).statusCode).toBe(404);
    const [row] = await queryAsOwner<{ deleted_at: string | null }>(
      t.context.database,
      `select deleted_at from todos where id = '${todo.id}'`,
    );
    expect(row!.deleted_at).not.toBeNull();
    expect((await call(null, 'DELETE', `/todos/${todo.id}`)).statusCode).toBe(401);
  });
});
