import type { HealthLevel } from '@keel/contract';

/**
 * The green / amber / red of each part of system health, with the reason shown beside it. Pure functions
 * of what was measured, so every threshold is tested without a slow disk or a stuck queue.
 */
export interface Verdict {
  level: HealthLevel;
  reason: string;
}

export const SLOW_DATABASE_MS = 200;
export const JOBS_WAITING_AMBER_MINUTES = 5;
export const JOBS_WAITING_RED_MINUTES = 30;
export const DISK_FREE_AMBER_RATIO = 0.1;
export const DISK_FREE_RED_RATIO = 0.02;
/** A daily backup that ran a little late is still recent. */
export const BACKUP_STALE_HOURS = 26;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const count = (value: number, one: string, many = `${one}s`) =>
  `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

const ago = (since: Date, now: Date) => {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / MINUTE_MS));
  if (minutes < 1) return 'less than a minute';
  if (minutes < 120) return count(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? count(hours, 'hour') : count(Math.floor(hours / 24), 'day');
};

const bytes = (value: number) => {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? size : size.toFixed(1)} ${units[unit]}`;
};

export function databaseVerdict(reachable: boolean, latencyMs: number | null): Verdict {
  if (!reachable || latencyMs === null) return { level: 'red', reason: 'The database is not answering.' };
  const rounded = Math.round(latencyMs);
  if (latencyMs > SLOW_DATABASE_MS) {
    return { level: 'amber', reason: `The database answers slowly: ${rounded} ms for the simplest query.` };
  }
  return { level: 'green', reason: `The database answers in ${rounded} ms.` };
}

export function mailVerdict(mode: 'smtp' | 'logged', stats: { queued: number; failed: number } | null): Verdict {
  if (!stats) return { level: 'red', reason: 'The mail figures could not be read from the database.' };
  if (mode === 'logged') {
    return { level: 'amber', reason: 'Mail is only logged: SMTP_URL is not set, so no mail leaves the server.' };
  }
  if (stats.failed > 0) {
    return { level: 'amber', reason: `${count(stats.failed, 'mail')} could not be delivered.` };
  }
  return {
    level: 'green',
    reason: stats.queued > 0 ? `Mail is sent over SMTP; ${stats.queued} waiting.` : 'Mail is sent over SMTP.',
  };
}

export function jobsVerdict(
  stats: { depth: number; oldestWaitingAt: Date | null; failed: number } | null,
  now: Date,
  connected = true,
): Verdict {
  if (!connected) return { level: 'amber', reason: 'The job queue is not connected to this server process.' };
  if (!stats) return { level: 'red', reason: 'The job queue could not be read.' };
  const waitedMs = stats.oldestWaitingAt ? now.getTime() - stats.oldestWaitingAt.getTime() : 0;
  if (stats.oldestWaitingAt && waitedMs > JOBS_WAITING_RED_MINUTES * MINUTE_MS) {
    return {
      level: 'red',
      reason: `The oldest waiting job has waited ${ago(stats.oldestWaitingAt, now)}: jobs are not being run.`,
    };
  }
  if (stats.oldestWaitingAt && waitedMs > JOBS_WAITING_AMBER_MINUTES * MINUTE_MS) {
    return { level: 'amber', reason: `The oldest waiting job has waited ${ago(stats.oldestWaitingAt, now)}.` };
  }
  if (stats.failed > 0) {
    return { level: 'amber', reason: `${count(stats.failed, 'job')} failed after every attempt.` };
  }
  return {
    level: 'green',
    reason: stats.depth === 0 ? 'No job is waiting.' : `${count(stats.depth, 'job')} waiting, none for long.`,
  };
}

export function storageVerdict(space: { freeBytes: number; totalBytes: number } | null): Verdict {
  if (!space || space.totalBytes <= 0) {
    return { level: 'amber', reason: 'The free space of the data folder could not be read.' };
  }
  const ratio = space.freeBytes / space.totalBytes;
  const free = `${bytes(space.freeBytes)} free of ${bytes(space.totalBytes)}`;
  if (ratio < DISK_FREE_RED_RATIO) return { level: 'red', reason: `The data folder's disk is almost full: ${free}.` };
  if (ratio < DISK_FREE_AMBER_RATIO)
    return { level: 'amber', reason: `The data folder's disk is filling up: ${free}.` };
  return { level: 'green', reason: `${free} on the data folder's disk.` };
}

export function backupsVerdict(
  applies: boolean,
  stats: { lastBackupAt: Date | null } | null,
  now: Date,
  scheduled = true,
): Verdict {
  if (!applies) return { level: 'green', reason: 'A PostgreSQL server is backed up by its own operator.' };
  if (!scheduled) return { level: 'amber', reason: 'No backup of the embedded database is scheduled in this process.' };
  if (!stats) return { level: 'red', reason: 'The backups folder could not be read.' };
  if (!stats.lastBackupAt) return { level: 'amber', reason: 'No backup of the embedded database has been made yet.' };
  if (now.getTime() - stats.lastBackupAt.getTime() > BACKUP_STALE_HOURS * HOUR_MS) {
    return { level: 'amber', reason: `The last backup is ${ago(stats.lastBackupAt, now)} old.` };
  }
  return { level: 'green', reason: `The last backup was made ${ago(stats.lastBackupAt, now)} ago.` };
}

export function realtimeVerdict(connections: number): Verdict {
  return {
    level: 'green',
    reason:
      connections === 0
        ? 'No page is connected for live updates right now.'
        : `${count(connections, 'open page is', 'open pages are')} connected for live updates.`,
  };
}
