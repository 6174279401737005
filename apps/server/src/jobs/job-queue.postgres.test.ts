import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.js';
import { inTenant } from '../db/scope.js';
import { serverDatabase } from '../test-support/test-database.js';
import { createJobQueue } from './job-queue.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const workerScript = fileURLToPath(new URL('../test-support/job-worker-process.ts', import.meta.url));
const JOBS = 1_000;

function startWorker(url: string, name: string): Promise<ChildProcess> {
  const child = fork(workerScript, [url, name], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker ${name} exited with ${code}`)));
  });
}

const stopWorker = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });

/** Several server processes on one PostgreSQL, as behind a load balancer: one queue, each job run once. */
describe.skipIf(!databaseUrl)('the job queue across processes (PostgreSQL)', () => {
  let database: DatabaseHandle & { url: string };
  let workers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await serverDatabase(databaseUrl!);
    await database.ownerSql.query(
      'create table job_runs (operation_id uuid not null, n int not null, worker text not null)',
    );
  });
  afterAll(async () => {
    await Promise.all(workers.map(stopWorker));
    await database?.close();
  });

  it(`runs ${JOBS} jobs enqueued while two other processes work the queue: none twice, none lost`, async () => {
    const enqueuer = createJobQueue({
      database,
      log: { error: () => undefined, warn: () => undefined },
      supervise: false,
    });
    enqueuer.define({
      kind: 'database.backup',
      payload: z.object({ n: z.number() }),
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      run: async () => undefined,
    });
    await enqueuer.prepare();
    workers = await Promise.all([startWorker(database.url, 'first'), startWorker(database.url, 'second')]);

    const organizationId = randomUUID();
    for (let batch = 0; batch < 10; batch += 1) {
      await inTenant(database.db, { organizationId, userId: null }, async () => {
        for (let n = batch * 100; n < (batch + 1) * 100; n += 1) {
          await enqueuer.enqueue('database.backup', { n }, { organizationId, description: `job ${n}` });
        }
      });
    }
    await enqueuer.whenIdle(60_000);
    await enqueuer.stop();

    const { rows } = await database.ownerSql.query(
      `select count(*)::int as runs, count(distinct operation_id)::int as operations, count(distinct n)::int as numbers,
              count(*) filter (where worker = 'first')::int as first, count(*) filter (where worker = 'second')::int as second
         from job_runs`,
      [],
    );
    expect(rows[0]).toMatchObject({ runs: JOBS, operations: JOBS, numbers: JOBS });
    // Both processes took part.
    expect(Number(rows[0]!.first)).toBeGreaterThan(0);
    expect(Number(rows[0]!.second)).toBeGreaterThan(0);
  }, 120_000);
});
