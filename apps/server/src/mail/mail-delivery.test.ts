import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerOrganization,
  registrationPayload,
  uniqueEmail,
} from '../test-support/test-app.js';
import { startSmtpCapture } from '../test-support/smtp-capture.js';
import { JOB_SCHEMA } from '../jobs/job-schema.js';
import { MAIL_RETRY } from './mailer.js';

const serverEntry = fileURLToPath(new URL('../main.ts', import.meta.url));

describe('mail through the background jobs', () => {
  it('keeps trying for longer than a ten-minute SMTP outage', () => {
    // pg-boss waits delay × 2^n / 2 (up to twice that with jitter) before attempt n + 1.
    const shortestWaitSeconds = Array.from(
      { length: MAIL_RETRY.limit },
      (_, n) => (MAIL_RETRY.delaySeconds * 2 ** (n + 1)) / 2,
    ).reduce((sum, wait) => sum + wait, 0);
    expect(shortestWaitSeconds).toBeGreaterThan(10 * 60);
  });

  it('delays mail while the SMTP server refuses it, then delivers every mail once', async () => {
    let refusing = true;
    const smtp = await startSmtpCapture({ refuse: () => refusing });
    const context = await createTestApp(
      { SMTP_URL: smtp.url },
      { supervise: false, mailRetry: { limit: 10, delaySeconds: 1 } },
    );
    try {
      const owner = await registerOrganization(context.app);
      const invited = Array.from({ length: 10 }, () => uniqueEmail('while-down'));
      for (const email of invited) {
        const response = await context.app.inject({
          method: 'POST',
          url: `/api/v1/organizations/${owner.user.organizationId}/invitations`,
          headers: bearer(owner),
          payload: { email, role: 'member' },
        });
        expect(response.statusCode).toBe(201);
      }
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(smtp.received).toEqual([]);
      // None lost: each still waits, or is being tried again right now.
      const { rows } = await context.database.ownerSql.query(
        `select count(*)::int as pending from ${JOB_SCHEMA}.job where name = 'mail.deliver' and state <= 'active'`,
        [],
      );
      expect(rows[0]?.pending).toBe(invited.length);

      refusing = false;
      await context.app.jobs.whenIdle(30_000);
      for (const email of invited) {
        expect(smtp.received.filter((message) => message.includes(`To: ${email}`))).toHaveLength(1);
      }
    } finally {
      await context.close();
      await smtp.close();
    }
  }, 60_000);
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** The embedded database's own case (one process); on PostgreSQL an orphaned job expires instead. */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a server killed in the middle of a delivery', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keel-kill-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function startServer(port: number, smtpUrl: string): Promise<ChildProcess> {
    const { DATABASE_URL: _serverDatabase, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=keel-source', serverEntry], {
      env: {
        ...inherited,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: `http://127.0.0.1:${port}`,
        JWT_SECRET: 'kill-test-secret-that-is-long-enough-for-hs256',
        SMTP_URL: smtpUrl,
        LOG_LEVEL: 'error',
        WEB_DIST_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return child;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('delivers the mail once after the server starts again', async () => {
    let firstAttempt = true;
    let delivering: () => void = () => undefined;
    const midDelivery = new Promise<void>((resolve) => {
      delivering = resolve;
    });
    const smtp = await startSmtpCapture({
      // The first attempt's message is in, but the server never says "accepted": the process dies waiting.
      beforeAccept: () => {
        if (!firstAttempt) return Promise.resolve();
        firstAttempt = false;
        delivering();
        return new Promise<void>(() => undefined);
      },
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    let server = await startServer(port, smtp.url);
    try {
      const email = uniqueEmail('killed');
      const registered = await fetch(`${base}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registrationPayload({ email })),
      });
      expect(registered.status).toBe(201);
      const asked = await fetch(`${base}/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(asked.status).toBe(200);
      await midDelivery;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
      expect(smtp.received).toEqual([]);

      server = await startServer(port, smtp.url);
      const deadline = Date.now() + 20_000;
      while (smtp.received.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Time for a second delivery, if one were coming.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(smtp.received.filter((message) => message.includes('reset-password?token='))).toHaveLength(1);
    } finally {
      server.kill('SIGTERM');
      await smtp.close();
    }
  }, 120_000);
});
