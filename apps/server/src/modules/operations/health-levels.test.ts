import { describe, expect, it } from 'vitest';
import {
  backupsVerdict,
  databaseVerdict,
  jobsVerdict,
  mailVerdict,
  realtimeVerdict,
  storageVerdict,
} from './health-levels.js';

const now = new Date('2026-11-26T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const jobs = (oldestMinutesAgo: number | null, failed = 0) => ({
  depth: oldestMinutesAgo === null ? 0 : 4,
  oldestWaitingAt: oldestMinutesAgo === null ? null : minutesAgo(oldestMinutesAgo),
  failed,
});
const GB = 1024 ** 3;

describe('database level', () => {
  it('is red when the database does not answer', () => {
    expect(databaseVerdict(false, null)).toEqual({ level: 'red', reason: 'The database is not answering.' });
  });

  it('turns amber above 200 ms and stays green at 200 ms', () => {
    expect(databaseVerdict(true, 200)).toEqual({ level: 'green', reason: 'The database answers in 200 ms.' });
    expect(databaseVerdict(true, 201)).toEqual({
      level: 'amber',
      reason: 'The database answers slowly: 201 ms for the simplest query.',
    });
  });
});

describe('mail level', () => {
  it('is amber when mail is only logged, naming SMTP_URL', () => {
    expect(mailVerdict('logged', { queued: 0, failed: 0 })).toEqual({
      level: 'amber',
      reason: 'Mail is only logged: SMTP_URL is not set, so no mail leaves the server.',
    });
  });

  it('is amber when mails failed, green otherwise, and red when the figures cannot be read', () => {
    expect(mailVerdict('smtp', { queued: 0, failed: 2 })).toEqual({
      level: 'amber',
      reason: '2 mails could not be delivered.',
    });
    expect(mailVerdict('smtp', { queued: 3, failed: 0 })).toEqual({
      level: 'green',
      reason: 'Mail is sent over SMTP; 3 waiting.',
    });
    expect(mailVerdict('smtp', null).level).toBe('red');
  });
});

describe('jobs level', () => {
  it('stays green up to 5 minutes of waiting, amber past 5, red past 30', () => {
    expect(jobsVerdict(jobs(null), now)).toEqual({ level: 'green', reason: 'No job is waiting.' });
    expect(jobsVerdict(jobs(5), now).level).toBe('green');
    expect(jobsVerdict(jobs(6), now)).toEqual({
      level: 'amber',
      reason: 'The oldest waiting job has waited 6 minutes.',
    });
    expect(jobsVerdict(jobs(30), now).level).toBe('amber');
    expect(jobsVerdict(jobs(31), now)).toEqual({
      level: 'red',
      reason: 'The oldest waiting job has waited 31 minutes: jobs are not being run.',
    });
  });

  it('is amber for failed jobs, and says when the queue is missing or unreadable', () => {
    expect(jobsVerdict(jobs(1, 3), now)).toEqual({ level: 'amber', reason: '3 jobs failed after every attempt.' });
    expect(jobsVerdict(null, now, false)).toEqual({
      level: 'amber',
      reason: 'The job queue is not connected to this server process.',
    });
    expect(jobsVerdict(null, now).level).toBe('red');
  });
});

describe('storage level', () => {
  it('turns amber under 10 % free and red under 2 %', () => {
    expect(storageVerdict({ freeBytes: 10 * GB, totalBytes: 100 * GB })).toEqual({
      level: 'green',
      reason: "10.0 GB free of 100.0 GB on the data folder's disk.",
    });
    expect(storageVerdict({ freeBytes: 9.9 * GB, totalBytes: 100 * GB }).level).toBe('amber');
    expect(storageVerdict({ freeBytes: 2 * GB, totalBytes: 100 * GB }).level).toBe('amber');
    expect(storageVerdict({ freeBytes: 1.9 * GB, totalBytes: 100 * GB })).toEqual({
      level: 'red',
      reason: "The data folder's disk is almost full: 1.9 GB free of 100.0 GB.",
    });
    expect(storageVerdict(null).level).toBe('amber');
  });
});

describe('backups level', () => {
  it('is green where backups do not apply', () => {
    expect(backupsVerdict(false, null, now).level).toBe('green');
  });

  it('turns amber when the last backup is older than 26 hours, missing, or not scheduled', () => {
    expect(backupsVerdict(true, { lastBackupAt: minutesAgo(26 * 60) }, now)).toEqual({
      level: 'green',
      reason: 'The last backup was made 26 hours ago.',
    });
    expect(backupsVerdict(true, { lastBackupAt: minutesAgo(26 * 60 + 1) }, now)).toEqual({
      level: 'amber',
      reason: 'The last backup is 26 hours old.',
    });
    expect(backupsVerdict(true, { lastBackupAt: null }, now)).toEqual({
      level: 'amber',
      reason: 'No backup of the embedded database has been made yet.',
    });
    expect(backupsVerdict(true, null, now, false).level).toBe('amber');
    expect(backupsVerdict(true, null, now).level).toBe('red');
  });
});

describe('realtime level', () => {
  it('counts the open pages', () => {
    expect(realtimeVerdict(1)).toEqual({ level: 'green', reason: '1 open page is connected for live updates.' });
    expect(realtimeVerdict(3).reason).toBe('3 open pages are connected for live updates.');
  });
});
