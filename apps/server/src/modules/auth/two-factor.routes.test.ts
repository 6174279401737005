import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { Session, TwoFactorChallenge, TwoFactorEnrolment, TwoFactorStatus } from '@keel/contract';
import {
  TEST_PASSWORD,
  auditEvents,
  bodyOf,
  queryAsOwner,
  registerOrganization,
  useAuthSuite,
} from '../../test-support/test-app.js';
import { totpCode } from './totp.js';

const { context, inject } = useAuthSuite();

const codeNow = (secret: string) => totpCode(Secret.fromBase32(secret), Date.now());

/** Each code works once; tests that need another one forget the last step used instead of waiting 30 s. */
async function forgetLastStep(userId: string) {
  await queryAsOwner(context.database, `update user_two_factor set last_used_step = null where user_id = '${userId}'`);
}

async function enableTwoFactor(session: Session) {
  const enrol = await inject('POST', '/auth/two-factor/enrol', undefined, session);
  expect(enrol.statusCode).toBe(200);
  const { secret } = bodyOf<{ data: TwoFactorEnrolment }>(enrol).data;
  const confirm = await inject('POST', '/auth/two-factor/confirm', { code: codeNow(secret) }, session);
  expect(confirm.statusCode).toBe(200);
  await forgetLastStep(session.user.id);
  return { secret, recoveryCodes: bodyOf<{ data: { recoveryCodes: string[] } }>(confirm).data.recoveryCodes };
}

async function passwordStep(session: Session, rememberMe?: boolean) {
  const response = await inject('POST', '/auth/login', {
    email: session.user.email,
    password: TEST_PASSWORD,
    ...(rememberMe ? { rememberMe } : {}),
  });
  expect(response.statusCode).toBe(200);
  return bodyOf<{ data: TwoFactorChallenge }>(response).data;
}

const codeStep = (challengeToken: string, code: string) =>
  inject('POST', '/auth/login/two-factor', { challengeToken, code });

describe('two-factor set-up', () => {
  it('enrols with a QR code, confirms with a code and shows ten recovery codes once', async () => {
    const owner = await registerOrganization(context.app);
    const enrol = await inject('POST', '/auth/two-factor/enrol', undefined, owner);
    const data = bodyOf<{ data: TwoFactorEnrolment }>(enrol).data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauthUrl).toContain(`secret=${data.secret}`);
    expect(data.qrCode.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(data.qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    const [stored] = await queryAsOwner<{ secret_ciphertext: string; enabled_at: string | null }>(
      context.database,
      `select secret_ciphertext, enabled_at from user_two_factor where user_id = '${owner.user.id}'`,
    );
    expect(stored?.secret_ciphertext).not.toContain(data.secret);
    expect(stored?.enabled_at).toBeNull();

    const pending = await inject('GET', '/auth/two-factor', undefined, owner);
    expect(bodyOf<{ data: TwoFactorStatus }>(pending).data).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const wrong = await inject('POST', '/auth/two-factor/confirm', { code: '000000' }, owner);
    expect(wrong.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(wrong).code).toBe('auth.invalid_two_factor_code');

    const confirm = await inject('POST', '/auth/two-factor/confirm', { code: codeNow(data.secret) }, owner);
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = bodyOf<{ data: { recoveryCodes: string[] } }>(confirm).data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const hashes = await queryAsOwner<{ code_hash: string }>(
      context.database,
      `select code_hash from two_factor_recovery_codes where user_id = '${owner.user.id}'`,
    );
    expect(hashes.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);

    const status = bodyOf<{ data: TwoFactorStatus }>(await inject('GET', '/auth/two-factor', undefined, owner)).data;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The secret is never handed out again, and a second enrolment cannot replace it.
    expect(JSON.stringify(status)).not.toContain(data.secret);
    const again = await inject('POST', '/auth/two-factor/enrol', undefined, owner);
    expect(again.statusCode).toBe(409);
    expect(await auditEvents(context.database, 'user.two_factor_enabled', owner.user.id)).toHaveLength(1);
  });

  it('refuses a confirmation without an enrolment', async () => {
    const owner = await registerOrganization(context.app);
    const response = await inject('POST', '/auth/two-factor/confirm', { code: '123456' }, owner);
    expect(response.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(response).code).toBe('auth.two_factor_not_started');
  });

  it('needs a token (401) and well-formed bodies (400)', async () => {
    const owner = await registerOrganization(context.app);
    for (const [method, url] of [
      ['GET', '/auth/two-factor'],
      ['POST', '/auth/two-factor/enrol'],
      ['POST', '/auth/two-factor/confirm'],
      ['POST', '/auth/two-factor/disable'],
    ] as const) {
      expect((await inject(method, url, { code: '123456', password: 'x' })).statusCode).toBe(401);
    }
    const cases: [string, unknown][] = [
      ['/auth/two-factor/confirm', { code: '' }],
      ['/auth/two-factor/confirm', { code: 123456 }],
      ['/auth/two-factor/confirm', { code: '123456', extra: true }],
      ['/auth/two-factor/disable', { code: '123456' }],
      ['/auth/login/two-factor', { challengeToken: 'x' }],
      ['/auth/login/two-factor', { challengeToken: 'x', code: '123456', secret: 'y' }],
    ];
    for (const [url, payload] of cases) {
      const response = await inject('POST', url, payload, owner);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/two-factor',
      headers: { 'content-type': 'application/json' },
      payload: '{"challengeToken":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('sign-in with two-factor authentication', () => {
  it('answers a challenge instead of tokens, then a session for the right code', async () => {
    const owner = await registerOrganization(context.app);
    const { secret } = await enableTwoFactor(owner);
    const challenge = await passwordStep(owner);
    expect(challenge).toMatchObject({ twoFactorRequired: true, expiresInSeconds: 300 });
    expect(challenge).not.toHaveProperty('accessToken');

    const wrong = await codeStep(challenge.challengeToken, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(bodyOf<{ error: string }>(wrong).error).toMatch(/code is not correct/);

    const code = codeNow(secret);
    const right = await codeStep(challenge.challengeToken, code);
    expect(right.statusCode).toBe(200);
    const session = bodyOf<{ data: Session }>(right).data;
    expect(session.user.id).toBe(owner.user.id);
    expect((await inject('GET', '/auth/profile', undefined, session)).statusCode).toBe(200);

    // The challenge is spent, and the same code does not work twice.
    expect((await codeStep(challenge.challengeToken, code)).statusCode).toBe(401);
    const replay = await codeStep((await passwordStep(owner)).challengeToken, code);
    expect(replay.statusCode).toBe(401);
    expect(bodyOf<{ code: string }>(replay).code).toBe('auth.two_factor_code_used');
    expect(await auditEvents(context.database, 'auth.two_factor_failed', owner.user.id)).toHaveLength(2);
  });

  it('accepts each recovery code once, typed in any case', async () => {
    const owner = await registerOrganization(context.app);
    const { recoveryCodes } = await enableTwoFactor(owner);
    const recovery = recoveryCodes[3] ?? '';
    const first = await codeStep((await passwordStep(owner)).challengeToken, recovery.toUpperCase());
    expect(first.statusCode).toBe(200);
    const second = await codeStep((await passwordStep(owner)).challengeToken, recovery);
    expect(second.statusCode).toBe(401);
    const status = bodyOf<{ data: TwoFactorStatus }>(await inject('GET', '/auth/two-factor', undefined, owner)).data;
    expect(status.recoveryCodesLeft).toBe(9);
    expect(await auditEvents(context.database, 'auth.recovery_code_used', owner.user.id)).toHaveLength(1);
  });

  it('keeps "Keep me signed in" through the code step', async () => {
    const owner = await registerOrganization(context.app);
    const { secret } = await enableTwoFactor(owner);
    const response = await codeStep((await passwordStep(owner, true)).challengeToken, codeNow(secret));
    expect(response.statusCode).toBe(200);
    const [token] = await queryAsOwner<{ remember_me: boolean }>(
      context.database,
      `select remember_me from refresh_tokens where user_id = '${owner.user.id}' order by created_at desc limit 1`,
    );
    expect(token?.remember_me).toBe(true);
  });

  it('refuses an unknown or expired challenge with a clear message', async () => {
    const owner = await registerOrganization(context.app);
    const { secret } = await enableTwoFactor(owner);
    const unknown = await codeStep('not-a-challenge', codeNow(secret));
    expect(unknown.statusCode).toBe(401);
    expect(bodyOf<{ error: string }>(unknown).error).toBe(
      'Your sign-in has expired. Please enter your email and password again.',
    );
    const { challengeToken } = await passwordStep(owner);
    await queryAsOwner(
      context.database,
      `update two_factor_challenges set expires_at = now() - interval '1 second' where user_id = '${owner.user.id}'`,
    );
    expect(bodyOf<{ code: string }>(await codeStep(challengeToken, codeNow(secret))).code).toBe(
      'auth.two_factor_challenge_expired',
    );
  });

  it('ends a challenge after five wrong codes and throttles the account after ten', async () => {
    const owner = await registerOrganization(context.app);
    const { secret } = await enableTwoFactor(owner);
    const first = (await passwordStep(owner)).challengeToken;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await codeStep(first, '000000')).statusCode).toBe(401);
    }
    expect(bodyOf<{ code: string }>(await codeStep(first, codeNow(secret))).code).toBe(
      'auth.two_factor_challenge_expired',
    );
    const second = (await passwordStep(owner)).challengeToken;
    for (let attempt = 0; attempt < 5; attempt += 1) await codeStep(second, '000000');
    const third = (await passwordStep(owner)).challengeToken;
    const throttled = await codeStep(third, codeNow(secret));
    expect(throttled.statusCode).toBe(429);
    expect(bodyOf<{ error: string }>(throttled).error).toMatch(/Too many wrong codes/);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code, then sign-in answers tokens again', async () => {
    const owner = await registerOrganization(context.app);
    const { secret } = await enableTwoFactor(owner);
    const wrongPassword = await inject(
      'POST',
      '/auth/two-factor/disable',
      { password: 'wrong password', code: codeNow(secret) },
      owner,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(wrongPassword).code).toBe('auth.wrong_password');
    const wrongCode = await inject(
      'POST',
      '/auth/two-factor/disable',
      { password: TEST_PASSWORD, code: '000000' },
      owner,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(wrongCode).code).toBe('auth.invalid_two_factor_code');

    const off = await inject(
      'POST',
      '/auth/two-factor/disable',
      { password: TEST_PASSWORD, code: codeNow(secret) },
      owner,
    );
    expect(off.statusCode).toBe(200);
    const login = await inject('POST', '/auth/login', { email: owner.user.email, password: TEST_PASSWORD });
    expect(bodyOf<{ data: Session }>(login).data.accessToken).toEqual(expect.any(String));
    const rows = await queryAsOwner(
      context.database,
      `select 1 from two_factor_recovery_codes where user_id = '${owner.user.id}'`,
    );
    expect(rows).toHaveLength(0);
    const again = await inject('POST', '/auth/two-factor/disable', { password: TEST_PASSWORD, code: '000000' }, owner);
    expect(again.statusCode).toBe(409);
    expect(await auditEvents(context.database, 'user.two_factor_disabled', owner.user.id)).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents the code step and the challenge answer of POST /auth/login', async () => {
    const spec = bodyOf<{ paths: Record<string, Record<string, unknown>> }>(
      await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }),
    );
    for (const path of [
      '/api/v1/auth/login/two-factor',
      '/api/v1/auth/two-factor',
      '/api/v1/auth/two-factor/enrol',
      '/api/v1/auth/two-factor/confirm',
      '/api/v1/auth/two-factor/disable',
    ]) {
      expect(spec.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(spec.paths['/api/v1/auth/login'])).toContain('challengeToken');
  });
});
