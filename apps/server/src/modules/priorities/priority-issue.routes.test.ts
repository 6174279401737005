import { describe, expect, it } from 'vitest';
import type { Issue, RaisedIssue } from '@keel/contract';
import { createChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';
import { bodyOf, queryAsOwner } from '../../test-support/test-app.js';
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
    expect(response.statusCode, response.body).toBe(201);
    const raised = bodyOf<{ data: RaisedIssue }>(response).data;
    expect(raised.teamId).toBe(t.teamId);

    const issue = bodyOf<{ data: Issue }>(await call(t.member, 'GET', `/issues/${raised.issueId}`)).data;
    expect(issue).toMatchObject({
      title: 'Ship v2',
      description: 'Slipping on QA',
      teamId: t.teamId,
      source: { kind: 'priority', id: priority.id },
    });
    const audit = await queryAsOwner(
      t.context.database,
      `select summary from audit_events where action = 'issue.raised_from_source' and target_id = '${raised.issueId}'`,
    );
    expect(JSON.stringify(audit)).toContain(priority.id);
  });

  it('answers 401 without a token and 403 for an observer', async () => {
    const priority = await createPriority();
    expect((await call(null, 'POST', `/priorities/${priority.id}/issue`)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', `/priorities/${priority.id}/issue`)).statusCode).toBe(403);
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
    expect((await call(t.owner, 'POST', `/priorities/${their!.id}/issue`)).statusCode).toBe(404);
    const mine = await createPriority();
    expect((await call(t.owner, 'POST', `/priorities/${mine.id}/issue`, undefined, otherOrg)).statusCode).toBe(404);
    const count = await queryAsOwner(
      t.context.database,
      `select count(*)::int as n from issues where source_id in ('${their!.id}', '${mine.id}')`,
    );
    expect(count).toEqual([{ n: 0 }]);
  });

  it('publishes the new issue for its team after the commit', async () => {
    const priority = await createPriority();
    const bus = createChangeBus();
    const events: ChangeEvent[] = [];
    bus.subscribe((event) => events.push(event));
    const raiser = createIssueRaiser({ db: t.context.database.db, changes: bus });
    const caller = { organizationId: t.orgId, userId: t.member.user.id };
    const raised = await raiser.raise(caller, { ipAddress: 'test', userAgent: 'vitest' }, (organizationId) =>
      priorityIssueDraft(organizationId, priority.id),
    );
    expect(events).toEqual([
      {
        organizationId: t.orgId,
        teamId: t.teamId,
        entity: 'issue',
        ids: [raised.issueId],
        action: 'created',
        actorUserId: t.member.user.id,
      },
    ]);
  });
});
