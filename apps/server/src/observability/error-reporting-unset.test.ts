import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSentryIngest } from '../test-support/sentry-ingest.js';
import { createTestApp, type TestContext } from '../test-support/test-app.js';

async function registerFailingRoute(app: FastifyInstance) {
  app.post('/api/v1/test-only/explode', async () => {
    throw new Error('the test route broke on purpose');
  });
}

describe('error reporting without SENTRY_DSN', () => {
  let ingest: Awaited<ReturnType<typeof startSentryIngest>>;
  let context: TestContext;

  beforeAll(async () => {
    ingest = await startSentryIngest();
    context = await createTestApp({}, undefined, { beforeReady: registerFailingRoute });
  });
  afterAll(async () => {
    await context?.close();
    await ingest?.close();
  });

  it('sends nothing when a request fails, and tells the browser there is nowhere to report', async () => {
    const failed = await context.app.inject({ method: 'POST', url: '/api/v1/test-only/explode', payload: {} });
    expect(failed.statusCode).toBe(500);
    const clientConfig = await context.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(clientConfig.json()).toEqual({ data: { sentry: null } });
    expect(String(clientConfig.headers['content-security-policy'])).toContain("connect-src 'self' ws: wss:;");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ingest.envelopes).toHaveLength(0);
  });
});
