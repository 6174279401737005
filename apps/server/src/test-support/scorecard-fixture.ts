import { beforeAll, expect } from 'vitest';
import {
  addDays,
  expandScorecardGrid,
  scorecardGridWireSchema,
  toIsoDate,
  type Measurable,
  type ScorecardGrid,
  type ScoreWrite,
  type Session,
} from '@keel/contract';
import { bodyOf } from './test-app.js';
import { addTeam as addTeamOf, useTeamSuite, type TeamSuiteState } from './team-fixtures.js';

/** The cast of the scorecard route tests: the team suite's, plus a department of the organization. */
export interface ScorecardTestState extends TeamSuiteState {
  departmentId: string;
  /** Monday of the current week (organizations start weeks on Monday unless they say otherwise). */
  thisWeek: string;
}

/** The Monday on or before `date`. */
export const mondayOf = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
};

/** Registers the suite's database and returns helpers that read it once it is ready. */
export function useScorecardFixture() {
  const suite = useTeamSuite();
  const state = suite.state as ScorecardTestState;
  const { call } = suite;

  const addTeam = (name: string) => addTeamOf(state.context, state.owner, name);

  /** The week `count` weeks from this one (negative: before). */
  const week = (count: number) => addDays(state.thisWeek, count * 7);

  /** A weekly manual measurable of the suite's team owned by the owner, starting 20 weeks ago, unless overridden. */
  const createMeasurable = async (overrides: Record<string, unknown> = {}, session?: Session): Promise<Measurable> => {
    const response = await call(session ?? state.owner, 'POST', '/measurables', {
      title: 'Revenue',
      ownerId: state.owner.user.id,
      teamId: state.teamId,
      startsOn: week(-20),
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return bodyOf<{ data: Measurable }>(response).data;
  };

  const writeScore = async (
    measurableId: string,
    periodStart: string,
    body: Record<string, unknown>,
    session?: Session,
  ): Promise<ScoreWrite> => {
    const response = await call(
      session ?? state.owner,
      'PUT',
      `/measurables/${measurableId}/scores/${periodStart}`,
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
    return bodyOf<{ data: ScoreWrite }>(response).data;
  };

  const readGrid = async (query: string, session?: Session): Promise<ScorecardGrid> => {
    const response = await call(session ?? state.owner, 'GET', `/scorecard?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    // The grid is written in its wire form by the built-answer serializer: it must read as the contract says.
    return expandScorecardGrid(scorecardGridWireSchema.parse(bodyOf<{ data: unknown }>(response).data));
  };

  const rowOf = (grid: ScorecardGrid, id: string) => {
    const row = grid.rows.find((candidate) => candidate.measurable.id === id);
    if (!row) throw new Error(`no row ${id}`);
    return row;
  };

  const cellAt = (grid: ScorecardGrid, id: string, periodStart: string) => {
    const cell = rowOf(grid, id).cells.find((candidate) => candidate.periodStart === periodStart);
    if (!cell) throw new Error(`no cell ${id} ${periodStart}`);
    return cell;
  };

  beforeAll(async () => {
    state.departmentId = await addTeam('Sales');
    state.thisWeek = mondayOf(toIsoDate(new Date()));
  });

  return { ...suite, state, addTeam, week, createMeasurable, writeScore, readGrid, rowOf, cellAt };
}
