import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.js';
import { inTenant } from '../db/scope.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { createJobQueue, type JobContext, type JobQueue } from './job-queue.js';
import { JOB_SCHEMA } from './job-schema.js';

const silent = { error: () => undefined, warn: () => undefined };
const organizationId = randomUUID();
const asTenant = <T>(database: DatabaseHandle, work: () => Promise<T>) =>
  inTenant(database.db, { organizationId, userId: null }, work);

let database: DatabaseHandle;
let queue: JobQueue | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await queue?.stop();
  queue = undefined;
  await database.ownerSql.query(`delete from ${JOB_SCHEMA}.job; delete from failed_operations`);
});
afterAll(async () => {
  await database.close();
});

/** A queue with one kind whose run is the test's; retries one second apart (pg-boss's shortest). */
async function queueRunning(
  run: (payload: { n: number }, context: JobContext) => Promise<void>,
  options: { retryLimit?: number; onChange?: (organizationId: string, id: string) => void } = {},
) {
  const created = createJobQueue({
    database,
    log: silent,
    supervise: false,
    ...(options.onChange ? { onFailedOperationChange: options.onChange } : {}),
  });
  created.define({
    kind: 'database.backup',
    payload: z.object({ n: z.number() }),
    retryLimit: options.retryLimit ?? 2,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    run,
  });
  await created.prepare();
  await created.start();
  queue = created;
  return created;
}

const failedRows = () =>
  database.ownerSql.query(`select kind, description, attempts, last_error, status from failed_operations`, []);

describe('the job queue', () => {
  it('runs a job only once its transaction commits, and never one whose transaction rolled back', async () => {
    const ran: number[] = [];
    const jobs = await queueRunning(async ({ n }) => {
      ran.push(n);
    });
    await expect(
      asTenant(database, async () => {
        await jobs.enqueue('database.backup', { n: 1 }, { organizationId, description: 'rolled back' });
        throw new Error('the use case failed');
      }),
    ).rejects.toThrow('the use case failed');
    const committedAt = Date.now();
    await asTenant(database, () => jobs.enqueue('database.backup', { n: 2 }, { organizationId, description: 'kept' }));
    await jobs.whenIdle();
    // Woken by the commit, not by the next poll.
    expect(Date.now() - committedAt).toBeLessThan(1_000);
    expect(ran).toEqual([2]);
  });

  it('retries with backoff and succeeds on a later attempt', async () => {
    const attempts: JobContext[] = [];
    const jobs = await queueRunning(async (_payload, context) => {
      attempts.push(context);
      if (context.attempt < 2) throw new Error('the server is away');
    });
    await asTenant(database, () => jobs.enqueue('database.backup', { n: 1 }, { organizationId, description: 'x' }));
    await jobs.whenIdle(15_000);
    expect(attempts.map((context) => [context.attempt, context.isLastAttempt])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect((await failedRows()).rows).toEqual([]);
  });

  it('records a poisoned job as a failed operation after its attempts, and keeps running the others', async () => {
    const changes: string[] = [];
    const ran: number[] = [];
    const jobs = await queueRunning(
      async ({ n }) => {
        if (n === 0) throw new Error('always broken\n  at the same place');
        ran.push(n);
      },
      { retryLimit: 1, onChange: (organization) => changes.push(organization) },
    );
    const failures: [string, boolean][] = [];
    jobs.onAttemptFailed((kind, gaveUp) => failures.push([kind, gaveUp]));
    await asTenant(database, async () => {
      await jobs.enqueue('database.backup', { n: 0 }, { organizationId, description: 'Poisoned work' });
      for (const n of [1, 2, 3]) await jobs.enqueue('database.backup', { n }, { organizationId, description: 'fine' });
    });
    await jobs.whenIdle(15_000);
    expect(ran.sort()).toEqual([1, 2, 3]);
    expect((await failedRows()).rows).toEqual([
      {
        kind: 'database.backup',
        description: 'Poisoned work',
        attempts: 2,
        last_error: 'always broken at the same place',
        status: 'failed',
      },
    ]);
    expect(changes).toEqual([organizationId]);
    expect(await jobs.stats()).toMatchObject({ depth: 0, failed: 1 });
    expect(failures).toEqual([
      ['database.backup', false],
      ['database.backup', true],
    ]);
    expect(await jobs.countsByKind()).toEqual([
      { kind: 'database.backup', waiting: 0, retrying: 0, running: 0, failed: 1 },
    ]);
  });

  it('records a job whose data no longer fits its kind once, without retrying it', async () => {
    let runs = 0;
    const jobs = await queueRunning(async () => {
      runs += 1;
    });
    await asTenant(database, () =>
      jobs.enqueue('database.backup', { n: 'not a number' } as never, { organizationId, description: 'Old data' }),
    );
    await jobs.whenIdle();
    expect(runs).toBe(0);
    expect((await failedRows()).rows).toMatchObject([
      { description: 'Old data', attempts: 1, last_error: expect.stringContaining('no longer fits') as string },
    ]);
  });

  it('sends a failed operation back under its own id; success clears it, another failure adds its attempts', async () => {
    let healthy = false;
    const jobs = await queueRunning(
      async () => {
        if (!healthy) throw new Error('still broken');
      },
      { retryLimit: 0 },
    );
    await asTenant(database, () => jobs.enqueue('database.backup', { n: 1 }, { organizationId, description: 'x' }));
    await jobs.whenIdle();
    const [failed] = (await database.ownerSql.query(`select id, payload from failed_operations`, [])).rows;
    const operation = {
      id: String(failed!.id),
      kind: 'database.backup' as const,
      payload: failed!.payload,
      organizationId,
      description: 'x',
    };

    const retried = await asTenant(database, () => jobs.requeue(operation));
    await database.ownerSql.query(`update failed_operations set status = 'retrying', run_id = $1`, [retried]);
    await jobs.whenIdle();
    expect((await failedRows()).rows).toMatchObject([{ attempts: 2, status: 'failed' }]);

    healthy = true;
    const recovered = await asTenant(database, () => jobs.requeue(operation));
    await database.ownerSql.query(`update failed_operations set status = 'retrying', run_id = $1`, [recovered]);
    await jobs.whenIdle();
    expect((await failedRows()).rows).toEqual([]);
  });

  it('refuses to enqueue outside a transaction or for a kind nobody defined', async () => {
    const jobs = await queueRunning(async () => undefined);
    await expect(jobs.enqueue('database.backup', { n: 1 }, { organizationId, description: 'x' })).rejects.toThrow(
      /outside a scoped transaction/,
    );
    await expect(
      asTenant(database, () => jobs.enqueue('mail.deliver', {}, { organizationId, description: 'x' })),
    ).rejects.toThrow(/no job kind mail.deliver/);
  });

  // The embedded database's own case (one process); on PostgreSQL an orphaned job waits for its expiry.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'puts a job cut off by a stop of the embedded server back in the queue on the next start',
    async () => {
      const ran: number[] = [];
      const jobs = await queueRunning(async ({ n }) => {
        ran.push(n);
      });
      await jobs.stop();
      queue = undefined;
      await asTenant(database, () => jobs.enqueue('database.backup', { n: 7 }, { organizationId, description: 'x' }));
      // What a killed process leaves behind: the job marked running, by nobody.
      await database.ownerSql.query(`update ${JOB_SCHEMA}.job set state = 'active', started_on = now()`);
      const restarted = await queueRunning(async ({ n }) => {
        ran.push(n);
      });
      await restarted.whenIdle();
      expect(ran).toEqual([7]);
    },
  );

  it('keeps a recurring job by its cron expression, once per kind however often it is scheduled', async () => {
    const jobs = await queueRunning(async () => undefined);
    const meta = { organizationId: null, description: 'Nightly' };
    await jobs.schedule('database.backup', '0 3 * * *', { n: 1 }, meta);
    await jobs.schedule('database.backup', '30 2 * * *', { n: 1 }, meta);
    const { rows } = await database.ownerSql.query(`select name, cron, timezone from ${JOB_SCHEMA}.schedule`, []);
    expect(rows).toEqual([{ name: 'database.backup', cron: '30 2 * * *', timezone: 'UTC' }]);
  });
});
