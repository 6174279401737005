import type { BackupStats } from './system-health.service.js';

/**
 * What the operations pages read from outside the feature modules, passed in by app.ts: the process,
 * the backups of the embedded database, the realtime hub and the failed operations of the job queue.
 */
export interface OperationsWiring {
  databaseKind: 'embedded' | 'postgresql';
  version: string;
  startedAt: Date;
  /** Null where no backup is scheduled (a PostgreSQL server is backed up by its operator). */
  backups: (() => Promise<BackupStats>) | null;
  realtimeConnections: () => number;
  /** The organization's failed operations waiting for an admin; runs inside its tenant scope. */
  countFailedOperations: (organizationId: string) => Promise<number>;
}
