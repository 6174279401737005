import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { defineStripeEventJob } from './billing.events.job.js';
import { defineTrialReminders } from './billing.reminders.job.js';
import { createStripeClient } from './billing.stripe.js';

export type BillingRuntime = NonNullable<ReturnType<typeof setUpBilling>['runtime']>;

/**
 * With Stripe settings: the SDK client and the billing jobs (defined here, before `jobs.prepare()`; the daily trial
 * sweep scheduled by `schedule` once the queues exist). Without them: nothing, and billing says so.
 */
export function setUpBilling(deps: {
  config: Config;
  database: DatabaseHandle;
  jobs: JobQueue;
  mailer: Mailer;
  changes: ChangeBus;
  log: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}) {
  const settings = deps.config.billing;
  if (!settings) return { runtime: undefined, schedule: async () => undefined };
  const stripe = createStripeClient(settings);
  const shared = {
    db: deps.database.db,
    ownerSql: deps.database.ownerSql,
    mailer: deps.mailer,
    appUrl: deps.config.appUrl,
    log: deps.log,
    jobs: deps.jobs,
  };
  defineStripeEventJob({ ...shared, settings, stripe, changes: deps.changes });
  const reminders = defineTrialReminders(shared);
  return { runtime: { settings, stripe }, schedule: reminders.schedule };
}
