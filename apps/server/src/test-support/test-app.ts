import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Role, Session } from '@keel/contract';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createChangeBus, type ChangeEvent } from '../realtime/change-bus.js';
import { createMemoryStorage } from '../storage/file-storage.js';
import { createTestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Mail in tests is tried once unless a test asks for retries: a failure shows at once. */
const TEST_JOBS: NonNullable<AppDeps['jobs']> = { supervise: false, mailRetry: { limit: 0, delaySeconds: 1 } };

export interface TestAppExtras {
  errorReporter?: AppDeps['errorReporter'];
  /** Shorter webhook retries and timeout. */
  webhooks?: AppDeps['webhooks'];
  /** Shorter chat message retries and timeout. */
  chatNotifications?: AppDeps['chatNotifications'];
  /** Registers test-only routes before the app is ready. */
  beforeReady?: (app: FastifyInstance) => Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  jobs: NonNullable<AppDeps['jobs']> = TEST_JOBS,
  extras: TestAppExtras = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: `/tmp/keel-test-${randomUUID()}`,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://keel.test',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await buildApp({
    database,
    config,
    storage: createMemoryStorage(),
    logger: false,
    jobs,
    ...(extras.errorReporter ? { errorReporter: extras.errorReporter } : {}),
    ...(extras.webhooks ? { webhooks: extras.webhooks } : {}),
    ...(extras.chatNotifications ? { chatNotifications: extras.chatNotifications } : {}),
  });
  await extras.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'person') => `${prefix}.${Date.now()}.${++counter}@example.com`;

export function registrationPayload(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    organizationName: 'Analytical Engines Ltd',
    legalAgreement: {
      termsAccepted: true,
      privacyAccepted: true,
      acceptedAt: new Date().toISOString(),
      ipAddress: 'keel.test',
      userAgent: 'vitest',
      version: '1.0',
    },
    ...overrides,
  };
}

/** Registers a new organization through the API and returns its owner's session. */
export async function registerOrganization(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: registrationPayload(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: Session }>().data;
}

export const bearer = (session: Pick<Session, 'accessToken'>) => ({ authorization: `Bearer ${session.accessToken}` });

export const bodyOf = <T>(response: LightMyRequestResponse) => response.json<T>();

/** Reads rows bypassing the app role (the connecting role owns the tables): for assertions only. */
export async function queryAsOwner<T extends Record<string, unknown>>(
  database: DatabaseHandle,
  query: string,
): Promise<T[]> {
  const result = await database.db.execute(sql.raw(query));
  return (result as { rows: T[] }).rows;
}

/** The password every test registration and added member signs in with. */
export const TEST_PASSWORD = 'correct horse battery';

/** Adds a person with `role` to an organization (as issue 4's invitations will) and signs them in. */
export async function addMember(context: TestContext, organizationId: string, role: Role): Promise<Session> {
  const email = uniqueEmail(role);
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const [user] = await queryAsOwner<{ id: string }>(
    context.database,
    `insert into users (email, first_name, last_name, password_hash) values ('${email}', 'Grace', 'Hopper', '${passwordHash}') returning id`,
  );
  if (!user) throw new Error('member insert returned nothing');
  await queryAsOwner(
    context.database,
    `insert into memberships (organization_id, user_id, role) values ('${organizationId}', '${user.id}', '${role}')`,
  );
  const login = await context.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`member sign-in failed: ${login.statusCode} ${login.body}`);
  return login.json<{ data: Session }>().data;
}

export interface TenantFixture<R extends Role> {
  context: TestContext;
  /** The owner of the organization under test. */
  owner: Session;
  /** The owner of a second organization, whose ids must read as absent (404) to the first. */
  other: Session;
  members: Record<R, Session>;
}

/** Registration fields for the two organizations, where a suite asserts on them (their names, say). */
export interface TenantRegistrations {
  owner?: Record<string, unknown>;
  other?: Record<string, unknown>;
}

/** The usual cast of a route test: an organization with its owner and members, and a stranger. */
export async function createTenantFixture<R extends Role>(
  roles: readonly R[],
  registrations: TenantRegistrations = {},
  env: Record<string, string> = {},
  extras: TestAppExtras = {},
): Promise<TenantFixture<R>> {
  const context = await createTestApp(env, TEST_JOBS, extras);
  const owner = await registerOrganization(context.app, registrations.owner);
  const other = await registerOrganization(context.app, registrations.other);
  const members = {} as Record<R, Session>;
  for (const role of roles) members[role] = await addMember(context, owner.user.organizationId, role);
  return { context, owner, other, members };
}

/**
 * The tenant fixture as a suite's own: the returned object is empty until the suite's first test, so read
 * its fields inside tests and hooks, never at module level.
 */
export function useTenantFixture<R extends Role>(
  roles: readonly R[],
  registrations: TenantRegistrations = {},
  env: () => Record<string, string> = () => ({}),
  extras: TestAppExtras = {},
): TenantFixture<R> {
  const fixture = {} as TenantFixture<R>;
  beforeAll(async () => {
    Object.assign(fixture, await createTenantFixture(roles, registrations, env(), extras));
  });
  afterAll(async () => {
    await fixture.context.close();
  });
  return fixture;
}

export type AuthSuiteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A suite's own app (filled in before its first test, closed after its last, so read `context` inside tests
 * and hooks) and `inject`, which calls a path below /api/v1 as `session` (anonymous without one).
 */
export function useAuthSuite(env: Record<string, string> = {}) {
  const context = {} as TestContext;
  beforeAll(async () => {
    Object.assign(context, await createTestApp(env));
  });
  afterAll(async () => {
    await context.close();
  });
  const inject = (
    method: AuthSuiteMethod,
    url: string,
    payload?: unknown,
    session?: Session,
    headers: Record<string, string> = {},
  ) =>
    context.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...headers, ...(session ? bearer(session) : {}) },
    });
  return { context, inject };
}

export interface AuditRow extends Record<string, unknown> {
  action: string;
  actorUserId: string | null;
  targetId: string | null;
  summary: Record<string, unknown> | null;
}

/** The audit rows of one action (of one target, if given), oldest first: for assertions only. */
export const auditEvents = (database: DatabaseHandle, action: string, targetId?: string) =>
  queryAsOwner<AuditRow>(
    database,
    `select action, actor_user_id as "actorUserId", target_id as "targetId", summary from audit_events
     where action = '${action}'${targetId ? ` and target_id = '${targetId}'` : ''} order by created_at, id`,
  );

/** A change to `teamId` made by `actor` (one fresh id unless overridden), as the services publish them. */
export const changeEvent = (actor: Session, teamId: string, overrides: Partial<ChangeEvent> = {}): ChangeEvent => ({
  organizationId: actor.user.organizationId,
  teamId,
  entity: 'todo',
  ids: [randomUUID()],
  action: 'updated',
  actorUserId: actor.user.id,
  ...overrides,
});

/** A change bus that keeps what it publishes, for services built in a test. */
export function recordedChanges() {
  const changes = createChangeBus();
  const events: ChangeEvent[] = [];
  changes.subscribe((event) => events.push(event));
  return { changes, events };
}

/**
 * The mails kept for `email`, newest first, once the background jobs have sent everything queued
 * (a mail leaves after its transaction commits, on a worker, not in the request).
 */
export async function mailsTo(context: TestContext, email: string) {
  await context.app.jobs.whenIdle();
  return queryAsOwner<{ text_body: string; status: string; subject: string }>(
    context.database,
    `select text_body, status, subject from mail_outbox where lower(to_address) = lower('${email}')
      order by created_at desc`,
  );
}

/** Expects each of `paths` in the served OpenAPI document. */
export async function expectDocumented(context: TestContext, paths: readonly string[]) {
  const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  const documented = Object.keys(bodyOf<{ paths: Record<string, unknown> }>(response).paths);
  for (const path of paths) expect(documented).toContain(path);
}

/** A one-file multipart/form-data body as the browser sends it. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----keel${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Just enough bytes for content detection to read a PNG: the type comes from these, never from a name. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]),
]);
