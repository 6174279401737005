import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registerAuthentication } from '../http/authenticate.js';
import { createAccessTokens } from '../modules/auth/index.js';
import { startSentryIngest } from '../test-support/sentry-ingest.js';
import { bearer, createTestApp, registerOrganization, type TestContext } from '../test-support/test-app.js';
import type { ErrorReporter } from './error-reporter.js';
import { startSentry } from './sentry.js';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const SECRET_IN_BODY = 'body-secret-words';

/** A route that fails on our side, registered by this test only (no production route throws on purpose). */
async function registerFailingRoute(app: FastifyInstance) {
  const tokens = createAccessTokens(JWT_SECRET);
  await app.register(
    async (child) => {
      registerAuthentication(child, (token) => tokens.verify(token));
      child.post('/explode', async () => {
        throw new Error('the test route broke on purpose');
      });
    },
    { prefix: '/api/v1/test-only' },
  );
}

describe('error reporting with SENTRY_DSN set', () => {
  let ingest: Awaited<ReturnType<typeof startSentryIngest>>;
  let context: TestContext;
  let reporter: ErrorReporter;

  beforeAll(async () => {
    ingest = await startSentryIngest();
    const settings = loadConfig({
      SENTRY_DSN: ingest.dsn,
      SENTRY_ENVIRONMENT: 'test-suite',
      DATA_DIR: '/tmp',
    }).errorReporting!;
    reporter = startSentry(settings);
    context = await createTestApp({ SENTRY_DSN: ingest.dsn }, undefined, {
      errorReporter: reporter,
      beforeReady: registerFailingRoute,
    });
  });
  afterAll(async () => {
    await context?.close();
    await ingest?.close();
  });

  it('reports a 5xx with the signed-in user id only: no email, IP address, credential, cookie, query value or body', async () => {
    const owner = await registerOrganization(context.app);
    // Over a real socket, so that the SDK's HTTP instrumentation sees the request as it would in production.
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/v1/test-only/explode?email=${encodeURIComponent(owner.user.email)}`, {
      method: 'POST',
      headers: {
        ...bearer(owner),
        'content-type': 'application/json',
        cookie: 'session=cookie-secret',
        'x-forwarded-for': '203.0.113.9',
      },
      body: JSON.stringify({ note: SECRET_IN_BODY, email: owner.user.email }),
    });
    expect(response.status).toBe(500);
    await reporter.flush(5_000);

    const events = ingest.events();
    expect(events).toHaveLength(1);
    const event = events[0]!.payload;
    expect(event.user).toEqual({ id: owner.user.id });
    expect(event.environment).toBe('test-suite');
    expect(JSON.stringify(event.exception)).toContain('the test route broke on purpose');
    expect((event.tags as Record<string, string>)['http.route']).toBe('/api/v1/test-only/explode');
    expect(ingest.envelopes[0]!.path).toMatch(/^\/api\/42\/envelope\//);

    const everythingSent = ingest.envelopes.map((envelope) => envelope.raw).join('\n');
    const request = event.request as { method: string; url: string; headers: Record<string, string> };
    expect(request.method).toBe('POST');
    // This test's own fetch is an outgoing call of the process the SDK watches: the server adds no trace headers.
    expect(request.headers['sentry-trace']).toBeUndefined();
    expect(request.url).toMatch(/\/api\/v1\/test-only\/explode$/);
    expect(Object.keys(request.headers)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(authorization|cookie|x-forwarded-for)$/i)]),
    );
    for (const personal of [
      owner.user.email,
      encodeURIComponent(owner.user.email),
      owner.accessToken,
      'cookie-secret',
      SECRET_IN_BODY,
      '203.0.113.9',
    ]) {
      expect(everythingSent).not.toContain(personal);
    }
  });

  it('does not report what the caller got wrong (a 400)', async () => {
    const before = ingest.envelopes.length;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'not-an-address' },
    });
    expect(response.statusCode).toBe(400);
    await reporter.flush(5_000);
    expect(ingest.envelopes.slice(before).flatMap((envelope) => envelope.items.map((item) => item.type))).not.toContain(
      'event',
    );
  });

  it('tells the browser where to report, with the spec sampling, and lets it send there (CSP connect-src)', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        sentry: {
          dsn: ingest.dsn,
          environment: 'test',
          release: null,
          tracesSampleRate: 0.1,
          replaysSessionSampleRate: 0.1,
          replaysOnErrorSampleRate: 1,
        },
      },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ws: wss: ${new URL(ingest.dsn).origin}`);
  });
});
