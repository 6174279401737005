import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createSecretBox } from './crypto/secret-box.js';
import type { DatabaseHandle } from './db/database.js';
import { onDomainEvent } from './events/domain-events.js';
import { scheduleEmbeddedBackups } from './jobs/database-backup.job.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { Mailer } from './mail/mailer.js';
import { createProductEventRecorder } from './modules/analytics/index.js';
import { setUpBilling } from './modules/billing/index.js';
import { chatFanOut, defineChatPost, type ChatPostDeps } from './modules/chat-notifications/index.js';
import { defineDataExport } from './modules/data-export/index.js';
import { defineDataImport } from './modules/data-import/index.js';
import { defineMeetingRecapDraft } from './modules/meetings/index.js';
import { createRecapDrafter } from './modules/priority-assistant/index.js';
import { defineProcessReviewReminders } from './modules/processes/index.js';
import { defineScorecardReminders } from './modules/scorecard/index.js';
import { createStoredFilesService, defineStorageMove } from './modules/storage/index.js';
import { defineWebhookDelivery, webhookFanOut, type WebhookDeliveryDeps } from './modules/webhooks/index.js';
import type { ChangeBus } from './realtime/change-bus.js';

export interface BackgroundWorkDeps {
  database: DatabaseHandle;
  config: Config;
  jobs: JobQueue;
  mailer: Mailer;
  changes: ChangeBus;
  log: FastifyBaseLogger;
  /** Tests shorten the webhooks' retry schedule and timeout. */
  webhooks?: Pick<WebhookDeliveryDeps, 'retrySchedule' | 'timeoutMs'> | undefined;
  /** Tests shorten the chat messages' retries and timeout. */
  chatNotifications?: Pick<ChatPostDeps, 'retryLimit' | 'retryDelaySeconds' | 'timeoutMs'> | undefined;
}

/**
 * Every feature's background work, defined before the queues are prepared: the jobs, the domain-event fan-outs,
 * and what the routes share with them (the sealing boxes, the product events, billing, the recap drafter).
 * `schedule` sets the recurring ones once the queues exist.
 */
export function defineBackgroundWork(deps: BackgroundWorkDeps) {
  const { database, config, jobs, mailer, changes, log } = deps;
  const db = database.db;
  // In memory (tests) there is nothing on disk to back up.
  const backups =
    database.pglite && database.pglite.dataDir
      ? scheduleEmbeddedBackups({ jobs, pglite: database.pglite, dataDir: config.dataDir, ...config.backups })
      : null;
  const reminderDeps = { db, ownerSql: database.ownerSql, jobs, mailer, appUrl: config.appUrl, log };
  const scorecardReminders = defineScorecardReminders(reminderDeps);
  const processReviewReminders = defineProcessReviewReminders(reminderDeps);
  defineStorageMove({ db, config, changes, jobs, log });

  const webhookSecrets = createSecretBox(config.jwtSecret, 'webhooks');
  defineWebhookDelivery({
    db,
    jobs,
    mailer,
    changes,
    secrets: webhookSecrets,
    appUrl: config.appUrl,
    allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
    ...deps.webhooks,
  });
  onDomainEvent(db, webhookFanOut(jobs));

  const storedFiles = createStoredFilesService({ db, config });
  defineDataExport({ db, jobs, changes, storedFiles, dataDir: config.dataDir });
  defineDataImport({ db, jobs, storedFiles, mailer, appUrl: config.appUrl, dataDir: config.dataDir, log });

  // Defines the PostHog forwarding job when a key is set, so before the queues are prepared.
  const productEvents = createProductEventRecorder({ jobs, posthog: config.posthog });

  const chatSecrets = createSecretBox(config.jwtSecret, 'chat-webhooks');
  defineChatPost({
    db,
    jobs,
    changes,
    secrets: chatSecrets,
    allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
    ...deps.chatNotifications,
  });
  onDomainEvent(db, chatFanOut(jobs, config.appUrl));

  const billing = setUpBilling({ config, database, jobs, mailer, changes, log });
  const meetingRecapDrafter = createRecapDrafter({ db, settings: config.assistant, log });
  defineMeetingRecapDraft({ db, jobs, mailer, appUrl: config.appUrl, changes, writtenRecaps: meetingRecapDrafter });

  return {
    backups,
    webhookSecrets,
    chatSecrets,
    productEvents,
    billing,
    meetingRecapDrafter,
    /** The recurring work, once the queues are prepared. */
    async schedule() {
      await backups?.schedule();
      await scorecardReminders.schedule();
      await processReviewReminders.schedule();
      await billing.schedule();
    },
  };
}
