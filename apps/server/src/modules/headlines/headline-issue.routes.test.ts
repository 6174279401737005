import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headline, Issue, RaisedIssue, Session } from '@keel/contract';
import { leadershipTeamOf } from '../../test-support/team-fixtures.js';
import { bearer, bodyOf, createTenantFixture, queryAsOwner, type TestContext } from '../../test-support/test-app.js';

let context: TestContext;
let owner: Session;
let member: Session;
let observer: Session;
let other: Session;
let teamId: string;
let otherTeamId: string;
let orgId: string;

beforeAll(async () => {
  ({
    context,
    owner,
    other,
    members: { member, observer },
  } = await createTenantFixture(['member', 'observer']));
  orgId = owner.user.organizationId;
  teamId = await leadershipTeamOf(context, owner);
  otherTeamId = await leadershipTeamOf(context, other);
});
afterAll(async () => {
  await context.close();
});

const call = (session: Session | null, method: 'GET' | 'POST', path: string, payload?: unknown, org = orgId) =>
  context.app.inject({
    method,
    url: `/api/v1/organizations/${org}${path}`,
    headers: session ? bearer(session) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const createHeadline = async (session = owner, org = orgId, team = teamId) => {
  const response = await call(
    session,
    'POST',
    '/headlines',
    { teamId: team, text: 'Acme may churn', details: 'Support backlog', type: 'customer' },
    org,
  );
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: Headline }>(response).data;
};

describe('POST /organizations/{id}/headlines/{id}/issue', () => {
  it('turns a headline into an open issue of its team, linked back and audited', async () => {
    const headline = await createHeadline();
    const response = await call(member, 'POST', `/headlines/${headline.id}/issue`);
    expect(response.statusCode, response.body).toBe(201);
    const raised = bodyOf<{ data: RaisedIssue }>(response).data;
    expect(raised.teamId).toBe(teamId);

    const issue = bodyOf<{ data: Issue }>(await call(member, 'GET', `/issues/${raised.issueId}`)).data;
    expect(issue).toMatchObject({
      title: 'Acme may churn',
      description: 'Support backlog',
      teamId,
      source: { kind: 'headline', id: headline.id },
    });
    const audit = await queryAsOwner(
      context.database,
      `select summary from audit_events where action = 'issue.raised_from_source' and target_id = '${raised.issueId}'`,
    );
    expect(JSON.stringify(audit)).toContain(headline.id);
  });

  it('answers 401 without a token, 403 for an observer, 400 for a malformed id', async () => {
    const headline = await createHeadline();
    expect((await call(null, 'POST', `/headlines/${headline.id}/issue`)).statusCode).toBe(401);
    expect((await call(observer, 'POST', `/headlines/${headline.id}/issue`)).statusCode).toBe(403);
    expect((await call(owner, 'POST', '/headlines/not-a-uuid/issue')).statusCode).toBe(400);
  });

  it("answers 404 for another organization's headline or path id, creating nothing", async () => {
    const otherOrg = other.user.organizationId;
    const theirs = await createHeadline(other, otherOrg, otherTeamId);
    expect((await call(owner, 'POST', `/headlines/${theirs.id}/issue`)).statusCode).toBe(404);
    const mine = await createHeadline();
    expect((await call(owner, 'POST', `/headlines/${mine.id}/issue`, undefined, otherOrg)).statusCode).toBe(404);
    const count = await queryAsOwner(
      context.database,
      `select count(*)::int as n from issues where source_id in ('${theirs.id}', '${mine.id}')`,
    );
    expect(count).toEqual([{ n: 0 }]);
  });

  it('is documented in the OpenAPI document', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(bodyOf<{ paths: Record<string, unknown> }>(response).paths);
    expect(paths).toContain('/api/v1/organizations/{organizationId}/headlines/{id}/issue');
    expect(paths).toContain('/api/v1/organizations/{organizationId}/priorities/{id}/issue');
  });
});
