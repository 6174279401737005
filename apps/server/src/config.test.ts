import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const BASE = { DATA_DIR: '/tmp/keel-config-test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' };

describe('error-reporting settings', () => {
  it('are absent without SENTRY_DSN, or with it empty', () => {
    expect(loadConfig(BASE).errorReporting).toBeUndefined();
    expect(loadConfig({ ...BASE, SENTRY_DSN: '' }).errorReporting).toBeUndefined();
  });

  it('take the environment from SENTRY_ENVIRONMENT, else NODE_ENV, and the release when given', () => {
    const dsn = 'https://key@o1.ingest.sentry.io/42';
    expect(loadConfig({ ...BASE, NODE_ENV: 'production', SENTRY_DSN: dsn }).errorReporting).toEqual({
      dsn,
      environment: 'production',
      release: undefined,
    });
    expect(
      loadConfig({ ...BASE, SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging', SENTRY_RELEASE: 'keel@1.2.3' })
        .errorReporting,
    ).toEqual({ dsn, environment: 'staging', release: 'keel@1.2.3' });
  });

  it('refuse a DSN that is not an address', () => {
    expect(() => loadConfig({ ...BASE, SENTRY_DSN: 'not a dsn' })).toThrow();
  });
});
