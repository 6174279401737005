import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { Issue, RaisedIssue, Session } from '@keel/contract';
import { bodyOf, queryAsOwner } from './test-app.js';
import { addTeam, callerOf, useTeamSuite, type TeamSuiteState } from './team-fixtures.js';

export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

export interface IssuesSuiteState extends TeamSuiteState {
  /** An issue of the other organization, which must read as absent to the first. */
  otherIssue: Issue;
}

/**
 * The team suite for the issues routes, with `call` below `/issues`. With `teamName`, the suite's team is a
 * new team of that name instead of the leadership team (issues ranked there must not meet other suites').
 */
export function useIssuesSuite(teamName?: string) {
  const suite = useTeamSuite();
  const state = suite.state as IssuesSuiteState;
  const call = suite.callUnder('/issues');

  /** Issue helpers for one team; `org` for a team of the other organization. */
  const issuesFor = (teamId: string, org?: string) => ({
    create: async (session: Session, payload: Record<string, unknown> = {}) => {
      const response = await call(session, 'POST', '', { teamId, title: 'Hiring is slow', ...payload }, org);
      expect(response.statusCode).toBe(201);
      return bodyOf<{ data: Issue }>(response).data;
    },
  });
  const create = (session: Session, payload: Record<string, unknown> = {}) =>
    issuesFor(state.teamId).create(session, payload);
  const get = async (session: Session, id: string) => {
    const response = await call(session, 'GET', `/${id}`);
    expect(response.statusCode).toBe(200);
    return bodyOf<{ data: Issue }>(response).data;
  };

  beforeAll(async () => {
    if (teamName) state.teamId = await addTeam(state.context, state.owner, teamName);
    state.otherIssue = await issuesFor(state.otherTeamId, state.other.user.organizationId).create(state.other);
  });

  return { ...suite, state, call, create, get, issuesFor };
}

/** Expects `response` to have raised an open issue from `expected.source` in the suite's team, linked back, audited. */
export async function expectRaisedIssue(
  t: TeamSuiteState,
  response: LightMyRequestResponse,
  expected: { title: string; description: string; source: { kind: string; id: string } },
) {
  expect(response.statusCode, response.body).toBe(201);
  const raised = bodyOf<{ data: RaisedIssue }>(response).data;
  expect(raised.teamId).toBe(t.teamId);

  const issue = bodyOf<{ data: Issue }>(await callerOf(t)(t.member, 'GET', `/issues/${raised.issueId}`)).data;
  expect(issue).toMatchObject({
    title: expected.title,
    description: expected.description,
    teamId: t.teamId,
    source: expected.source,
  });
  const audit = await queryAsOwner(
    t.context.database,
    `select summary from audit_events where action = 'issue.raised_from_source' and target_id = '${raised.issueId}'`,
  );
  expect(JSON.stringify(audit)).toContain(expected.source.id);
}

/** Raising an issue from `{collection}/{sourceId}` needs a token, and more than an observer's role. */
export async function expectRaiseGuarded(t: TeamSuiteState, collection: string, sourceId: string) {
  const call = callerOf(t);
  expect((await call(null, 'POST', `${collection}/${sourceId}/issue`)).statusCode).toBe(401);
  expect((await call(t.observer, 'POST', `${collection}/${sourceId}/issue`)).statusCode).toBe(403);
}

/** Another organization's source, or ours by another organization's path, reads as absent: nothing is raised. */
export async function expectRaiseNotFound(t: TeamSuiteState, collection: string, theirId: string, mineId: string) {
  const call = callerOf(t);
  const otherOrg = t.other.user.organizationId;
  expect((await call(t.owner, 'POST', `${collection}/${theirId}/issue`)).statusCode).toBe(404);
  expect((await call(t.owner, 'POST', `${collection}/${mineId}/issue`, undefined, otherOrg)).statusCode).toBe(404);
  const count = await queryAsOwner(
    t.context.database,
    `select count(*)::int as n from issues where source_id in ('${theirId}', '${mineId}')`,
  );
  expect(count).toEqual([{ n: 0 }]);
}
