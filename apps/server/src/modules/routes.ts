import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { TypedApp } from '../http/types.js';
import type { ChangeBus } from '../realtime/change-bus.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createFailedOperationsService, failedOperationsRoutes } from './failed-operations/index.js';
import type { Mailer } from '../mail/mailer.js';
import { readMailStats } from '../mail/mail-stats.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { AuthService } from './auth/index.js';
import { apiKeysRoutes, createApiKeysService, type ApiKeyGate } from './api-keys/index.js';
import {
  billingRoutes,
  checkSeats,
  createBillingService,
  registerReadOnlyGate,
  stripeWebhookRoutes,
  type BillingRuntime,
} from './billing/index.js';
import { createWebhooksService, webhooksRoutes } from './webhooks/index.js';
import { createDataExportService, dataExportRoutes } from './data-export/index.js';
import { chatNotificationsRoutes, createChatNotificationsService } from './chat-notifications/index.js';
import { createDataImportService, dataImportRoutes } from './data-import/index.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { accountabilityRoutes, createAccountabilityService } from './accountability/index.js';
import { analyticsRoutes, createAnalyticsService, type ProductEventRecorder } from './analytics/index.js';
import { createDashboardService, dashboardRoutes } from './dashboard/index.js';
import { calendarFeedRoutes, createCalendarFeedService } from './calendar-feed/index.js';
import { createFeedbackService, feedbackRoutes } from './feedback/index.js';
import {
  createImportsService,
  createScorecardImportService,
  importsRoutes,
  scorecardImportRoutes,
} from './imports/index.js';
import { createMembersService, membersRoutes } from './members/index.js';
import { createMemberImportService, memberImportRoutes, membersInviter } from './member-import/index.js';
import { createUserActivityService, userActivityRoutes } from './user-activity/index.js';
import { createCascadingMessagesService, createHeadlinesService, headlinesRoutes } from './headlines/index.js';
import { createOrganizationsService, organizationsRoutes } from './organizations/index.js';
import { createPreferencesService, preferencesRoutes } from './preferences/index.js';
import {
  createMilestonesService,
  createPrioritiesService,
  createPriorityActivityService,
  prioritiesRoutes,
} from './priorities/index.js';
import { consultantsRoutes, createConsultantsService } from './consultants/index.js';
import { createSubscriptionService, subscriptionRoutes } from './subscription/index.js';
import { createDepartmentsService, createTeamsService, departmentsRoutes, teamsRoutes } from './teams/index.js';
import { createTerminologyService, terminologyRoutes } from './terminology/index.js';
import { createTodosService, todosRoutes } from './todos/index.js';
import {
  createScorecardExportService,
  createScorecardService,
  scorecardExportRoutes,
  scorecardRoutes,
} from './scorecard/index.js';
import { createMeetingsService, meetingsRoutes, type WrittenRecapDrafter } from './meetings/index.js';
import { createPriorityAssistantService, priorityAssistantRoutes } from './priority-assistant/index.js';
import { annualGoalsRoutes, createAnnualGoalsService } from './annual-goals/index.js';
import { businessPlanRoutes, createBusinessPlanService } from './business-plan/index.js';
import { createOrgChartService, orgChartRoutes } from './org-chart/index.js';
import { createProcessesService, createProcessPdfService, processesRoutes } from './processes/index.js';
import { createIssueRaiser, createIssueThreadsService, createIssuesService, issuesRoutes } from './issues/index.js';
import { loadMarketingContent, marketingRoutes } from './marketing/index.js';
import {
  createStorageOAuthService,
  createStorageSettingsService,
  createStoredFilesService,
  storageRoutes,
} from './storage/index.js';
import { createDocumentsService, documentsRoutes } from './documents/index.js';
import {
  createAdminToolsService,
  createDataIsolationService,
  createSystemHealthService,
  operationsRoutes,
  type OperationsWiring,
} from './operations/index.js';

export interface FeatureDeps {
  db: Database;
  storage: FileStorage;
  config: Config;
  /** Services publish here after a change commits; the realtime hub fans it out to open pages. */
  changes: ChangeBus;
  /** Invitation and other account mails, queued in the use case's transaction; kept in mail_outbox once sent. */
  mailer: Mailer;
  /** Background work enqueued in a use case's transaction (failed operations read and retry it). */
  jobs: JobQueue;
  /** Starts sessions for people let in by other features (an accepted invitation). */
  auth: AuthService;
  /** The process, backups, sockets and failed operations the operations pages read. */
  operations: OperationsWiring;
  /** The check of presented API keys, told at once when a key is revoked. */
  apiKeyGate: ApiKeyGate;
  /** Seals the webhooks' signing secrets (the delivery job opens them with the same box). */
  webhookSecrets: SecretBox;
  /** Product events kept in the database and, with a PostHog key, sent on there by a job. */
  productEvents: ProductEventRecorder;
  /** Seals the teams' chat webhook addresses (the posting job opens them with the same box). */
  chatSecrets: SecretBox;
  /** Stripe's client and settings; absent without them (no billing, no limits, no read-only state). */
  billing: BillingRuntime | undefined;
  /** The priority assistant's model drafting concluded meetings' recaps (the job is defined with it). */
  meetingRecapDrafter: WrittenRecapDrafter;
}

/** Each feature module contributes one Fastify plugin; they all live under /api/v1. */
export async function registerFeatureRoutes(app: TypedApp, deps: FeatureDeps): Promise<void> {
  const { db, storage } = deps;
  // First, so that it guards every organization route registered below (after the organization scope's hook).
  if (deps.billing) registerReadOnlyGate(app, { db });
  const seats = deps.billing ? checkSeats : undefined;
  const raiser = createIssueRaiser({ db, changes: deps.changes });
  const storedFiles = createStoredFilesService({ db, config: deps.config });
  await app.register(organizationsRoutes(createOrganizationsService({ db, storage })));
  await app.register(terminologyRoutes(createTerminologyService({ db })));
  await app.register(
    consultantsRoutes(
      createConsultantsService({ db, mailer: deps.mailer, appUrl: deps.config.appUrl, auth: deps.auth }),
      { rateLimitPerMinute: deps.config.authRateLimitPerMinute },
    ),
  );
  await app.register(preferencesRoutes(createPreferencesService({ db })));
  await app.register(
    subscriptionRoutes(createSubscriptionService({ db, billingConfigured: deps.config.billing !== undefined })),
  );
  await app.register(
    billingRoutes(createBillingService({ db, billing: deps.billing, appUrl: deps.config.appUrl, log: app.log })),
  );
  await app.register(stripeWebhookRoutes({ db, jobs: deps.jobs, billing: deps.billing }));
  await app.register(feedbackRoutes(createFeedbackService({ db })));
  await app.register(apiKeysRoutes(createApiKeysService({ db, gate: deps.apiKeyGate, changes: deps.changes })));
  await app.register(
    dataExportRoutes(
      createDataExportService({ db, jobs: deps.jobs, changes: deps.changes, dataDir: deps.config.dataDir }),
    ),
  );
  await app.register(dataImportRoutes(createDataImportService({ db, config: deps.config, jobs: deps.jobs })));
  await app.register(
    webhooksRoutes(
      createWebhooksService({
        db,
        jobs: deps.jobs,
        changes: deps.changes,
        secrets: deps.webhookSecrets,
        allowPrivateAddresses: deps.config.webhooksAllowPrivateAddresses,
      }),
    ),
  );
  await app.register(
    analyticsRoutes(createAnalyticsService({ db, recorder: deps.productEvents }), {
      rateLimitPerMinute: deps.config.authRateLimitPerMinute,
    }),
  );
  await app.register(
    chatNotificationsRoutes(
      createChatNotificationsService({
        db,
        jobs: deps.jobs,
        changes: deps.changes,
        secrets: deps.chatSecrets,
        appUrl: deps.config.appUrl,
        allowPrivateAddresses: deps.config.webhooksAllowPrivateAddresses,
      }),
    ),
  );
  await app.register(
    failedOperationsRoutes(createFailedOperationsService({ db, jobs: deps.jobs, changes: deps.changes })),
  );
  await app.register(dashboardRoutes(createDashboardService({ db })));
  await app.register(accountabilityRoutes(createAccountabilityService({ db })));
  await app.register(teamsRoutes(createTeamsService({ db })));
  await app.register(departmentsRoutes(createDepartmentsService({ db, changes: deps.changes })));
  await app.register(
    headlinesRoutes(
      createHeadlinesService({ db, changes: deps.changes }),
      createCascadingMessagesService({ db, changes: deps.changes }),
      raiser,
    ),
  );
  await app.register(todosRoutes(createTodosService({ db, changes: deps.changes })));
  await app.register(
    issuesRoutes(
      createIssuesService({ db, changes: deps.changes }),
      createIssueThreadsService({ db, changes: deps.changes, storedFiles }),
    ),
  );
  await app.register(
    prioritiesRoutes({
      priorities: createPrioritiesService({ db, changes: deps.changes }),
      milestones: createMilestonesService({ db, changes: deps.changes }),
      activity: createPriorityActivityService({ db, changes: deps.changes, storedFiles }),
      raiser,
    }),
  );
  await app.register(
    meetingsRoutes(
      createMeetingsService({
        db,
        changes: deps.changes,
        mailer: deps.mailer,
        appUrl: deps.config.appUrl,
        jobs: deps.jobs,
        writtenRecaps: deps.meetingRecapDrafter,
      }),
    ),
  );
  await app.register(
    calendarFeedRoutes(
      createCalendarFeedService({ db, appUrl: deps.config.appUrl, serverSecret: deps.config.jwtSecret }),
    ),
  );
  await app.register(
    documentsRoutes(
      createDocumentsService({
        db,
        changes: deps.changes,
        storedFiles,
      }),
    ),
  );
  await app.register(
    priorityAssistantRoutes(createPriorityAssistantService({ db, settings: deps.config.assistant, log: app.log })),
  );
  await app.register(annualGoalsRoutes(createAnnualGoalsService({ db, changes: deps.changes })));
  await app.register(businessPlanRoutes(createBusinessPlanService({ db, changes: deps.changes })));
  await app.register(orgChartRoutes(createOrgChartService({ db, changes: deps.changes })));
  await app.register(
    processesRoutes(createProcessesService({ db, changes: deps.changes }), createProcessPdfService({ db })),
  );
  await app.register(scorecardImportRoutes(createScorecardImportService({ db, changes: deps.changes })));
  await app.register(scorecardRoutes(createScorecardService({ db, changes: deps.changes }), raiser));
  const { gridCells } = createScorecardService({ db, changes: deps.changes });
  await app.register(scorecardExportRoutes(createScorecardExportService({ db, grid: gridCells })));
  await app.register(importsRoutes(createImportsService({ db, changes: deps.changes })));
  await app.register(
    membersRoutes(
      createMembersService({ db, mailer: deps.mailer, appUrl: deps.config.appUrl, auth: deps.auth, seats }),
      {
        rateLimitPerMinute: deps.config.authRateLimitPerMinute,
      },
    ),
  );
  await app.register(
    memberImportRoutes(
      createMemberImportService({
        db,
        invite: membersInviter({ mailer: deps.mailer, appUrl: deps.config.appUrl, seats }),
      }),
    ),
  );
  await app.register(userActivityRoutes(createUserActivityService({ db })));
  await app.register(marketingRoutes(loadMarketingContent(deps.config.marketingContentFile)));
  await app.register(
    storageRoutes(
      createStorageSettingsService({ db, config: deps.config, changes: deps.changes, jobs: deps.jobs, log: app.log }),
      createStorageOAuthService({ db, config: deps.config, changes: deps.changes, log: app.log }),
    ),
  );
  const { operations } = deps;
  await app.register(
    operationsRoutes({
      systemHealth: createSystemHealthService({
        ...operations,
        db,
        dataDir: deps.config.dataDir,
        mail: {
          mode: deps.mailer.mode,
          stats: async () => ({ ...(await readMailStats(db)), queued: (await deps.jobs.stats('mail.deliver')).depth }),
        },
        jobs: deps.jobs,
      }),
      dataIsolation: createDataIsolationService({ db, refusals: app.tenantRefusals }),
      adminTools: createAdminToolsService({ db, countFailedOperations: operations.countFailedOperations }),
    }),
  );
}
