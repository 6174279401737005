import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture.js';
import {
  createTestApp,
  queryAsOwner,
  registerOrganization,
  uniqueEmail,
  type TestContext,
} from '../../test-support/test-app.js';

const post = (context: TestContext, url: string, payload: object) =>
  context.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

const tokenFrom = (text: string) => {
  const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
};

describe('password reset without SMTP (the logged mail store)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function requestReset(email: string) {
    const response = await post(context, '/auth/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    await context.app.jobs.whenIdle();
    const [mail] = await queryAsOwner<{ text_body: string; status: string }>(
      context.database,
      `select text_body, status from mail_outbox where to_address = '${email}' order by created_at desc limit 1`,
    );
    return mail;
  }

  it('mails a single-use link that sets a new password and ends existing sessions', async () => {
    const owner = await registerOrganization(context.app);
    const mail = await requestReset(owner.user.email);
    expect(mail?.status).toBe('logged');
    const token = tokenFrom(mail?.text_body ?? '');

    const reset = await post(context, '/auth/reset-password', { token, password: 'a brand new secret' });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post(context, '/auth/login', { email: owner.user.email, password: 'a brand new secret' })).statusCode,
    ).toBe(200);
    expect(
      (await post(context, '/auth/login', { email: owner.user.email, password: 'correct horse battery' })).statusCode,
    ).toBe(401);
    expect((await post(context, '/auth/refresh', { refreshToken: owner.refreshToken })).statusCode).toBe(401);

    const reused = await post(context, '/auth/reset-password', { token, password: 'yet another secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json<{ code: string }>().code).toBe('auth.invalid_reset_token');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await post(context, '/auth/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    await context.app.jobs.whenIdle();
    const mails = await queryAsOwner(context.database, `select 1 from mail_outbox where to_address = '${email}'`);
    expect(mails).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const owner = await registerOrganization(context.app);
    const mail = await requestReset(owner.user.email);
    await queryAsOwner(
      context.database,
      `update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = '${owner.user.id}'`,
    );
    const response = await post(context, '/auth/reset-password', {
      token: tokenFrom(mail?.text_body ?? ''),
      password: 'too late now',
    });
    expect(response.statusCode).toBe(400);
  });

  it('validates the new password and the e-mail', async () => {
    expect((await post(context, '/auth/reset-password', { token: 'x', password: '123' })).statusCode).toBe(400);
    expect((await post(context, '/auth/forgot-password', { email: 'nope' })).statusCode).toBe(400);
  });
});

describe('password reset through real SMTP', () => {
  let smtp: SmtpCapture;
  let context: TestContext;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    context = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await context.close();
    await smtp.close();
  });

  it('delivers the reset mail to the SMTP server and records it as sent', async () => {
    const owner = await registerOrganization(context.app);
    expect((await post(context, '/auth/forgot-password', { email: owner.user.email })).statusCode).toBe(200);
    await context.app.jobs.whenIdle();
    expect(
      smtp.received.some((message) => message.includes(owner.user.email) && message.includes('reset-password?token=')),
    ).toBe(true);
    const [mail] = await queryAsOwner<{ status: string }>(
      context.database,
      `select status from mail_outbox where to_address = '${owner.user.email}'`,
    );
    expect(mail?.status).toBe('sent');
  });
});
