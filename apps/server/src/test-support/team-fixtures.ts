import type { Session } from '@keel/contract';
import { queryAsOwner, type TestContext } from './test-app.js';

/** Teams for route tests of team-scoped objects (headlines, cascading messages). */

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
  headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
  payload: '{"text":',
});
