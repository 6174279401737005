import { beforeAll, expect } from 'vitest';
import type { Session, Todo } from '@keel/contract';
import { bodyOf } from './test-app.js';
import { addTeam as addTeamOf, useTeamSuite, type TeamSuiteState } from './team-fixtures.js';

/** The cast of the to-do route tests: the team suite's, plus a second team of the organization. */
export interface TodosTestState extends TeamSuiteState {
  secondTeamId: string;
}

/** Registers the suite's database and returns helpers that read it once it is ready. */
export function useTodosFixture() {
  const suite = useTeamSuite();
  const state = suite.state as TodosTestState;
  const { call } = suite;

  const addTeam = (name: string) => addTeamOf(state.context, state.owner, name);

  /** Creates through `path` (one object per owner): the owner's, in the suite's team, unless overridden. */
  const creator =
    <T>(path: string, title: string) =>
    async (overrides: Record<string, unknown> = {}, session?: Session): Promise<T[]> => {
      const response = await call(session ?? state.owner, 'POST', path, {
        title,
        ownerIds: [state.owner.user.id],
        teamId: state.teamId,
        ...overrides,
      });
      expect(response.statusCode, response.body).toBe(201);
      return bodyOf<{ data: T[] }>(response).data;
    };
  /** The first of what `createMany` makes: for tests that give one owner. */
  const single =
    <T>(createMany: (overrides?: Record<string, unknown>) => Promise<T[]>) =>
    async (overrides: Record<string, unknown> = {}) => {
      const [first] = await createMany(overrides);
      if (!first) throw new Error('nothing created');
      return first;
    };
  const create = creator<Todo>('/todos', 'Call the bank');
  const createOne = single(create);
  /** A to-do of the other organization, whose id must read as absent to the first. */
  const createTheirs = async () => {
    const theirs = await call(
      state.other,
      'POST',
      '/todos',
      { title: 'x', ownerIds: [state.other.user.id], teamId: state.otherTeamId },
      state.other.user.organizationId,
    );
    return bodyOf<{ data: Todo[] }>(theirs).data[0]!.id;
  };

  beforeAll(async () => {
    state.secondTeamId = await addTeam('Sales');
  });

  return { ...suite, state, creator, single, create, createOne, createTheirs, addTeam };
}
