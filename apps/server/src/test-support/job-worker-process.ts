// A second (and third) server process for the job queue's PostgreSQL test: it works the same queue
// as the test's own process and records each run it makes, so the test can see none ran twice.
import { z } from 'zod';
import { openDatabase } from '../db/open-database.js';
import { createJobQueue } from '../jobs/job-queue.js';

const [databaseUrl, worker] = process.argv.slice(2);
if (!databaseUrl || !worker) throw new Error('usage: job-worker-process <database url> <worker name>');
const database = await openDatabase({ databaseUrl });
const jobs = createJobQueue({
  database,
  log: { error: (details, message) => console.error(message, details), warn: () => undefined },
  supervise: false,
});
jobs.define({
  kind: 'database.backup',
  payload: z.object({ n: z.number() }),
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
  batchSize: 5,
  async run({ n }, context) {
    await database.ownerSql.query('insert into job_runs (operation_id, n, worker) values ($1, $2, $3)', [
      context.operationId,
      n,
      worker,
    ]);
  },
});
await jobs.prepare();
await jobs.start();
process.send?.('ready');
process.on('message', (message) => {
  if (message !== 'stop') return;
  void jobs
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
