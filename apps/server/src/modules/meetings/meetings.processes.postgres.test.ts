import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Meeting } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInSocket, TEST_JWT_SECRET, type TestSocket } from '../../test-support/realtime-hub.js';
import { serverDatabase } from '../../test-support/test-database.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface ServerProcess {
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
}

/** The real server (`src/main.ts`) in its own operating-system process, as a second instance behind a balancer would be. */
async function startServerProcess(url: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=keel-source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'keel-process-')),
      WEB_DIST_DIR: '/nonexistent',
      APP_URL: 'http://keel.test',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode}: ${errors}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { port, child, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server process did not answer within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function call<T>(
  server: ServerProcess,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/v1${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}

/** Waits for a `changed` message about the meeting on the socket, whichever process published it. */
async function meetingChange(socket: TestSocket, meetingId: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const message = await socket.next('changed', deadline - Date.now());
    if (message.entity === 'meeting' && message.ids.includes(meetingId)) return;
  }
  throw new Error('no change of the meeting reached the other process');
}

/**
 * Two server processes on one PostgreSQL: a facilitator on one, a participant's page on the other.
 * Navigation, presence and edits cross through LISTEN/NOTIFY, and killing the facilitator's process
 * mid-meeting loses nothing: the meeting carries on from the other one.
 */
describe.skipIf(!databaseUrl)('a meeting run across two server processes', () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    database = await serverDatabase(databaseUrl!);
    const starting = [startServerProcess(database.url), startServerProcess(database.url)];
    const started = await Promise.allSettled(starting);
    const failure = started.find((outcome) => outcome.status === 'rejected');
    if (failure) {
      // One process that did start must not outlive the test run.
      for (const outcome of started) if (outcome.status === 'fulfilled') outcome.value.child.kill('SIGKILL');
      throw failure.reason;
    }
    [first, second] = started.map((outcome) => (outcome as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.ws.close();
    for (const server of [first, second]) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    await database?.close();
  });

  it('moves, shows presence and survives the death of the facilitator’s process', async () => {
    const registered = await call<{ user: { organizationId: string }; accessToken: string }>(
      first,
      'POST',
      '/auth/register',
      null,
      {
        firstName: 'Zoë',
        lastName: 'Ørsted',
        email: `two-processes-${Date.now()}@example.com`,
        password: 'correct-horse-7',
        organizationName: 'Two processes',
        legalAgreement: {
          termsAccepted: true,
          privacyAccepted: true,
          acceptedAt: new Date().toISOString(),
          ipAddress: '127.0.0.1',
          userAgent: 'vitest',
          version: '1.0',
        },
      },
    );
    expect(registered.status).toBe(201);
    const token = registered.data.accessToken;
    const organization = `/organizations/${registered.data.user.organizationId}`;
    const departments = await call<{ departments: { id: string }[] }>(second, 'GET', '/users/departments', token);
    const teamId = departments.data.departments[0]!.id;

    const watcher = await signedInSocket(second.port, token);
    sockets.push(watcher);
    watcher.send({ type: 'subscribe', teamId });
    await watcher.next('subscribed');

    const started = await call<Meeting>(first, 'POST', `${organization}/meetings`, token, {
      teamId,
      typeKey: 'weekly-accountability',
    });
    expect(started.status).toBe(201);
    const meetingId = started.data.id;
    await meetingChange(watcher, meetingId);

    const facilitator = await signedInSocket(first.port, token);
    sockets.push(facilitator);
    facilitator.send({ type: 'subscribe', teamId });
    await facilitator.next('subscribed');
    facilitator.send({ type: 'presence', teamId, meetingId, section: 0 });
    const deadline = Date.now() + 5_000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      const presence = await watcher.next('presence', deadline - Date.now());
      seen = presence.meetingId === meetingId && presence.people.some((person) => person.section === 0);
    }
    expect(seen).toBe(true);

    const moved = await call<Meeting>(first, 'POST', `${organization}/meetings/${meetingId}/navigate`, token, {
      from: 0,
      to: 1,
    });
    expect(moved.status).toBe(200);
    await meetingChange(watcher, meetingId);
    const seenOnSecond = await call<Meeting>(second, 'GET', `${organization}/meetings/${meetingId}`, token);
    expect(seenOnSecond.data.currentSection).toBe(1);

    first.child.kill('SIGKILL');
    await first.exited;

    const afterCrash = await call<Meeting>(second, 'GET', `${organization}/meetings/${meetingId}`, token);
    expect(afterCrash.data.status).toBe('live');
    expect(afterCrash.data.currentSection).toBe(1);
    expect(afterCrash.data.sectionStartedAt).not.toBeNull();
    const carriedOn = await call<Meeting>(second, 'POST', `${organization}/meetings/${meetingId}/navigate`, token, {
      from: 1,
      to: 2,
    });
    expect(carriedOn.status).toBe(200);
    expect(carriedOn.data.currentSection).toBe(2);
    await meetingChange(watcher, meetingId);
  }, 60_000);
});
