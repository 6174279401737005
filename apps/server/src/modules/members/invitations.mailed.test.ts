import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture.js';
import type { MemberImportResult, SentConsultantGrant, SentInvitation, Session } from '@keel/contract';
import { csvFile, importForm } from '../../test-support/imports-fixture.js';
import {
  bearer,
  bodyOf,
  createTestApp,
  queryAsOwner,
  registerOrganization,
  uniqueEmail,
  type TestContext,
} from '../../test-support/test-app.js';

/** With mail set up, every kind of invitation is mailed and no link ever comes back in a response. */
describe('invitations with mail set up', () => {
  let smtp: SmtpCapture;
  let context: TestContext;
  let owner: Session;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    context = await createTestApp({ SMTP_URL: smtp.url });
    owner = await registerOrganization(context.app);
  });
  afterAll(async () => {
    await context.close();
    await smtp.close();
  });

  const post = (path: string, payload: object) =>
    context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${owner.user.organizationId}${path}`,
      headers: bearer(owner),
      payload,
    });
  const statusOfMailTo = async (email: string) => {
    await context.app.jobs.whenIdle();
    return (
      await queryAsOwner<{ status: string }>(
        context.database,
        `select status from mail_outbox where to_address = '${email}' order by created_at desc limit 1`,
      )
    )[0]?.status;
  };

  it('an invitation and its resend answer "mailed" without the link, and the mail reaches the server', async () => {
    const email = uniqueEmail('mailed');
    const invited = await post('/invitations', { email, role: 'member' });
    expect(invited.statusCode).toBe(201);
    const created = bodyOf<{ data: SentInvitation }>(invited).data;
    expect(created.delivery).toEqual({ mailed: true, unmailed: [] });
    expect(invited.body).not.toContain('token=');
    expect(await statusOfMailTo(email)).toBe('sent');
    expect(smtp.received.some((message) => message.includes(email) && message.includes('accept-invitation'))).toBe(
      true,
    );

    const resent = await post(`/invitations/${created.id}/resend`, { version: created.version });
    expect(resent.statusCode).toBe(200);
    expect(bodyOf<{ data: SentInvitation }>(resent).data.delivery).toEqual({ mailed: true, unmailed: [] });
    expect(resent.body).not.toContain('token=');
  });

  it('a consultant invitation answers "mailed" without the link', async () => {
    const email = uniqueEmail('coach');
    const invited = await post('/consultants', { email });
    expect(invited.statusCode).toBe(201);
    expect(bodyOf<{ data: SentConsultantGrant }>(invited).data.delivery).toEqual({ mailed: true, unmailed: [] });
    expect(invited.body).not.toContain('token=');
    expect(await statusOfMailTo(email)).toBe('sent');
  });

  it('a member import answers "mailed" without links', async () => {
    const email = uniqueEmail('imported');
    const { name, content } = csvFile(['Email', email]);
    const form = importForm({}, { name, content });
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${owner.user.organizationId}/imports/members`,
      headers: { ...bearer(owner), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    expect(bodyOf<{ data: MemberImportResult }>(response).data).toEqual({
      invited: 1,
      skipped: 0,
      invalid: 0,
      delivery: { mailed: true, unmailed: [] },
    });
    expect(await statusOfMailTo(email)).toBe('sent');
  });
});
