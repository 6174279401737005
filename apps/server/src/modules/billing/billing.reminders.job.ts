import { z } from 'zod';
import type { Database, OwnerSql } from '../../db/database.js';
import { inTenant } from '../../db/scope.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { findOrganization } from '../organizations/index.js';
import { listBillingRecipients, listTrialsEndingBefore } from '../people/index.js';
import { subscriptionStatusOf } from '../subscription/index.js';
import { trialEndingMail } from './billing.mail.js';
import { recordNotice, type BillingNoticeKind } from './billing.repository.js';

/** Once a day, early in the morning (UTC): a day's trials are each told once whatever the number of runs. */
export const TRIAL_REMINDERS_CRON = '17 8 * * *';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrialRemindersDeps {
  db: Database;
  ownerSql: OwnerSql;
  mailer: Mailer;
  appUrl: string;
  log: { error(details: object, message: string): void };
}

/** Which notice a trial with `daysRemaining` (whole days, a started one counted) is due, if any. */
export function trialNoticeDue(daysRemaining: number): { kind: BillingNoticeKind; days: number } | null {
  if (daysRemaining <= 0) return null;
  if (daysRemaining <= 1) return { kind: 'trial_ending_1', days: 1 };
  if (daysRemaining <= 7) return { kind: 'trial_ending_7', days: 7 };
  return null;
}

/** One organization, in its own transaction: re-read, the notice recorded once, the admins mailed. */
async function remindOrganization(deps: TrialRemindersDeps, organizationId: string, now: Date): Promise<number> {
  return inTenant(deps.db, { organizationId, userId: null }, async () => {
    const organization = await findOrganization(organizationId);
    if (!organization || organization.accountStatus !== 'trialing') return 0;
    const due = trialNoticeDue(subscriptionStatusOf(organization, now).daysRemaining);
    // Per trial end: a trial that is extended is told again about its new end.
    if (!due || !(await recordNotice(organizationId, due.kind, organization.trialEndsAt.toISOString()))) return 0;
    const recipients = await listBillingRecipients(organizationId);
    for (const recipient of recipients) {
      await deps.mailer.enqueue(
        trialEndingMail({
          organizationId,
          organizationName: organization.name,
          to: recipient.email,
          firstName: recipient.firstName,
          appUrl: deps.appUrl,
          days: due.days,
          trialEndsAt: organization.trialEndsAt,
        }),
      );
    }
    return recipients.length;
  });
}

/** One sweep over the trials ending within 7 days; one organization's failure does not hold back the others. */
export async function runTrialReminders(deps: TrialRemindersDeps, now: Date): Promise<number> {
  const candidates = await listTrialsEndingBefore(deps.ownerSql, now, new Date(now.getTime() + 7 * DAY_MS));
  let mailed = 0;
  let failures = 0;
  for (const organizationId of candidates) {
    try {
      mailed += await remindOrganization(deps, organizationId, now);
    } catch (error) {
      deps.log.error({ err: error, organizationId }, 'trial reminders failed for an organization');
      failures += 1;
    }
  }
  if (failures > 0) throw new Error(`Trial reminders failed for ${failures} organization(s)`);
  return mailed;
}

/**
 * Defines the `billing.trial-reminders` job (before `jobs.prepare()`) and answers `schedule`, to call once the
 * queues exist. The payload's `at` stands in for the clock (tests); scheduled runs leave it out.
 */
export function defineTrialReminders(deps: TrialRemindersDeps & { jobs: JobQueue }) {
  deps.jobs.define({
    kind: 'billing.trial-reminders',
    payload: z.object({ at: z.iso.datetime().optional() }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    async run(payload) {
      await runTrialReminders(deps, payload.at ? new Date(payload.at) : new Date());
    },
  });
  return {
    schedule: () =>
      deps.jobs.schedule(
        'billing.trial-reminders',
        TRIAL_REMINDERS_CRON,
        {},
        { organizationId: null, description: 'Trial ending reminders' },
      ),
  };
}
