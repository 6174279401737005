import { describe, expect, it } from 'vitest';
import type { BulkTodoResult, Session, Todo, TodoCompletionRate } from '@keel/contract';
import { addDays, toIsoDate } from '@keel/contract';
import { bodyOf, expectDocumented, queryAsOwner } from '../../test-support/test-app.js';
import { useTodosFixture } from '../../test-support/todos-fixture.js';

const { state: t, call, create, createOne, createTheirs, addTeam } = useTodosFixture();

describe('POST /todos/bulk and /todos/bulk/undo', () => {
  const bulk = (payload: unknown, session: Session = t.owner) => call(session, 'POST', '/todos/bulk', payload);
  const undo = (payload: unknown, session: Session = t.owner) => call(session, 'POST', '/todos/bulk/undo', payload);

  it('completes, moves and deletes many, and undoes each', async () => {
    const todos = await create({ ownerIds: [t.owner.user.id, t.member.user.id] });
    const ids = todos.map((todo) => todo.id);
    const completed = bodyOf<{ data: BulkTodoResult }>(await bulk({ action: 'complete', ids })).data;
    expect(completed.changedIds.sort()).toEqual([...ids].sort());
    const again = bodyOf<{ data: BulkTodoResult }>(await bulk({ action: 'complete', ids })).data;
    expect(again.changedIds).toEqual([]);
    expect((await undo(completed.undo)).statusCode).toBe(200);
    expect(bodyOf<{ data: Todo }>(await call(t.owner, 'GET', `/todos/${ids[0]}`)).data.status).toBe('open');

    const moved = bodyOf<{ data: BulkTodoResult }>(await bulk({ action: 'move', ids, teamId: t.secondTeamId })).data;
    expect(bodyOf<{ data: Todo }>(await call(t.owner, 'GET', `/todos/${ids[0]}`)).data.teamId).toBe(t.secondTeamId);
    await undo(moved.undo);
    expect(bodyOf<{ data: Todo }>(await call(t.owner, 'GET', `/todos/${ids[0]}`)).data.teamId).toBe(t.teamId);

    const deleted = bodyOf<{ data: BulkTodoResult }>(await bulk({ action: 'delete', ids })).data;
    expect((await call(t.owner, 'GET', `/todos/${ids[0]}`)).statusCode).toBe(404);
    const restored = await undo(deleted.undo);
    expect(bodyOf<{ data: { changedIds: string[] } }>(restored).data.changedIds.sort()).toEqual([...ids].sort());
    expect((await call(t.owner, 'GET', `/todos/${ids[0]}`)).statusCode).toBe(200);
    const audit = await queryAsOwner(t.context.database, `select 1 from audit_events where action like 'todo.bulk_%'`);
    expect(audit.length).toBeGreaterThanOrEqual(6);
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const todo = await createOne();
    const theirId = await createTheirs();
    expect((await bulk({ action: 'explode', ids: [todo.id] })).statusCode).toBe(400);
    expect((await bulk({ action: 'move', ids: [todo.id] })).statusCode).toBe(400);
    expect((await bulk({ action: 'complete', ids: [] })).statusCode).toBe(400);
    expect((await bulk({ action: 'complete', ids: Array.from({ length: 501 }, () => todo.id) })).statusCode).toBe(400);
    expect((await undo({ action: 'delete', ids: [todo.id], extra: true })).statusCode).toBe(400);
    expect((await call(null, 'POST', '/todos/bulk', { action: 'complete', ids: [todo.id] })).statusCode).toBe(401);
    expect((await call(null, 'POST', '/todos/bulk/undo', { action: 'complete', ids: [todo.id] })).statusCode).toBe(401);
    expect((await bulk({ action: 'complete', ids: [todo.id] }, t.observer)).statusCode).toBe(403);
    expect((await undo({ action: 'complete', ids: [todo.id] }, t.observer)).statusCode).toBe(403);
    expect((await bulk({ action: 'complete', ids: [todo.id, theirId] })).statusCode).toBe(404);
    expect((await bulk({ action: 'move', ids: [todo.id], teamId: t.otherTeamId })).statusCode).toBe(404);
    expect((await undo({ action: 'move', moves: [{ id: todo.id, teamId: t.otherTeamId }] })).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'POST', '/todos/bulk', { action: 'complete', ids: [todo.id] }, t.other.user.organizationId))
        .statusCode,
    ).toBe(404);
    // Nothing changed by the refused request.
    expect(bodyOf<{ data: Todo }>(await call(t.owner, 'GET', `/todos/${todo.id}`)).data.status).toBe('open');
  });
});

describe('GET /todos/completion-rate', () => {
  it('counts to-dos due that week done by their due date, per person and team', async () => {
    const rateTeam = await addTeam('Rate');
    const today = toIsoDate(new Date());
    const onTime = await createOne({ teamId: rateTeam, dueDate: today });
    await createOne({ teamId: rateTeam, dueDate: addDays(today, 1) });
    await createOne({ teamId: rateTeam, dueDate: today, ownerIds: [t.member.user.id] });
    await call(t.owner, 'POST', `/todos/${onTime.id}/complete`, { version: 1 });
    const response = await call(t.member, 'GET', `/todos/completion-rate?teamId=${rateTeam}&weekStart=${today}`);
    expect(response.statusCode).toBe(200);
    const rate = bodyOf<{ data: TodoCompletionRate }>(response).data;
    expect(rate.team).toEqual({ due: 3, doneOnTime: 1, rate: 33 });
    const mine = rate.people.find((person) => person.owner.id === t.owner.user.id);
    expect(mine).toMatchObject({ due: 2, doneOnTime: 1, rate: 50 });
    expect(rate.weekEnd).toBe(addDays(today, 6));
  });

  it('answers 400, 401 and 404 as it should', async () => {
    expect((await call(t.owner, 'GET', `/todos/completion-rate?teamId=${t.teamId}`)).statusCode).toBe(400);
    expect(
      (await call(t.owner, 'GET', `/todos/completion-rate?teamId=${t.teamId}&weekStart=30000-01-01`)).statusCode,
    ).toBe(400);
    expect((await call(null, 'GET', `/todos/completion-rate?teamId=${t.teamId}&weekStart=2026-01-05`)).statusCode).toBe(
      401,
    );
    expect(
      (await call(t.owner, 'GET', `/todos/completion-rate?teamId=${t.otherTeamId}&weekStart=2026-01-05`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          t.owner,
          'GET',
          `/todos/completion-rate?teamId=${t.teamId}&weekStart=2026-01-05`,
          undefined,
          t.other.user.organizationId,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /people', () => {
  it('lists active members sorted by name, not other organizations', async () => {
    const response = await call(t.observer, 'GET', '/people');
    expect(response.statusCode).toBe(200);
    const people = bodyOf<{ data: { id: string; name: string }[] }>(response).data;
    expect(people.map((person) => person.id).sort()).toEqual(
      [t.owner.user.id, t.member.user.id, t.observer.user.id].sort(),
    );
    expect(people.map((person) => person.id)).not.toContain(t.other.user.id);
    expect((await call(null, 'GET', '/people')).statusCode).toBe(401);
    expect((await call(t.owner, 'GET', '/people', undefined, t.other.user.organizationId)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every to-do route and the people list', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/people',
      '/api/v1/organizations/{organizationId}/todos',
      '/api/v1/organizations/{organizationId}/todos/{id}',
      '/api/v1/organizations/{organizationId}/todos/{id}/complete',
      '/api/v1/organizations/{organizationId}/todos/{id}/reopen',
      '/api/v1/organizations/{organizationId}/todos/bulk',
      '/api/v1/organizations/{organizationId}/todos/bulk/undo',
      '/api/v1/organizations/{organizationId}/todos/completion-rate',
    ]);
  });
});
