import { describe, expect, it } from 'vitest';
import type { PriorityList } from '@keel/contract';
import { bodyOf, expectDocumented } from '../../test-support/test-app.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';
import { statementCounter } from '../../test-support/test-database.js';

const { state: t, call, addTeam, createPriorities, createPriority, addMilestone } = usePrioritiesFixture();

describe('OpenAPI', () => {
  it('documents every priority route', async () => {
    const base = '/api/v1/organizations/{organizationId}';
    await expectDocumented(t.context, [
      `${base}/fiscal-quarters`,
      `${base}/priorities`,
      `${base}/priorities/{id}`,
      `${base}/priorities/{id}/status`,
      `${base}/priorities/{id}/archive`,
      `${base}/priorities/{id}/restore`,
      `${base}/priorities/{id}/milestones`,
      `${base}/priorities/{id}/milestones/order`,
      `${base}/priorities/{id}/milestones/{milestoneId}`,
      `${base}/priorities/{id}/updates`,
      `${base}/priorities/{id}/attachments`,
      `${base}/priorities/{id}/attachments/{attachmentId}`,
    ]);
  });
});

describe('no N+1', () => {
  it('lists 1 or 30 priorities with milestones in the same number of statements', async () => {
    const counter = statementCounter(t.context.database);
    if (!counter) return; // On a PostgreSQL server the benchmarks measure this instead.
    const countList = async (teamId: string) => {
      let listed: PriorityList['data'] = [];
      const statements = await counter.count(async () => {
        const response = await call(t.owner, 'GET', `/priorities?teamId=${teamId}`);
        expect(response.statusCode).toBe(200);
        listed = bodyOf<PriorityList>(response).data;
      });
      return { statements, listed };
    };
    const small = await addTeam('Small');
    const large = await addTeam('Large');
    await addMilestone((await createPriority({ teamId: small })).id);
    const many = await createPriorities({
      teamId: large,
      ownerIds: [t.owner.user.id, t.member.user.id, t.observer.user.id],
    });
    for (const priority of many) {
      await addMilestone(priority.id);
      await addMilestone(priority.id);
    }
    const few = await countList(small);
    const lots = await countList(large);
    expect(few.listed).toHaveLength(1);
    expect(lots.listed).toHaveLength(3);
    expect(lots.listed.every((priority) => priority.milestones.length === 2)).toBe(true);
    expect(few.statements).toBeGreaterThan(0);
    expect(lots.statements).toBe(few.statements);
  });
});
