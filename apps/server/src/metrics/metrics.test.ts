import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REALTIME_PATH } from '@keel/contract';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { JOB_SCHEMA } from '../jobs/job-schema.js';
import { scrapeMetrics, type Scrape } from '../test-support/prometheus-scrape.js';
import { bearer, bodyOf, createTestApp, useTenantFixture } from '../test-support/test-app.js';

const METRICS_TOKEN = 'metrics-token-for-the-test-scraper';
/** Nothing listens on port 1: every mail attempt fails at once, so the job queue has failures to report. */
const UNREACHABLE_SMTP = 'smtp://127.0.0.1:1';
const DASHBOARD_ROUTE = '/api/v1/organizations/:organizationId/me/dashboard';

const fixture = useTenantFixture([], {}, () => ({ METRICS_TOKEN, SMTP_URL: UNREACHABLE_SMTP }));
const scrape = () => scrapeMetrics(fixture.context.app, METRICS_TOKEN);
const get = (url: string, headers: Record<string, string> = {}) =>
  fixture.context.app.inject({ method: 'GET', url, headers });

/** How much a counter or gauge grew between two scrapes. */
const growth = (before: Scrape, after: Scrape, name: string, labels: Record<string, string>) =>
  after.value(name, labels) - before.value(name, labels);

describe('GET /metrics', () => {
  it('counts requests by route pattern (ids never become labels) and unmatched paths as one route', async () => {
    const { owner, other } = fixture;
    const before = await scrape();
    const own = `/api/v1/organizations/${owner.user.organizationId}/me/dashboard`;
    expect((await get(own, bearer(owner))).statusCode).toBe(200);
    expect((await get(own, bearer(owner))).statusCode).toBe(200);
    const foreign = await get(`/api/v1/organizations/${other.user.organizationId}/me/dashboard`, bearer(owner));
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/v1/no-such-thing/12345')).statusCode).toBe(404);
    const after = await scrape();

    const requests = 'keel_http_requests_total';
    expect(after.family(requests).type).toBe('counter');
    expect(growth(before, after, requests, { method: 'GET', route: DASHBOARD_ROUTE, status_code: '200' })).toBe(2);
    expect(growth(before, after, requests, { method: 'GET', route: DASHBOARD_ROUTE, status_code: '404' })).toBe(1);
    expect(growth(before, after, requests, { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(after.text).not.toContain(owner.user.organizationId);
    expect(after.text).not.toContain('no-such-thing');
  });

  it('times requests in a histogram per route pattern', async () => {
    const { owner } = fixture;
    const url = `/api/v1/organizations/${owner.user.organizationId}/me/dashboard`;
    const before = await scrape();
    await get(url, bearer(owner));
    const after = await scrape();

    const name = 'keel_http_request_duration_seconds';
    expect(after.family(name).type).toBe('histogram');
    const labels = { method: 'GET', route: DASHBOARD_ROUTE };
    const series = after.histogram(name, labels);
    expect((series?.count ?? 0) - (before.histogram(name, labels)?.count ?? 0)).toBe(1);
    const buckets = series?.buckets ?? [];
    expect(buckets.map(([le]) => le)).toEqual([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, Infinity]);
    // Cumulative: each bucket holds the ones below it, and +Inf holds every request.
    for (let index = 1; index < buckets.length; index += 1) {
      expect(buckets[index]![1]).toBeGreaterThanOrEqual(buckets[index - 1]![1]);
    }
    expect(buckets.at(-1)?.[1]).toBe(series?.count);
    expect(series?.sum).toBeGreaterThan(0);
  });

  it('counts the list-answer cache’s hits and misses', async () => {
    const { owner } = fixture;
    // A query string of its own: no earlier test's answer is in the cache under this URL.
    const url = `/api/v1/organizations/${owner.user.organizationId}/me/dashboard?limit=7`;
    const before = await scrape();
    const first = await get(url, bearer(owner));
    const second = await get(url, bearer(owner));
    const after = await scrape();

    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.headers['x-keel-cache'], second.headers['x-keel-cache']]).toEqual(['miss', 'hit']);
    const lookups = 'keel_cache_lookups_total';
    expect(growth(before, after, lookups, { cache: 'list_answers', result: 'miss' })).toBe(1);
    expect(growth(before, after, lookups, { cache: 'list_answers', result: 'hit' })).toBe(1);
  });

  it('reports the job queue’s waiting jobs and failures by kind', async () => {
    const { app, database } = fixture.context;
    await app.jobs.whenIdle();
    const before = await scrape();
    // A password reset mail to an SMTP server that is not there: its only attempt fails and it gives up.
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: fixture.owner.user.email },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    await app.jobs.whenIdle();
    // A job due in an hour waits in its queue, untouched by the workers.
    await database.ownerSql.query(
      `insert into ${JOB_SCHEMA}.job (name, data, start_after) values ('mail.deliver', '{}', now() + interval '1 hour')`,
    );
    const after = await scrape();
    await database.ownerSql.query(`delete from ${JOB_SCHEMA}.job where state = 'created' and name = 'mail.deliver'`);

    expect(after.family('keel_jobs').type).toBe('gauge');
    expect(growth(before, after, 'keel_job_failures_total', { kind: 'mail.deliver', gave_up: 'true' })).toBe(1);
    expect(growth(before, after, 'keel_jobs', { kind: 'mail.deliver', state: 'failed' })).toBe(1);
    expect(after.value('keel_jobs', { kind: 'mail.deliver', state: 'waiting' })).toBe(1);
    expect(after.value('keel_jobs', { kind: 'mail.deliver', state: 'running' })).toBe(0);
    // Every defined kind has its series, at zero when it has no jobs.
    expect(after.sample('keel_jobs', { kind: 'storage.move', state: 'waiting' })?.value).toBe(0);
  });

  it('reports the open realtime connections', async () => {
    const { app } = fixture.context;
    expect((await scrape()).value('keel_realtime_connections')).toBe(0);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`);
    try {
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      await expect.poll(async () => (await scrape()).value('keel_realtime_connections')).toBe(1);
    } finally {
      socket.terminate();
    }
    await expect.poll(async () => (await scrape()).value('keel_realtime_connections')).toBe(0);
  });

  it('reports the database kind, its pools on PostgreSQL, and the process', async () => {
    const { database } = fixture.context;
    const metrics = await scrape();
    expect(metrics.value('keel_database_info', { kind: database.kind })).toBe(1);
    const pools = metrics.family('keel_db_pool_clients').samples;
    if (database.kind === 'postgresql') {
      expect(metrics.value('keel_db_pool_clients', { pool: 'tenant', state: 'total' })).toBeGreaterThan(0);
      expect(pools.map((sample) => `${sample.labels.pool} ${sample.labels.state}`).sort()).toEqual(
        ['owner', 'tenant'].flatMap((pool) => ['idle', 'total', 'waiting'].map((state) => `${pool} ${state}`)),
      );
    } else {
      expect(pools).toEqual([]);
    }
    expect(metrics.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metrics.value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(metrics.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('answers 401 without the token, with another token or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer not-the-metrics-token', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const response = await get('/metrics', authorization ? { authorization } : {});
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(bodyOf(response)).toEqual({
        code: 'metrics.unauthorized',
        error: 'Send the metrics token of this server as "Authorization: Bearer <METRICS_TOKEN>"',
      });
    }
  });

  it('is left out of the OpenAPI document', async () => {
    const response = await get('/api/v1/openapi.json');
    expect(Object.keys(bodyOf<{ paths: Record<string, unknown> }>(response).paths)).not.toContain('/metrics');
  });
});

describe('without METRICS_TOKEN', () => {
  it('answers 404 saying metrics are not enabled, even to a Bearer token, where the web app takes other pages', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'keel-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Keel</title>');
    const context = await createTestApp({ WEB_DIST_DIR: webDist });
    try {
      const page = await context.app.inject({ method: 'GET', url: '/some/page' });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const response = await context.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(bodyOf(response)).toEqual({
        code: 'metrics.not_enabled',
        error: 'Metrics are not enabled on this server (set METRICS_TOKEN to turn them on)',
      });
    } finally {
      await context.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('refuses a token too short to resist guessing', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).metricsToken).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
