import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { embeddedClusterDir, openEmbeddedDatabase } from '../db/embedded-database.js';
import { migrateDatabase } from '../db/migrate.js';
import { scheduleEmbeddedBackups } from './database-backup.job.js';
import { createJobQueue } from './job-queue.js';
import { JOB_SCHEMA } from './job-schema.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keel-backup-job-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// About the embedded database only: the PostgreSQL pass (TEST_DATABASE_URL set) would run it again unchanged.
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'backs the embedded database up as a scheduled job, and says when it last did',
  async () => {
    const database = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(dataDir) });
    const jobs = createJobQueue({ database, log: { error: () => undefined, warn: () => undefined }, supervise: false });
    try {
      await migrateDatabase(database);
      const backups = scheduleEmbeddedBackups({
        jobs,
        pglite: database.pglite,
        dataDir,
        cron: '15 4 * * *',
        keep: 7,
        // The dump child runs the TypeScript source here, as under `npm run dev`.
        nodeOptions: ['--import', 'tsx', '--conditions=keel-source'],
      });
      await jobs.prepare();
      await backups.schedule();
      expect(await backups.stats()).toEqual({ lastBackupAt: null, kept: 0 });
      const { rows } = await database.ownerSql.query(`select cron from ${JOB_SCHEMA}.schedule where name = $1`, [
        'database.backup',
      ]);
      expect(rows).toEqual([{ cron: '15 4 * * *' }]);

      // What pg-boss's clock does when the time comes: the job is sent, and a worker runs it.
      await jobs.start();
      await database.ownerSql.query(
        `insert into ${JOB_SCHEMA}.job (name, data) select name, data from ${JOB_SCHEMA}.schedule where name = 'database.backup'`,
      );
      await jobs.whenIdle(60_000);
      const stats = await backups.stats();
      expect(stats.kept).toBe(1);
      expect(Date.now() - stats.lastBackupAt!.getTime()).toBeLessThan(60_000);
    } finally {
      await jobs.stop();
      await database.close();
    }
  },
  90_000,
);
