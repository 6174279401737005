import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { SystemHealth } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { serviceUnavailable } from '../../http/errors.js';
import type { JobQueueStats } from '../../jobs/job-queue.js';
import { asAdminReader, type Caller } from '../organizations/index.js';
import {
  backupsVerdict,
  databaseVerdict,
  jobsVerdict,
  mailVerdict,
  realtimeVerdict,
  storageVerdict,
} from './health-levels.js';

export interface BackupStats {
  lastBackupAt: Date | null;
  kept: number;
}

export interface SystemHealthDeps {
  db: Database;
  databaseKind: 'embedded' | 'postgresql';
  version: string;
  startedAt: Date;
  /** The folder the embedded database, uploads and backups live in. */
  dataDir: string;
  mail: {
    mode: 'smtp' | 'logged';
    stats(): Promise<{ lastDeliveryAt: Date | null; queued: number; failed: number }>;
  };
  /** Null while no job queue runs in this process. */
  jobs: { stats(): Promise<JobQueueStats> } | null;
  /** Null where no backup is scheduled (a PostgreSQL server, or before the schedule is wired). */
  backups: (() => Promise<BackupStats>) | null;
  realtimeConnections: () => number;
  now?: () => Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A database that takes longer than this for `select 1` counts as not answering (readiness included). */
export const PING_TIMEOUT_MS = 2000;

/** A failure of one part becomes that part's red reason, never the whole page's error. */
const settle = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/** The filesystem holding `folder`: the folder itself, or its nearest existing parent before it is created. */
async function diskSpace(folder: string): Promise<{ freeBytes: number; totalBytes: number } | null> {
  let existing = path.resolve(folder);
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  const stats = await statfs(existing);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

/**
 * System health for admins and owners: a handful of small queries on the owner's connection (none over
 * tenant rows), the queue's and the backups' own figures, the disk, the open sockets. Each part carries its
 * level and the reason for it; a part that cannot be measured is red or amber, never an error of the page.
 */
export function createSystemHealthService(deps: SystemHealthDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function pingDatabase(): Promise<number | null> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), PING_TIMEOUT_MS);
    });
    try {
      const answer = await Promise.race([db.execute(sql`select 1`), timeout]);
      return answer === 'timeout' ? null : performance.now() - started;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async function databaseSize(): Promise<number> {
    const [row] = rowsOf<{ size: unknown }>(await db.execute(sql`select pg_database_size(current_database()) as size`));
    return Number(row?.size ?? 0);
  }

  return {
    /** Public readiness: the database answers a query. */
    async readiness() {
      if ((await pingDatabase()) === null) {
        throw serviceUnavailable('system.database_unavailable', 'The database is not answering');
      }
      return { status: 'ready' as const, database: 'ok' as const };
    },

    async check(caller: Caller): Promise<SystemHealth> {
      await asAdminReader(db, caller, async () => undefined);
      // The ping goes first and alone, so its time is the database's, not a queue behind the other reads.
      const latencyMs = await pingDatabase();
      const reachable = latencyMs !== null;
      const [sizeBytes, mail, jobs, backups, space] = await Promise.all([
        reachable ? settle(databaseSize()) : null,
        reachable ? settle(deps.mail.stats()) : null,
        deps.jobs ? settle(deps.jobs.stats()) : null,
        deps.backups ? settle(deps.backups()) : null,
        settle(diskSpace(deps.dataDir)),
      ]);
      const at = now();
      const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
      const connections = deps.realtimeConnections();
      const backupsApply = deps.databaseKind === 'embedded';
      return {
        checkedAt: at.toISOString(),
        version: deps.version,
        uptimeSeconds: Math.max(0, Math.floor((at.getTime() - deps.startedAt.getTime()) / 1000)),
        database: {
          ...databaseVerdict(reachable, latencyMs),
          reachable,
          latencyMs: latencyMs === null ? null : Math.round(latencyMs * 10) / 10,
          kind: deps.databaseKind,
          sizeBytes,
        },
        mail: {
          ...(reachable
            ? mailVerdict(deps.mail.mode, mail)
            : {
                level: 'red' as const,
                reason: 'The mail figures cannot be read while the database is not answering.',
              }),
          mode: deps.mail.mode,
          lastDeliveryAt: iso(mail?.lastDeliveryAt),
          queued: mail?.queued ?? 0,
          failed: mail?.failed ?? 0,
        },
        jobs: {
          ...jobsVerdict(jobs, at, deps.jobs !== null),
          depth: jobs?.depth ?? 0,
          oldestWaitingAt: iso(jobs?.oldestWaitingAt),
          failed: jobs?.failed ?? 0,
        },
        storage: {
          ...storageVerdict(space),
          freeBytes: space?.freeBytes ?? null,
          totalBytes: space?.totalBytes ?? null,
        },
        backups: {
          ...backupsVerdict(backupsApply, backups, at, deps.backups !== null),
          applies: backupsApply,
          lastBackupAt: iso(backups?.lastBackupAt),
          kept: backups?.kept ?? 0,
        },
        realtime: { ...realtimeVerdict(connections), connections },
      };
    },
  };
}

export type SystemHealthService = ReturnType<typeof createSystemHealthService>;
