import { describe, expect, it } from 'vitest';
import type { Headline } from '@keel/contract';
import { useTeamSuite } from '../../test-support/team-fixtures.js';
import { expectRaiseGuarded, expectRaiseNotFound, expectRaisedIssue } from '../../test-support/issues-fixture.js';
import { bodyOf, expectDocumented } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();

const createHeadline = async (session = t.owner, org = t.orgId, team = t.teamId) => {
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
    const response = await call(t.member, 'POST', `/headlines/${headline.id}/issue`);
    await expectRaisedIssue(t, response, {
      title: 'Acme may churn',
      description: 'Support backlog',
      source: { kind: 'headline', id: headline.id },
    });
  });

  it('answers 401 without a token, 403 for an observer, 400 for a malformed id', async () => {
    const headline = await createHeadline();
    await expectRaiseGuarded(t, '/headlines', headline.id);
    expect((await call(t.owner, 'POST', '/headlines/not-a-uuid/issue')).statusCode).toBe(400);
  });

  it("answers 404 for another organization's headline or path id, creating nothing", async () => {
    const theirs = await createHeadline(t.other, t.other.user.organizationId, t.otherTeamId);
    const mine = await createHeadline();
    await expectRaiseNotFound(t, '/headlines', theirs.id, mine.id);
  });

  it('is documented in the OpenAPI document', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/headlines/{id}/issue',
      '/api/v1/organizations/{organizationId}/priorities/{id}/issue',
    ]);
  });
});
