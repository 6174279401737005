import { z } from 'zod';
import type { Database, OwnerSql } from '../../db/database.js';
import { inTenant, readInTenant } from '../../db/scope.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { findMember, organizationCalendar } from '../people/index.js';
import { organizationLabels } from '../terminology/index.js';
import { localDate } from './processes.calendar.js';
import { reviewReminderMail } from './processes.reminders.mail.js';
import * as repository from './processes.reminders.repository.js';

/**
 * Every hour rather than once a day: each organization's day starts at its own midnight, and a reminder is sent
 * at most once per review date whatever the number of runs.
 */
export const PROCESS_REVIEW_REMINDERS_CRON = '7 * * * *';

export interface ProcessReviewRemindersDeps {
  db: Database;
  ownerSql: OwnerSql;
  mailer: Mailer;
  appUrl: string;
  log: { error(details: object, message: string): void };
}

/** Whether a process's review reminder is due on `today`: its review day has come and was not reminded yet. */
export function reviewReminderDue(
  state: { status: string; ownerId: string | null; nextReviewOn: string | null; reviewReminderSentOn: string | null },
  today: string,
): boolean {
  if (state.status !== 'published' || state.ownerId === null || state.nextReviewOn === null) return false;
  if (state.nextReviewOn > today) return false;
  return state.reviewReminderSentOn === null || state.reviewReminderSentOn < state.nextReviewOn;
}

/** One process, in one transaction of its organization: locked, re-checked, mailed, marked. */
async function remindOwner(deps: ProcessReviewRemindersDeps, organizationId: string, processId: string, now: Date) {
  return inTenant(deps.db, { organizationId, userId: null }, async () => {
    const state = await repository.lockReviewState(organizationId, processId);
    const today = localDate((await organizationCalendar(organizationId)).timeZone, now);
    if (!state || !reviewReminderDue(state, today) || state.ownerId === null) return 0;
    const owner = await findMember(organizationId, state.ownerId);
    const sent = owner?.status === 'active';
    if (owner && sent) {
      const words = await organizationLabels(organizationId);
      await deps.mailer.enqueue(
        reviewReminderMail({
          organizationId,
          to: owner.email,
          firstName: owner.firstName,
          processId,
          title: state.title,
          reviewDay: state.nextReviewOn ?? today,
          processWord: words.process_singular,
          appUrl: deps.appUrl,
        }),
      );
    }
    // Marked even when the owner has left: nobody is there to remind, and the next run must not try again.
    await repository.markReviewReminded(organizationId, processId, today);
    return sent ? 1 : 0;
  });
}

/** One run over every process whose review may be due; one organization's failure does not hold back the others. */
export async function runProcessReviewReminders(deps: ProcessReviewRemindersDeps, now: Date): Promise<number> {
  const candidates = await repository.listReviewCandidates(deps.ownerSql, now.toISOString().slice(0, 10));
  let sent = 0;
  const failures = new Set<string>();
  for (const { organizationId, processId } of candidates) {
    if (failures.has(organizationId)) continue;
    try {
      // Checked first without a lock so that a process not yet due in its own time zone opens no write transaction.
      const due = await readInTenant(deps.db, { organizationId, userId: null }, async () => {
        const state = await repository.readReviewState(organizationId, processId);
        const today = localDate((await organizationCalendar(organizationId)).timeZone, now);
        return state !== undefined && reviewReminderDue(state, today);
      });
      if (due) sent += await remindOwner(deps, organizationId, processId, now);
    } catch (error) {
      deps.log.error({ err: error, organizationId }, 'process review reminders failed for an organization');
      failures.add(organizationId);
    }
  }
  if (failures.size > 0) throw new Error(`Process review reminders failed for ${failures.size} organization(s)`);
  return sent;
}

/**
 * Defines the `processes.review-reminders` job (before `jobs.prepare()`) and answers `schedule`, to call once the
 * queues exist. The payload's `at` stands in for the clock (tests); scheduled runs leave it out.
 */
export function defineProcessReviewReminders(deps: ProcessReviewRemindersDeps & { jobs: JobQueue }) {
  deps.jobs.define({
    kind: 'processes.review-reminders',
    payload: z.object({ at: z.iso.datetime().optional() }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    async run(payload) {
      await runProcessReviewReminders(deps, payload.at ? new Date(payload.at) : new Date());
    },
  });
  return {
    schedule: () =>
      deps.jobs.schedule(
        'processes.review-reminders',
        PROCESS_REVIEW_REMINDERS_CRON,
        {},
        { organizationId: null, description: 'Process review reminders' },
      ),
  };
}
