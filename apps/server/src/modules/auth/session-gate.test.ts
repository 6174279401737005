import { describe, expect, it } from 'vitest';
import type { Session } from '@keel/contract';
import {
  TEST_PASSWORD,
  bearer,
  bodyOf,
  queryAsOwner,
  registerOrganization,
  useAuthSuite,
} from '../../test-support/test-app.js';
import { createSessionGate } from './session-gate.js';

// Checked on every request here, so the tests need not wait out the interval.
const { context, inject } = useAuthSuite({ SESSION_CHECK_SECONDS: '0' });

const signIn = async (email: string) => {
  const response = await inject('POST', '/auth/login', { email, password: TEST_PASSWORD });
  return bodyOf<{ data: Session }>(response).data;
};
const profileOf = (session: Session) => inject('GET', '/auth/profile', undefined, session);
const sessionIdOf = (session: Session) =>
  (JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe('ended sessions stop working before their access token expires', () => {
  it('"sign out everywhere else" refuses the other device at once and keeps this one', async () => {
    const owner = await registerOrganization(context.app);
    const phone = await signIn(owner.user.email);
    const laptop = await signIn(owner.user.email);
    expect((await profileOf(phone)).statusCode).toBe(200);

    const ended = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/sign-out-others',
      headers: bearer(laptop),
    });
    expect(ended.statusCode).toBe(200);
    const refused = await profileOf(phone);
    expect(refused.statusCode).toBe(401);
    expect(bodyOf<{ code: string }>(refused).code).toBe('auth.session_ended');
    expect((await profileOf(laptop)).statusCode).toBe(200);
  });

  it('signing out ends the access token along with the refresh token', async () => {
    const owner = await registerOrganization(context.app);
    const session = await signIn(owner.user.email);
    await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(session),
      payload: { refreshToken: session.refreshToken },
    });
    expect((await profileOf(session)).statusCode).toBe(401);
  });

  it('asks the database at most once per interval while a session lives, and remembers an ended one', async () => {
    const owner = await registerOrganization(context.app);
    const session = await signIn(owner.user.email);
    const sessionId = sessionIdOf(session);
    let now = 1_000_000;
    const gate = createSessionGate(context.database.db, 10_000, () => now);
    expect(await gate.isLive(sessionId)).toBe(true);

    await queryAsOwner(
      context.database,
      `update refresh_tokens set revoked_at = now() where family_id = '${sessionId}'`,
    );
    now += 5_000;
    expect(await gate.isLive(sessionId)).toBe(true);
    now += 5_001;
    expect(await gate.isLive(sessionId)).toBe(false);

    await queryAsOwner(
      context.database,
      `update refresh_tokens set revoked_at = null where family_id = '${sessionId}'`,
    );
    now += 60_000;
    expect(await gate.isLive(sessionId)).toBe(false);
  });
});
