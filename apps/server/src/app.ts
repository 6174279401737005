import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LOGO_MAX_BYTES, envelope, healthSchema } from '@keel/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { readInTenant } from './db/scope.js';
import { registerApiKeyAccess } from './http/api-key-access.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerErrorHandling, registerNotFound } from './http/error-handler.js';
import { registerOrganizationScope } from './http/organization-scope.js';
import { serviceUnavailable } from './http/errors.js';
import { refuseNulCharacters } from './http/nul-characters.js';
import { registerSecurityHeaders } from './http/security.js';
import type { TypedApp } from './http/types.js';
import { registerWebApp } from './http/web-app.js';
import { clientConfigRoute } from './http/client-config.js';
import type { ErrorReporter } from './observability/error-reporter.js';
import { countWaitingFailedOperations } from './jobs/failed-operations.repository.js';
import { createJobQueue } from './jobs/job-queue.js';
import { createMailer } from './mail/mailer.js';
import { registerMetrics } from './metrics/index.js';
import type { WebhookDeliveryDeps } from './modules/webhooks/index.js';
import type { ChatPostDeps } from './modules/chat-notifications/index.js';
import { defineBackgroundWork } from './background-work.js';
import { incomingDirOf } from './storage/drivers/local-driver.js';
import { removeStaleUploads } from './storage/stale-uploads.js';
import {
  authRoutes,
  avatarRoutes,
  createAccessTokens,
  createAvatarService,
  createAuthService,
  createSessionGate,
  createSessionsService,
  createTwoFactorService,
  sessionsRoutes,
  twoFactorRoutes,
} from './modules/auth/index.js';
import { createApiKeyGate } from './modules/api-keys/index.js';
import { requireActiveMember } from './modules/organizations/index.js';
import { registerRevisionCache } from './modules/revisions/index.js';
import { registerFeatureRoutes } from './modules/routes.js';
import { createOidcClients, createSsoService, ssoRoutes } from './modules/sso/index.js';
import { findActiveTeams } from './modules/teams/index.js';
import { createChangeBus, type ChangeBus } from './realtime/change-bus.js';
import { createRealtimeHub, type HubLimits } from './realtime/hub.js';
import { createLocalStorage, type FileStorage } from './storage/file-storage.js';

export const API_PREFIX = '/api/v1';
export const BODY_LIMIT_BYTES = 1024 * 1024;
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppDeps {
  database: DatabaseHandle;
  config: Config;
  /** Tests run workers without pg-boss's maintenance and cron, and may shorten the mail retries. */
  jobs?: { supervise?: boolean; mailRetry?: { limit: number; delaySeconds: number } };
  storage?: FileStorage;
  changes?: ChangeBus;
  /** Tests shorten the realtime hub's timers. */
  realtimeLimits?: Partial<HubLimits>;
  /** Tests shorten the webhooks' retry schedule and timeout. */
  webhooks?: Pick<WebhookDeliveryDeps, 'retrySchedule' | 'timeoutMs'>;
  /** Tests shorten the chat messages' retries and timeout. */
  chatNotifications?: Pick<ChatPostDeps, 'retryLimit' | 'retryDelaySeconds' | 'timeoutMs'>;
  logger?: boolean | { level: string };
  /** Present when an error-reporting service is configured (SENTRY_DSN): 5xx errors go to it. */
  errorReporter?: ErrorReporter;
}

/**
 * Zod schemas to JSON Schema, `security: []` on the operations a route's `config.public` opens, and a request
 * body for the uploads (read by the handler, so without a body schema) that name `consumes: multipart/form-data`.
 */
const documentRoutes: typeof jsonSchemaTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const extra: Record<string, unknown> = {};
  if (input.route.config?.public === true) extra.security = [];
  const consumes = (schema as { consumes?: unknown } | undefined)?.consumes;
  if (Array.isArray(consumes) && consumes.includes('multipart/form-data') && !schema?.body) {
    extra.body = { type: 'object' };
  }
  return { schema: { ...schema, ...extra }, url };
};

const API_DESCRIPTION = `The API behind Keel. Every call needs a Bearer token unless marked public.

**With an API key.** An administrator makes one under *Organization settings → Integrations* (\`/organization-settings/integrations\`), choosing its scopes (read or write, per area: scorecard, priorities, to-dos, issues, headlines, meetings, processes, documents, strategy, people) and an optional expiry. The secret is shown once. Send it as a bearer token:

\`\`\`
curl -H "Authorization: Bearer keel_…" https://keel.example.com/api/v1/organizations/{organizationId}/todos
\`\`\`

A key acts as the organization on the same \`/api/v1/organizations/{organizationId}/...\` routes as the web app, only in the areas of its scopes (\`todos:read\` reads, \`todos:write\` also changes); other routes answer 403. Each key has its own rate limit (429 with \`Retry-After\` beyond it); every change it makes is audited with the key as the actor. A revoked or expired key is refused with 401 from the next request on.`;

/** The server's package version, shown on system health. */
const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const startedAt = new Date();
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart for uploads); anything else is 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, deps.errorReporter);
  await registerSecurityHeaders(app, { errorReportingDsn: config.errorReporting?.dsn });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, { global: false });

  const storage = deps.storage ?? createLocalStorage(config.dataDir);
  const tokens = createAccessTokens(config.jwtSecret);
  const apiKeyGate = createApiKeyGate(database.db, config.sessionCheckSeconds * 1000);
  const changes = deps.changes ?? createChangeBus();
  const jobs = createJobQueue({
    database,
    log: app.log,
    supervise: deps.jobs?.supervise ?? true,
    onFailedOperationChange: (organizationId, id) =>
      changes.publish({
        organizationId,
        teamId: null,
        entity: 'failed_operation',
        ids: [id],
        action: 'updated',
        actorUserId: null,
      }),
  });
  const mailer = createMailer({
    db: database.db,
    jobs,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    ...(deps.jobs?.mailRetry ? { retry: deps.jobs.mailRetry } : {}),
  });
  const work = defineBackgroundWork({
    database,
    config,
    jobs,
    mailer,
    changes,
    log: app.log,
    webhooks: deps.webhooks,
    chatNotifications: deps.chatNotifications,
  });
  app.decorate('jobs', jobs);
  const metrics = registerMetrics(app, {
    token: config.metricsToken,
    database,
    jobs,
    realtimeConnections: () => app.realtime?.connectionCount() ?? 0,
  });
  // Workers stop before the mailer and the database go: a job in flight finishes or is retried later.
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Keel API',
        version: '1.0.0',
        description: API_DESCRIPTION,
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A signed-in person's access token (a JWT), or an API key (`keel_…`) made by an administrator under Organization settings → Integrations.",
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: documentRoutes,
    // Schemas registered with an id (recursive ones, which cannot be inlined) become components.
    transformObject: jsonSchemaTransformObject,
  });
  // The docs page keeps the app's own Content-Security-Policy (no framing, scripts from this origin only).
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: false });

  await app.register(
    async (api) => {
      const typed = api as unknown as TypedApp;
      await api.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
      const sessions = createSessionGate(database.db, config.sessionCheckSeconds * 1000);
      registerAuthentication(
        api,
        (token) => tokens.verify(token),
        (sessionId) => sessions.isLive(sessionId),
        (secret) => apiKeyGate.verify(secret),
      );
      registerApiKeyAccess(api, { requestsPerMinute: config.apiKeyRateLimitPerMinute });
      // Before the revision cache: its preHandler reads `request.scope`.
      registerOrganizationScope(api);
      refuseNulCharacters(api);
      registerRevisionCache(api, { db: database.db, countLookup: metrics.cacheLookups('list_answers') });

      typed.get(
        '/health',
        { config: { public: true }, schema: { tags: ['system'], response: { 200: envelope(healthSchema) } } },
        async () => {
          try {
            await database.db.execute(sql`select 1`);
          } catch {
            throw serviceUnavailable('system.database_unavailable', 'The database is not answering');
          }
          return { data: { status: 'ok' as const, database: 'ok' as const, databaseKind: database.kind } };
        },
      );
      clientConfigRoute(typed, config.errorReporting);
      typed.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

      // TOTP secrets are sealed with a key derived from the JWT secret: rotating it means re-enrolling.
      const twoFactor = createTwoFactorService({ db: database.db, serverSecret: config.jwtSecret });
      const authService = createAuthService({
        db: database.db,
        tokens,
        mailer,
        appUrl: config.appUrl,
        twoFactor,
        productEvents: work.productEvents,
      });
      await api.register(authRoutes(authService, { rateLimitPerMinute: config.authRateLimitPerMinute }));
      await api.register(
        twoFactorRoutes(authService, twoFactor, { rateLimitPerMinute: config.authRateLimitPerMinute }),
      );
      await api.register(sessionsRoutes(createSessionsService({ db: database.db, mailer })));
      await api.register(
        avatarRoutes(
          createAvatarService({ db: database.db, storage, profile: (claims) => authService.profile(claims) }),
        ),
      );
      await api.register(
        ssoRoutes(
          createSsoService({ db: database.db, auth: authService, oidc: createOidcClients(config.oidc), log: app.log }),
          { rateLimitPerMinute: config.authRateLimitPerMinute },
        ),
      );
      await registerFeatureRoutes(typed, {
        db: database.db,
        storage,
        config,
        changes,
        mailer,
        jobs,
        auth: authService,
        apiKeyGate,
        webhookSecrets: work.webhookSecrets,
        productEvents: work.productEvents,
        chatSecrets: work.chatSecrets,
        billing: work.billing.runtime,
        meetingRecapDrafter: work.meetingRecapDrafter,
        operations: {
          databaseKind: database.kind,
          version: SERVER_VERSION,
          startedAt,
          backups: work.backups?.stats ?? null,
          // The hub is created after the routes; it is there by the time anyone asks.
          realtimeConnections: () => app.realtime?.connectionCount() ?? 0,
          countFailedOperations: countWaitingFailedOperations,
        },
      });
    },
    { prefix: API_PREFIX },
  );

  // Outside the /api/v1 plugin: the socket authenticates with its first message, not a header.
  const realtime = createRealtimeHub({
    database,
    databaseUrl: config.databaseUrl,
    changes,
    // A key revoked through another process stops working here at once too, not at the next check.
    onRemoteChange: (event) => {
      if (event.entity === 'integration') for (const id of event.ids) apiKeyGate.forget(id);
    },
    verifyToken: (token) => tokens.verify(token),
    isActiveMember: (caller) =>
      readInTenant(database.db, caller, () => requireActiveMember(caller.organizationId, caller.userId)).then(
        () => true,
        () => false,
      ),
    canSubscribe: (caller, teamId) =>
      readInTenant(
        database.db,
        caller,
        async () => (await findActiveTeams(caller.organizationId, [teamId])).length > 0,
      ),
    ...(deps.realtimeLimits ? { limits: deps.realtimeLimits } : {}),
  });
  app.decorate('realtime', realtime);
  await app.register(realtime.plugin);

  await jobs.prepare();
  await work.schedule();
  await jobs.start();
  // Uploads cut off by an earlier stop left temporary files: cleared in the background, never in start-up's way.
  void removeStaleUploads([config.storage.tmpDir, incomingDirOf(path.join(config.dataDir, 'files'))])
    .then((removed) => {
      if (removed > 0) app.log.info({ removed }, 'removed temporary files of interrupted uploads');
    })
    .catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not clear the temporary files of interrupted uploads'),
    );

  const webServed = await registerWebApp(app, config.webDistDir ?? defaultWebDist);
  registerNotFound(app, API_PREFIX, webServed);
  return app;
}
