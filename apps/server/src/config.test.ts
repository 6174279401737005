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

describe('priority assistant settings', () => {
  it('have no model without a provider, a name, and a base URL (OpenAI-compatible) or key (Anthropic)', () => {
    expect(loadConfig(BASE).assistant).toEqual({ model: undefined, monthlyRequests: 2000, rateLimitPerMinute: 30 });
    const named = { ...BASE, ASSISTANT_MODEL_PROVIDER: 'openai-compatible', ASSISTANT_MODEL_NAME: 'llama3.1' };
    expect(loadConfig(named).assistant.model).toBeUndefined();
    expect(loadConfig({ ...named, ASSISTANT_MODEL_PROVIDER: 'anthropic' }).assistant.model).toBeUndefined();
  });

  it('name a local OpenAI-compatible model without a key, and the limits when set', () => {
    const config = loadConfig({
      ...BASE,
      ASSISTANT_MODEL_PROVIDER: 'openai-compatible',
      ASSISTANT_MODEL_BASE_URL: 'http://localhost:11434/v1',
      ASSISTANT_MODEL_NAME: 'llama3.1',
      ASSISTANT_MONTHLY_REQUESTS: '50',
      ASSISTANT_RATE_LIMIT_PER_MINUTE: '5',
    });
    expect(config.assistant).toEqual({
      model: {
        provider: 'openai-compatible',
        baseUrl: 'http://localhost:11434/v1',
        apiKey: undefined,
        name: 'llama3.1',
        timeoutMs: 20_000,
      },
      monthlyRequests: 50,
      rateLimitPerMinute: 5,
    });
  });

  it('refuse an unknown provider', () => {
    expect(() => loadConfig({ ...BASE, ASSISTANT_MODEL_PROVIDER: 'gpt' })).toThrow();
  });
});
