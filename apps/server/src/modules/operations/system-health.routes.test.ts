import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Session, SystemHealth } from '@keel/contract';
import { signedInSocket, startHubApp } from '../../test-support/realtime-hub.js';
import {
  bearer,
  bodyOf,
  expectDocumented,
  queryAsOwner,
  registerOrganization,
  useTenantFixture,
} from '../../test-support/test-app.js';
import { createSystemHealthService, type SystemHealthDeps } from './system-health.service.js';

const t = useTenantFixture(['admin', 'member', 'observer']);
const orgOf = () => t.owner.user.organizationId;
const get = (session: Session | null, org = orgOf()) =>
  t.context.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${org}/system-health`,
    headers: session ? bearer(session) : {},
  });
const asOwner = <T extends Record<string, unknown>>(query: string) => queryAsOwner<T>(t.context.database, query);
const callerOf = (session: Session) => ({ organizationId: session.user.organizationId, userId: session.user.id });

describe('GET /organizations/{id}/system-health', () => {
  it('answers 401 without a token, 400 for a malformed id, 404 for another organization, 403 for members', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(t.owner, 'not-an-id')).statusCode).toBe(400);
    expect((await get(t.owner, t.other.user.organizationId)).statusCode).toBe(404);
    for (const session of [t.members.member, t.members.observer]) {
      const response = await get(session);
      expect(response.statusCode).toBe(403);
      expect(bodyOf<{ code: string }>(response).code).toBe('organizations.admin_required');
    }
    await expectDocumented(t.context, ['/api/v1/organizations/{organizationId}/system-health', '/api/v1/health/ready']);
  });

  it('measures the database, the outbox and the disk for an owner and an admin', async () => {
    const sentAt = '2026-11-20T08:15:00.000Z';
    await asOwner(
      `insert into mail_outbox (to_address, subject, text_body, status, sent_at, error) values
        ('a@example.com', 'Sent', 'x', 'sent', '${sentAt}', null),
        ('b@example.com', 'Sent earlier', 'x', 'sent', '2026-11-19T08:15:00Z', null),
        ('d@example.com', 'Refused', 'x', 'failed', null, 'mailbox unavailable')`,
    );
    await t.context.app.jobs.whenIdle();
    const [outbox] = await asOwner<{ failed: number }>(
      `select count(*) filter (where status = 'failed')::int as failed from mail_outbox`,
    );
    const [size] = await asOwner<{ size: string }>(`select pg_database_size(current_database())::text as size`);
    for (const session of [t.owner, t.members.admin]) {
      const response = await get(session);
      expect(response.statusCode).toBe(200);
      const health = bodyOf<{ data: SystemHealth }>(response).data;
      expect(health.database).toMatchObject({ reachable: true, kind: t.context.database.kind });
      expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
      // The size grows a little as the suite writes: within a mebibyte of the owner's reading.
      expect(Math.abs(health.database.sizeBytes! - Number(size!.size))).toBeLessThan(1024 * 1024);
      expect(health.mail).toEqual({
        level: 'amber',
        reason: 'Mail is only logged: SMTP_URL is not set, so no mail leaves the server.',
        mode: 'logged',
        lastDeliveryAt: sentAt,
        queued: 0,
        failed: outbox!.failed,
      });
      expect(outbox!.failed).toBeGreaterThanOrEqual(1);
      expect(health.storage.totalBytes).toBeGreaterThan(0);
      expect(health.storage.freeBytes).toBeLessThanOrEqual(health.storage.totalBytes!);
      expect(health.backups.applies).toBe(t.context.database.kind === 'embedded');
      expect(health.realtime).toMatchObject({ connections: 0, level: 'green' });
      expect(Date.parse(health.checkedAt)).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('live connections', () => {
  it("counts the hub's open sockets", async () => {
    const hub = await startHubApp();
    try {
      const owner = await registerOrganization(hub.app);
      const connections = async () => {
        const response = await hub.app.inject({
          url: `/api/v1/organizations/${owner.user.organizationId}/system-health`,
          headers: bearer(owner),
        });
        return bodyOf<{ data: SystemHealth }>(response).data.realtime.connections;
      };
      expect(await connections()).toBe(0);
      const sockets = [
        await signedInSocket(hub.port, owner.accessToken),
        await signedInSocket(hub.port, owner.accessToken),
      ];
      expect(await connections()).toBe(2);
      for (const socket of sockets) socket.ws.close();
    } finally {
      await hub.close();
    }
  });
});

describe('GET /health/ready', () => {
  it('answers 200 without a token while the database answers', async () => {
    const response = await t.context.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ data: { status: 'ready', database: 'ok' } });
  });
});

describe('system health service', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const serviceWith = (overrides: Partial<SystemHealthDeps> = {}) =>
    createSystemHealthService({
      db: t.context.database.db,
      databaseKind: 'embedded',
      version: '1.4.2',
      startedAt: minutesAgo(90),
      dataDir: mkdtempSync(path.join(tmpdir(), 'keel-health-')),
      // Outside this module: the SMTP transport, the job queue, the backup schedule and the hub.
      mail: { mode: 'smtp', stats: async () => ({ lastDeliveryAt: minutesAgo(3), queued: 0, failed: 0 }) },
      jobs: { stats: async () => ({ depth: 12, oldestWaitingAt: minutesAgo(7), failed: 0 }) },
      backups: async () => ({ lastBackupAt: minutesAgo(27 * 60), kept: 7 }),
      realtimeConnections: () => 4,
      now: () => now,
      ...overrides,
    });

  it('gives each part its level and reason from what the parts report', async () => {
    const health = await serviceWith().check(callerOf(t.owner));
    expect(health).toMatchObject({ version: '1.4.2', uptimeSeconds: 90 * 60, checkedAt: now.toISOString() });
    expect(health.mail).toEqual({
      level: 'green',
      reason: 'Mail is sent over SMTP.',
      mode: 'smtp',
      lastDeliveryAt: minutesAgo(3).toISOString(),
      queued: 0,
      failed: 0,
    });
    expect(health.jobs).toEqual({
      level: 'amber',
      reason: 'The oldest waiting job has waited 7 minutes.',
      depth: 12,
      oldestWaitingAt: minutesAgo(7).toISOString(),
      failed: 0,
    });
    expect(health.backups).toEqual({
      level: 'amber',
      reason: 'The last backup is 27 hours old.',
      applies: true,
      lastBackupAt: minutesAgo(27 * 60).toISOString(),
      kept: 7,
    });
    expect(health.realtime).toEqual({
      level: 'green',
      reason: '4 open pages are connected for live updates.',
      connections: 4,
    });
  });

  it('turns a part that cannot be read red, and keeps the rest of the page', async () => {
    const health = await serviceWith({
      jobs: { stats: () => Promise.reject(new Error('queue schema missing')) },
      backups: () => Promise.reject(new Error('EACCES')),
    }).check(callerOf(t.owner));
    expect(health.jobs).toMatchObject({ level: 'red', reason: 'The job queue could not be read.', depth: 0 });
    expect(health.backups).toMatchObject({ level: 'red', reason: 'The backups folder could not be read.' });
    expect(health.database.level).not.toBe('red');
  });

  it('says that backups do not apply to a PostgreSQL server', async () => {
    const health = await serviceWith({ databaseKind: 'postgresql', backups: null }).check(callerOf(t.owner));
    expect(health.backups).toEqual({
      level: 'green',
      reason: 'A PostgreSQL server is backed up by its own operator.',
      applies: false,
      lastBackupAt: null,
      kept: 0,
    });
  });

  it('refuses members, and answers 503 for readiness when the database fails or hangs', async () => {
    await expect(serviceWith().check(callerOf(t.members.member))).rejects.toMatchObject({ statusCode: 403 });
    const unreachable = {
      execute: () => Promise.reject(new Error('connection refused')),
    } as unknown as SystemHealthDeps['db'];
    await expect(serviceWith({ db: unreachable }).readiness()).rejects.toMatchObject({
      statusCode: 503,
      code: 'system.database_unavailable',
    });
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as SystemHealthDeps['db'];
    await expect(serviceWith({ db: hanging }).readiness()).rejects.toMatchObject({ statusCode: 503 });
  });
});
