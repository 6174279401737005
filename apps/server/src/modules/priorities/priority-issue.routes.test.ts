import { describe, expect, it } from 'vitest';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';
import { expectRaiseGuarded, expectRaiseNotFound, expectRaisedIssue } from '../../test-support/issues-fixture.js';
import { bodyOf, changeEvent, recordedChanges } from '../../test-support/test-app.js';
import { createIssueRaiser } from '../issues/index.js';
import { priorityIssueDraft } from './priorities.service.js';

const { state: t, call, createPriority } = usePrioritiesFixture();

describe('POST /priorities/{id}/issue', () => {
  it('turns an off-track priority into an open issue of its team, linked back and audited', async () => {
    const priority = await createPriority({ title: 'Ship v2', description: 'Slipping on QA' });
    const status = await call(t.owner, 'POST', `/priorities/${priority.id}/status`, {
      status: 'off_track',
      version: priority.version,
    });
    expect(status.statusCode, status.body).toBe(200);

    const response = await call(t.member, 'POST', `/priorities/${priority.id}/issue`);
    await expectRaisedIssue(t, response, {
      title: 'Ship v2',
      description: 'Slipping on QA',
      source: { kind: 'priority', id: priority.id },
    });
  });

  it('answers 401 without a token and 403 for an observer', async () => {
    const priority = await createPriority();
    await expectRaiseGuarded(t, '/priorities', priority.id);
  });

  it('answers 400 for a malformed id', async () => {
    expect((await call(t.owner, 'POST', '/priorities/not-a-uuid/issue')).statusCode).toBe(400);
  });

  it("answers 404 for another organization's priority or path id, creating nothing", async () => {
    const otherOrg = t.other.user.organizationId;
    const theirs = await call(
      t.other,
      'POST',
      '/priorities',
      { title: 'Their priority', ownerIds: [t.other.user.id], teamId: t.otherTeamId },
      otherOrg,
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    const [their] = bodyOf<{ data: { id: string }[] }>(theirs).data;
    const mine = await createPriority();
    await expectRaiseNotFound(t, '/priorities', their!.id, mine.id);
  });

  it('publishes the new issue for its team after the commit', async () => {
    const priority = await createPriority();
    const { changes: bus, events } = recordedChanges();
    const raiser = createIssueRaiser({ db: t.context.database.db, changes: bus });
    const caller = { organizationId: t.orgId, userId: t.member.user.id };
    const raised = await raiser.raise(caller, { ipAddress: 'test', userAgent: 'vitest' }, (organizationId) =>
      priorityIssueDraft(organizationId, priority.id),
    );
    expect(events).toEqual([
      changeEvent(t.member, t.teamId, { entity: 'issue', ids: [raised.issueId], action: 'created' }),
    ]);
  });
});
