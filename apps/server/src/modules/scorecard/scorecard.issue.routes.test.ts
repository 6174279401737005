import { describe, expect, it } from 'vitest';
import type { Measurable } from '@keel/contract';
import { expectRaiseGuarded, expectRaiseNotFound, expectRaisedIssue } from '../../test-support/issues-fixture.js';
import { useScorecardFixture } from '../../test-support/scorecard-fixture.js';
import { bodyOf, expectDocumented } from '../../test-support/test-app.js';

const { state: t, call, createMeasurable, week } = useScorecardFixture();

describe('POST /organizations/{id}/measurables/{id}/issue', () => {
  it('drops a measurable off track onto its team issues list, linked back and audited', async () => {
    const measurable = await createMeasurable({ title: 'Qualified calls', description: 'Below 50 for three weeks' });
    const response = await call(t.member, 'POST', `/measurables/${measurable.id}/issue`);
    await expectRaisedIssue(t, response, {
      title: 'Qualified calls is off track',
      description: 'Below 50 for three weeks',
      source: { kind: 'measurable', id: measurable.id },
    });
  });

  it('answers 401 without a token, 403 for an observer, 400 for a malformed id', async () => {
    const measurable = await createMeasurable();
    await expectRaiseGuarded(t, '/measurables', measurable.id);
    expect((await call(t.owner, 'POST', '/measurables/not-a-uuid/issue')).statusCode).toBe(400);
  });

  it("answers 404 for another organization's measurable or path id, creating nothing", async () => {
    const theirs = await call(
      t.other,
      'POST',
      '/measurables',
      { title: 'Theirs', ownerId: t.other.user.id, teamId: t.otherTeamId, startsOn: week(-4) },
      t.other.user.organizationId,
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    const mine = await createMeasurable();
    await expectRaiseNotFound(t, '/measurables', bodyOf<{ data: Measurable }>(theirs).data.id, mine.id);
    await expectDocumented(t.context, ['/api/v1/organizations/{organizationId}/measurables/{id}/issue']);
  });
});
