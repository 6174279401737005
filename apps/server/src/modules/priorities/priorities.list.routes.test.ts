import type { PGlite, Transaction } from '@electric-sql/pglite';
import { describe, expect, it, vi } from 'vitest';
import type { PriorityList } from '@keel/contract';
import { bodyOf } from '../../test-support/test-app.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';

const { state: t, call, addTeam, createPriorities, createPriority, addMilestone } = usePrioritiesFixture();

describe('OpenAPI', () => {
  it('documents every priority route', async () => {
    const response = await t.context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(bodyOf<{ paths: Record<string, unknown> }>(response).paths);
    const base = '/api/v1/organizations/{organizationId}';
    for (const path of [
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
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('no N+1', () => {
  it('lists 1 or 30 priorities with milestones in the same number of statements', async () => {
    const pglite = (t.context.database as { pglite?: PGlite }).pglite;
    if (!pglite) return; // Counting hooks into the embedded driver; PostgreSQL runs are measured by the benchmarks.
    let statements = 0;
    const original = pglite.transaction.bind(pglite);
    const counted = <T>(tx: Transaction, callback: (tx: Transaction) => Promise<T>) =>
      callback(
        new Proxy(tx, {
          get(target, property, receiver) {
            const value: unknown = Reflect.get(target, property, receiver);
            if (property !== 'query' || typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              statements += 1;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        }),
      );
    const countList = async (teamId: string) => {
      statements = 0;
      const response = await call(t.owner, 'GET', `/priorities?teamId=${teamId}`);
      expect(response.statusCode).toBe(200);
      return { statements, listed: bodyOf<PriorityList>(response).data };
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
    vi.spyOn(pglite, 'transaction').mockImplementation((callback) => original((tx) => counted(tx, callback)));
    try {
      const few = await countList(small);
      const lots = await countList(large);
      expect(few.listed).toHaveLength(1);
      expect(lots.listed).toHaveLength(3);
      expect(lots.listed.every((priority) => priority.milestones.length === 2)).toBe(true);
      expect(few.statements).toBeGreaterThan(0);
      expect(lots.statements).toBe(few.statements);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
