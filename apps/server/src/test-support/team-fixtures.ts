import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { Role, Session } from '@keel/contract';
import { bearer, bodyOf, queryAsOwner, useTenantFixture, type TestContext } from './test-app.js';

/** Teams, and the usual cast around them, for route tests of team-scoped objects. */

export async function leadershipTeamOf(context: TestContext, session: Session): Promise<string> {
  const [team] = await queryAsOwner<{ id: string }>(
    context.database,
    `select id from teams where organization_id = '${session.user.organizationId}' and is_leadership_team`,
  );
  if (!team) throw new Error('no leadership team');
  return team.id;
}

/** A further team of the session's organization, with the given people as members. */
export async function addTeam(
  context: TestContext,
  session: Session,
  name: string,
  memberIds: string[] = [],
): Promise<string> {
  const organizationId = session.user.organizationId;
  const [team] = await queryAsOwner<{ id: string }>(
    context.database,
    `insert into teams (organization_id, name) values ('${organizationId}', '${name}') returning id`,
  );
  if (!team) throw new Error('team insert returned nothing');
  for (const userId of memberIds) {
    await queryAsOwner(
      context.database,
      `insert into team_members (organization_id, team_id, user_id) values ('${organizationId}', '${team.id}', '${userId}')`,
    );
  }
  return team.id;
}

export const malformedJson = (url: string, session: Session, method: 'POST' | 'PATCH' = 'POST') => ({
  method,
  url,
  headers: { ...bearer(session), 'content-type': 'application/json' },
  payload: '{"text":',
});

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The usual cast of a team-scoped route test: an organization, its people, and a stranger's organization. */
export interface TeamSuiteState<R extends Role = never> {
  context: TestContext;
  owner: Session;
  member: Session;
  observer: Session;
  /** The owner of a second organization, whose ids must read as absent (404) to the first. */
  other: Session;
  members: Record<'member' | 'observer' | R, Session>;
  orgId: string;
  /** The leadership team of the organization under test. */
  teamId: string;
  /** The leadership team of the other organization. */
  otherTeamId: string;
}

/** A request as `session` (none: anonymous) to `/api/v1/organizations/{org}{path}`. */
export type OrgCall = (
  session: Session | null,
  method: Method,
  path: string,
  payload?: unknown,
  org?: string,
) => Promise<LightMyRequestResponse>;

/** Requests to the organization under test (or `org`), for as long as `state` is ready. */
export const callerOf =
  (state: Pick<TeamSuiteState, 'context' | 'orgId'>): OrgCall =>
  (session, method, path, payload, org = state.orgId) =>
    state.context.app.inject({
      method,
      url: `/api/v1/organizations/${org}${path}`,
      headers: session ? bearer(session) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/**
 * Registers the suite's cast (filled in before its first test, closed after its last) and returns callers
 * that read it once it is ready. `extraRoles` join the member and observer, created between the two.
 */
export function useTeamSuite<R extends Role = never>(
  extraRoles: readonly R[] = [],
  env?: () => Record<string, string>,
) {
  const tenant = useTenantFixture<'member' | 'observer' | R>(['member', ...extraRoles, 'observer'], {}, env);
  const state = {} as TeamSuiteState<R>;

  beforeAll(async () => {
    const { context, owner, other, members } = tenant;
    Object.assign(state, { context, owner, other, members, member: members.member, observer: members.observer });
    state.orgId = owner.user.organizationId;
    state.teamId = await leadershipTeamOf(context, owner);
    state.otherTeamId = await leadershipTeamOf(context, other);
  });

  const call = callerOf(state);
  /** The same caller for suites that speak to one resource, its paths given below `prefix`. */
  const callUnder =
    (prefix: string): OrgCall =>
    (session, method, path, payload, org) =>
      call(session, method, `${prefix}${path}`, payload, org);

  return { state, call, callUnder };
}

/** Reads a page of the suite team's list through `call` (one resource's caller), which must answer 200. */
export const teamListReader =
  <P>(t: Pick<TeamSuiteState, 'teamId'>, call: OrgCall) =>
  async (session: Session, query = '') => {
    const response = await call(session, 'GET', `?teamId=${t.teamId}${query}`);
    expect(response.statusCode).toBe(200);
    return bodyOf<P>(response);
  };
