import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { RealtimeServerMessage } from '@keel/contract';
import WebSocket from 'ws';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createMemoryStorage } from '../storage/file-storage.js';
import { queryAsOwner, type TestContext } from './test-app.js';
import { createTestDatabase } from './test-database.js';
import { createChangeBus, type ChangeBus } from '../realtime/change-bus.js';
import type { HubLimits } from '../realtime/hub.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface HubTestApp extends TestContext {
  changes: ChangeBus;
  port: number;
}

/** A test app listening on a real port (sockets need one), with its change bus in hand. */
export async function startHubApp(
  options: { limits?: Partial<HubLimits>; database?: DatabaseHandle; databaseUrl?: string } = {},
): Promise<HubTestApp> {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: `/tmp/keel-test-${randomUUID()}`,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://keel.test',
    WEB_DIST_DIR: '/nonexistent',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const changes = createChangeBus();
  const app = await buildApp({
    database,
    config,
    changes,
    storage: createMemoryStorage(),
    logger: false,
    jobs: { supervise: false },
    ...(options.limits ? { realtimeLimits: options.limits } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.realtime.fanoutReady();
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    database,
    changes,
    port,
    async close() {
      await app.close();
      if (ownDatabase) await database.close();
    },
  };
}

export interface TestSocket {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  /** Resolves with the first message (already received or coming) that matches, else rejects after timeoutMs. */
  next<T extends RealtimeServerMessage['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
}

export async function openSocket(port: number): Promise<TestSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/realtime`);
  const messages: RealtimeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data: WebSocket.RawData) => {
    messages.push(JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as RealtimeServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const consumed = new Set<number>();
  return {
    ws,
    messages,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(type, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${type}" message within ${timeoutMs} ms`)), timeoutMs);
        const look = () => {
          const index = messages.findIndex((message, i) => message.type === type && !consumed.has(i));
          if (index >= 0) {
            consumed.add(index);
            clearTimeout(timer);
            resolve(messages[index] as Extract<RealtimeServerMessage, { type: typeof type }>);
            return;
          }
          waiters.push(look);
        };
        look();
      });
    },
  };
}

/** Opens a socket and signs it in; resolves once the hub said `ready`. */
export async function signedInSocket(port: number, token: string): Promise<TestSocket> {
  const socket = await openSocket(port);
  socket.send({ type: 'auth', token });
  await socket.next('ready');
  return socket;
}

export async function leadershipTeamId(database: DatabaseHandle, organizationId: string): Promise<string> {
  const [row] = await queryAsOwner<{ id: string }>(
    database,
    `select id from teams where organization_id = '${organizationId}' and is_leadership_team`,
  );
  if (!row) throw new Error('no leadership team');
  return row.id;
}

export async function insertTeam(database: DatabaseHandle, organizationId: string, name: string, archived = false) {
  const [row] = await queryAsOwner<{ id: string }>(
    database,
    `insert into teams (organization_id, name${archived ? ', archived_at' : ''}) values ('${organizationId}', '${name}'${archived ? ', now()' : ''}) returning id`,
  );
  if (!row) throw new Error('team insert returned nothing');
  return row.id;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `test` against a hub app of its own (for limits the shared one must not have), closed whatever happens. */
export async function withHubApp(options: Parameters<typeof startHubApp>[0], test: (hub: HubTestApp) => Promise<void>) {
  const hub = await startHubApp(options);
  try {
    await test(hub);
  } finally {
    await hub.close();
  }
}
