import { describe, expect, it } from 'vitest';
import type { AccountSession, Session } from '@keel/contract';
import {
  mailsTo,
  TEST_PASSWORD,
  auditEvents,
  bearer,
  bodyOf,
  expectDocumented,
  queryAsOwner,
  registerOrganization,
  uniqueEmail,
  useAuthSuite,
} from '../../test-support/test-app.js';

const suite = useAuthSuite();
const { context } = suite;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, payload?: unknown, session?: Session, userAgent = 'vitest') =>
  suite.inject(method, url, payload, session, { 'user-agent': userAgent });

async function signIn(email: string, password = TEST_PASSWORD, userAgent = 'vitest') {
  const response = await inject('POST', '/auth/login', { email, password }, undefined, userAgent);
  expect(response.statusCode).toBe(200);
  return bodyOf<{ data: Session }>(response).data;
}

const refresh = (session: Session, userAgent = 'vitest') =>
  inject('POST', '/auth/refresh', { refreshToken: session.refreshToken }, undefined, userAgent);
const sessionsOf = async (session: Session) =>
  bodyOf<{ data: AccountSession[] }>(await inject('GET', '/auth/sessions', undefined, session)).data;

describe('GET /auth/sessions', () => {
  it('lists each live sign-in once, newest first, and marks this device', async () => {
    const owner = await registerOrganization(context.app);
    const phone = await signIn(owner.user.email, TEST_PASSWORD, 'Phone Safari');
    // A refresh rotates within the family: still one session, used later than it began.
    expect((await refresh(phone, 'Phone Safari')).statusCode).toBe(200);
    const laptop = await signIn(owner.user.email, TEST_PASSWORD, 'Laptop Firefox');
    const sessions = await sessionsOf(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ userAgent: 'Laptop Firefox', current: true, ipAddress: '127.0.0.1' });
    const phoneSession = sessions.find((row) => row.userAgent === 'Phone Safari');
    expect(phoneSession?.current).toBe(false);
    expect(Date.parse(phoneSession?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(phoneSession?.signedInAt ?? ''),
    );
    expect(sessions.filter((row) => row.current)).toHaveLength(1);
  });

  it('needs a token', async () => {
    expect((await inject('GET', '/auth/sessions')).statusCode).toBe(401);
    expect((await inject('POST', '/auth/sessions/sign-out-others')).statusCode).toBe(401);
    expect((await inject('DELETE', `/auth/sessions/${crypto.randomUUID()}`)).statusCode).toBe(401);
    expect((await inject('PUT', '/auth/password', { currentPassword: 'a', newPassword: 'abcdefg' })).statusCode).toBe(
      401,
    );
    expect((await inject('PUT', '/auth/email', { currentPassword: 'a', email: 'a@b.co' })).statusCode).toBe(401);
  });
});

describe('signing out sessions', () => {
  it('ends one session, and not another person’s (404)', async () => {
    const owner = await registerOrganization(context.app);
    const stranger = await registerOrganization(context.app);
    const other = await signIn(owner.user.email);
    const otherRow = (await sessionsOf(owner)).find((row) => !row.current);
    if (!otherRow) throw new Error('no second session');

    expect((await inject('DELETE', `/auth/sessions/${otherRow.id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await inject('DELETE', '/auth/sessions/not-a-uuid', undefined, owner)).statusCode).toBe(400);
    const ended = await inject('DELETE', `/auth/sessions/${otherRow.id}`, undefined, owner);
    expect(ended.statusCode).toBe(200);
    expect((await refresh(other)).statusCode).toBe(401);
    expect((await refresh(owner)).statusCode).toBe(200);
    expect((await inject('DELETE', `/auth/sessions/${otherRow.id}`, undefined, owner)).statusCode).toBe(404);
    expect(await auditEvents(context.database, 'auth.session_ended', otherRow.id)).toHaveLength(1);
  });

  it('signs out everywhere else and keeps this session', async () => {
    const owner = await registerOrganization(context.app);
    const second = await signIn(owner.user.email);
    const third = await signIn(owner.user.email);
    const response = await inject('POST', '/auth/sessions/sign-out-others', undefined, third);
    expect(bodyOf<{ data: { signedOut: number } }>(response).data).toEqual({ signedOut: 2 });
    expect((await refresh(owner)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(200);
  });
});

describe('PUT /auth/password', () => {
  it('needs the current password, follows the registration rules and ends the other sessions', async () => {
    const owner = await registerOrganization(context.app);
    const elsewhere = await signIn(owner.user.email);
    const wrong = await inject('PUT', '/auth/password', { currentPassword: 'nope', newPassword: 'brand new' }, owner);
    expect(wrong.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(wrong).code).toBe('auth.wrong_password');
    const short = await inject('PUT', '/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'abc' }, owner);
    expect(short.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(short).error).toContain('Password must be at least 6 characters');
    const extra = await inject(
      'PUT',
      '/auth/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'brand new', admin: true },
      owner,
    );
    expect(extra.statusCode).toBe(400);

    const changed = await inject(
      'PUT',
      '/auth/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'brand new' },
      owner,
    );
    expect(changed.statusCode).toBe(200);
    expect((await refresh(elsewhere)).statusCode).toBe(401);
    expect((await refresh(owner)).statusCode).toBe(200);
    expect((await inject('POST', '/auth/login', { email: owner.user.email, password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
    await signIn(owner.user.email, 'brand new');
    expect(await auditEvents(context.database, 'user.password_changed', owner.user.id)).toHaveLength(1);
  });
});

describe('PUT /auth/email', () => {
  it('moves the sign-in address, tells the old one and records it', async () => {
    const owner = await registerOrganization(context.app);
    const oldEmail = owner.user.email;
    const newEmail = uniqueEmail('moved');
    const response = await inject('PUT', '/auth/email', { email: newEmail, currentPassword: TEST_PASSWORD }, owner);
    expect(response.statusCode).toBe(200);
    await signIn(newEmail.toUpperCase());
    expect((await inject('POST', '/auth/login', { email: oldEmail, password: TEST_PASSWORD })).statusCode).toBe(401);
    const mail = (await mailsTo(context, oldEmail)).find((sent) => sent.subject.includes('email was changed'));
    expect(mail?.text_body).toContain(newEmail);
    expect(await auditEvents(context.database, 'user.email_changed', owner.user.id)).toHaveLength(1);
  });

  it('refuses a taken address (any case), the same address, a wrong password and bad input', async () => {
    const owner = await registerOrganization(context.app);
    const taken = await registerOrganization(context.app);
    const put = (payload: unknown) => inject('PUT', '/auth/email', payload, owner);
    const conflict = await put({ email: taken.user.email.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(conflict.statusCode).toBe(409);
    expect(bodyOf<{ error: string }>(conflict).error).toBe('Another account already uses this email address.');
    expect((await put({ email: owner.user.email, currentPassword: TEST_PASSWORD })).statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(await put({ email: uniqueEmail(), currentPassword: 'nope' })).code).toBe(
      'auth.wrong_password',
    );
    expect((await put({ email: 'not-an-email', currentPassword: TEST_PASSWORD })).statusCode).toBe(400);
    expect((await put({ email: uniqueEmail() })).statusCode).toBe(400);
    const malformed = await context.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/email',
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    const [row] = await queryAsOwner<{ email: string }>(
      context.database,
      `select email from users where id = '${owner.user.id}'`,
    );
    expect(row?.email).toBe(owner.user.email);
  });
});

describe('OpenAPI', () => {
  it('documents the account routes', async () => {
    await expectDocumented(context, [
      '/api/v1/auth/sessions',
      '/api/v1/auth/sessions/{sessionId}',
      '/api/v1/auth/sessions/sign-out-others',
      '/api/v1/auth/password',
      '/api/v1/auth/email',
      '/api/v1/auth/profile/avatar',
      '/api/v1/users/{userId}/avatar/{file}',
    ]);
  });
});
