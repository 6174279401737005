import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createTestApp,
  queryAsOwner,
  registerOrganization,
  type TestContext,
} from '../../test-support/test-app.js';

const HOUR_MS = 60 * 60 * 1000;

describe('session lifetime and per-address limits', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '12' });
  });
  afterAll(async () => {
    await context.close();
  });

  async function refreshLifetimeHours(rememberMe: boolean, email: string) {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: TEST_PASSWORD, rememberMe },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await queryAsOwner<{ lifetime_ms: string }>(
      context.database,
      `select (extract(epoch from expires_at - created_at) * 1000)::bigint as lifetime_ms
         from refresh_tokens where remember_me = ${rememberMe} order by created_at desc limit 1`,
    );
    return Number(row?.lifetime_ms) / HOUR_MS;
  }

  it("gives 'Keep me signed in' a 30-day refresh token and otherwise a 24-hour one", async () => {
    const owner = await registerOrganization(context.app);
    expect(await refreshLifetimeHours(false, owner.user.email)).toBeCloseTo(24, 1);
    expect(await refreshLifetimeHours(true, owner.user.email)).toBeCloseTo(30 * 24, 1);
  });

  const forgotPassword = (email: string, remoteAddress: string) =>
    context.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email }, remoteAddress });

  it('refuses an address that calls the sign-in endpoints too often with 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt += 1) {
      const response = await forgotPassword(`nobody${attempt}@example.com`, '203.0.113.9');
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const limited = await forgotPassword('again@example.com', '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string; error: string }>()).toMatchObject({ code: 'request.rate_limited' });
    const otherAddress = await forgotPassword('again@example.com', '203.0.113.10');
    expect(otherAddress.statusCode).toBe(200);
  });
});
