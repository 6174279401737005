import { afterAll, beforeAll, expect } from 'vitest';
import type { Session, Todo } from '@keel/contract';
import { bearer, bodyOf, createTenantFixture, queryAsOwner, type TestContext } from './test-app.js';

/** The cast of the to-do route tests: an organization with two teams, its people, and a stranger's organization. */
export interface TodosTestState {
  context: TestContext;
  owner: Session;
  member: Session;
  observer: Session;
  other: Session;
  orgId: string;
  teamId: string;
  otherTeamId: string;
  secondTeamId: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Registers the suite's database and returns helpers that read it once it is ready. */
export function useTodosFixture() {
  const state = {} as TodosTestState;

  const call = (session: Session | null, method: Method, path: string, payload?: unknown, org = state.orgId) =>
    state.context.app.inject({
      method,
      url: `/api/v1/organizations/${org}${path}`,
      headers: session ? bearer(session) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const teamOf = async (session: Session) => {
    const response = await state.context.app.inject({
      method: 'GET',
      url: '/api/v1/users/departments',
      headers: bearer(session),
    });
    const team = bodyOf<{ data: { departments: { id: string }[] } }>(response).data.departments[0];
    if (!team) throw new Error('no team');
    return team.id;
  };

  const addTeam = async (name: string) => {
    const [row] = await queryAsOwner<{ id: string }>(
      state.context.database,
      `insert into teams (organization_id, name) values ('${state.orgId}', '${name}') returning id`,
    );
    if (!row) throw new Error('team insert returned nothing');
    return row.id;
  };

  const create = async (overrides: Record<string, unknown> = {}, session?: Session): Promise<Todo[]> => {
    const response = await call(session ?? state.owner, 'POST', '/todos', {
      title: 'Call the bank',
      ownerIds: [state.owner.user.id],
      teamId: state.teamId,
      ...overrides,
    });
    expect(response.statusCode).toBe(201);
    return bodyOf<{ data: Todo[] }>(response).data;
  };
  const createOne = async (overrides: Record<string, unknown> = {}) => {
    const [todo] = await create(overrides);
    if (!todo) throw new Error('nothing created');
    return todo;
  };

  beforeAll(async () => {
    const fixture = await createTenantFixture(['member', 'observer']);
    state.context = fixture.context;
    state.owner = fixture.owner;
    state.other = fixture.other;
    state.member = fixture.members.member;
    state.observer = fixture.members.observer;
    state.orgId = fixture.owner.user.organizationId;
    state.teamId = await teamOf(fixture.owner);
    state.otherTeamId = await teamOf(fixture.other);
    state.secondTeamId = await addTeam('Sales');
  });
  afterAll(async () => {
    await state.context.close();
  });

  return { state, call, create, createOne, addTeam };
}
