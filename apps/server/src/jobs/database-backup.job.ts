import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { backupEmbeddedDatabase, listEmbeddedBackups } from '../db/embedded-backup.js';
import type { JobQueue } from './job-queue.js';

/**
 * The embedded database backs itself up on a schedule (daily at 03:00 UTC by default, keeping 7) into
 * DATA_DIR/backups, as dumps PostgreSQL's own tools restore. One process owns an embedded database,
 * so one server runs each backup. Answers what system health shows of them.
 */
export function scheduleEmbeddedBackups(options: {
  jobs: JobQueue;
  pglite: PGlite;
  dataDir: string;
  cron: string;
  keep: number;
  /** The dump child's node flags (this process's own by default). */
  nodeOptions?: readonly string[];
}) {
  const { jobs, pglite, dataDir, keep, nodeOptions } = options;
  jobs.define({
    kind: 'database.backup',
    payload: z.object({}),
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 30 * 60,
    async run() {
      await backupEmbeddedDatabase({ pglite, dataDir, keep, ...(nodeOptions ? { nodeOptions } : {}) });
    },
  });
  return {
    /** Once the queues exist (after `jobs.prepare()`). */
    schedule: () =>
      jobs.schedule('database.backup', options.cron, {}, { organizationId: null, description: 'Database backup' }),
    stats: async () => {
      const backups = listEmbeddedBackups(dataDir);
      return { lastBackupAt: backups[0]?.at ?? null, kept: backups.length };
    },
  };
}
