import { describe, expect, it } from 'vitest';
import type { Session } from '@keel/contract';
import {
  auditEvents,
  bearer,
  bodyOf,
  queryAsOwner,
  registerOrganization,
  registrationPayload,
  uniqueEmail,
  useAuthSuite,
} from '../../test-support/test-app.js';

const { context, inject } = useAuthSuite();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  inject('POST', url, payload, undefined, headers);

describe('POST /auth/register', () => {
  it('creates the organization, its leadership team and the owner, and signs them in', async () => {
    const payload = registrationPayload({ organizationName: 'Acme Rockets' });
    const response = await post('/auth/register', payload);
    expect(response.statusCode).toBe(201);
    const { data } = bodyOf<{ data: Session }>(response);
    expect(data.user).toMatchObject({
      email: payload.email,
      firstName: 'Ada',
      role: 'owner',
      organizationName: 'Acme Rockets',
      isConsultant: false,
      isImpersonating: false,
    });
    expect(data.user.teams).toEqual([expect.objectContaining({ name: 'Leadership Team', is_leadership_team: true })]);
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(data.refreshToken.length).toBeGreaterThan(20);
    const [record] = await queryAsOwner<{ version: string; terms_accepted: boolean }>(
      context.database,
      `select version, terms_accepted from legal_acceptances where user_id = '${data.user.id}'`,
    );
    expect(record).toEqual({ version: '1.0', terms_accepted: true });
    const [user] = await queryAsOwner<{ password_hash: string }>(
      context.database,
      `select password_hash from users where id = '${data.user.id}'`,
    );
    expect(user?.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('refuses missing legal acceptance with the spec message', async () => {
    const response = await post(
      '/auth/register',
      registrationPayload({ legalAgreement: { termsAccepted: true, privacyAccepted: false } }),
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(response).error).toBe(
      'You must accept both the Terms of Service and Privacy Policy to create an account',
    );
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ organizationName: '' }, 'Organization name is required'],
  ])('answers 400 with the spec message for %o', async (override, message) => {
    const response = await post('/auth/register', registrationPayload(override));
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ error: string; code: string }>(response)).toMatchObject({
      error: message,
      code: 'request.invalid',
    });
  });

  it('refuses a second account with the same e-mail in any letter case', async () => {
    const email = uniqueEmail('dup');
    await registerOrganization(context.app, { email });
    const response = await post('/auth/register', registrationPayload({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
  });

  it('answers 400 for malformed JSON and unknown keys, 415 for other content types', async () => {
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(malformed).code).toBe('request.malformed_json');
    const unknownKey = await post('/auth/register', { ...registrationPayload(), role: 'admin' });
    expect(unknownKey.statusCode).toBe(400);
    const wrongType = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it('answers 413 for a huge body', async () => {
    const response = await post('/auth/register', registrationPayload({ firstName: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password and gives the same answer for unknown e-mail and wrong password', async () => {
    const owner = await registerOrganization(context.app);
    const ok = await post('/auth/login', { email: owner.user.email.toUpperCase(), password: 'correct horse battery' });
    expect(ok.statusCode).toBe(200);
    expect(bodyOf<{ data: Session }>(ok).data.user.id).toBe(owner.user.id);

    const wrong = await post('/auth/login', { email: owner.user.email, password: 'nope' });
    const unknown = await post('/auth/login', { email: uniqueEmail('ghost'), password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses further attempts for an account after repeated wrong passwords, even the right one', async () => {
    const owner = await registerOrganization(context.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      statuses.push((await post('/auth/login', { email: owner.user.email, password: `wrong-${attempt}` })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    const right = await post('/auth/login', { email: owner.user.email, password: 'correct horse battery' });
    expect(right.statusCode).toBe(429);
  }, 60_000);

  it('validates the payload with the spec messages', async () => {
    const response = await post('/auth/login', { email: 'bad', password: '' });
    expect(response.statusCode).toBe(400);
    const body = bodyOf<{ details: { path: string; message: string }[] }>(response);
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });
});

describe('POST /auth/refresh and /auth/logout', () => {
  it('rotates refresh tokens and revokes the family when a used token comes back', async () => {
    const owner = await registerOrganization(context.app);
    const first = await post('/auth/refresh', { refreshToken: owner.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = bodyOf<{ data: { accessToken: string; refreshToken: string } }>(first).data;
    expect(rotated.refreshToken).not.toBe(owner.refreshToken);

    const replay = await post('/auth/refresh', { refreshToken: owner.refreshToken });
    expect(replay.statusCode).toBe(401);
    const afterReplay = await post('/auth/refresh', { refreshToken: rotated.refreshToken });
    expect(afterReplay.statusCode).toBe(401);
  });

  it('kills the refresh token on logout', async () => {
    const owner = await registerOrganization(context.app);
    const logout = await post('/auth/logout', { refreshToken: owner.refreshToken }, bearer(owner));
    expect(logout.statusCode).toBe(200);
    expect((await post('/auth/refresh', { refreshToken: owner.refreshToken })).statusCode).toBe(401);
  });

  it('answers 401 for an unknown refresh token and 400 for a missing one', async () => {
    expect((await post('/auth/refresh', { refreshToken: 'made-up' })).statusCode).toBe(401);
    expect((await post('/auth/refresh', {})).statusCode).toBe(400);
  });
});

describe('GET/PUT /auth/profile', () => {
  it('needs a valid token', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/auth/profile' })).statusCode).toBe(401);
    const forged = await context.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('changes names but never role, organization or consultant flag', async () => {
    const owner = await registerOrganization(context.app);
    const put = (payload: unknown) =>
      context.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: bearer(owner),
        payload: payload as object,
      });
    const renamed = await put({ firstName: 'Augusta' });
    expect(renamed.statusCode).toBe(200);
    expect(bodyOf<{ data: Session['user'] }>(renamed).data.firstName).toBe('Augusta');
    for (const forbidden of [
      { role: 'admin' },
      { organizationId: owner.user.organizationId },
      { isConsultant: true },
    ]) {
      expect((await put(forbidden)).statusCode).toBe(400);
    }
    const profile = await context.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: bearer(owner) });
    expect(bodyOf<{ data: Session['user'] }>(profile).data).toMatchObject({
      role: 'owner',
      isConsultant: false,
      firstName: 'Augusta',
    });
  });

  it('answers an update that changes nothing with the unchanged profile, and audits nothing', async () => {
    const owner = await registerOrganization(context.app);
    const before = await context.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: bearer(owner) });
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: bearer(owner),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf<{ data: Session['user'] }>(response).data).toEqual(bodyOf<{ data: Session['user'] }>(before).data);
    expect(await auditEvents(context.database, 'user.profile_updated', owner.user.id)).toEqual([]);
  });
});

describe('agreements', () => {
  it('says acceptance is recorded after registration and records a new acceptance', async () => {
    const owner = await registerOrganization(context.app);
    const check = await context.app.inject({
      method: 'GET',
      url: '/api/v1/auth/check-agreements',
      headers: bearer(owner),
    });
    expect(bodyOf<{ data: { success: boolean; needsAcceptance: boolean } }>(check).data).toMatchObject({
      success: true,
      needsAcceptance: false,
    });
    const refused = await post(
      '/auth/accept-agreements',
      { termsAccepted: true, privacyAccepted: false },
      bearer(owner),
    );
    expect(refused.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(refused).error).toBe(
      'You must accept both the Terms of Service and Privacy Policy to continue',
    );
    const accepted = await post(
      '/auth/accept-agreements',
      {
        termsAccepted: true,
        privacyAccepted: true,
        acceptedAt: new Date().toISOString(),
        version: '1.0',
        userAgent: 'vitest',
      },
      bearer(owner),
    );
    expect(accepted.statusCode).toBe(200);
    expect(bodyOf<{ data: { success: boolean } }>(accepted).data.success).toBe(true);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/auth/check-agreements' })).statusCode).toBe(401);
  });
});

describe('GET /auth/google and /auth/microsoft', () => {
  it('say plainly that single sign-on is not configured', async () => {
    for (const provider of ['google', 'microsoft']) {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/auth/${provider}` });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ code: string; error: string }>()).toMatchObject({
        code: 'sso.provider_not_configured',
        error: expect.stringContaining('not configured') as string,
      });
    }
  });
});
