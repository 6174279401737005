import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedOperationCounts, FailedOperationPage, Session } from '@keel/contract';
import {
  auditEvents,
  bearer,
  bodyOf,
  expectDocumented,
  queryAsOwner,
  uniqueEmail,
  useTenantFixture,
} from '../../test-support/test-app.js';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture.js';

let smtpDown = true;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture({ refuse: () => smtpDown });
});
afterAll(async () => {
  await smtp.close();
});
const t = useTenantFixture(['admin', 'member'], {}, () => ({ SMTP_URL: smtp.url }));

const orgOf = (session: Session = t.owner) => session.user.organizationId;
const call = (method: 'GET' | 'POST', path: string, session: Session | null = t.owner, payload?: object) =>
  t.context.app.inject({
    method,
    url: `/api/v1/organizations/${orgOf(session ?? t.owner)}/failed-operations${path}`,
    headers: session ? bearer(session) : {},
    ...(payload ? { payload } : {}),
  });
const list = async (query = '', session: Session = t.owner) => {
  const response = await call('GET', query, session);
  expect(response.statusCode).toBe(200);
  return bodyOf<FailedOperationPage>(response);
};
const idle = () => t.context.app.jobs.whenIdle();

/** An invitation whose mail cannot reach the SMTP server: after its one attempt it is a failed operation. */
async function inviteWhileMailIsDown(session: Session = t.owner) {
  const email = uniqueEmail('invitee');
  const response = await t.context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${orgOf(session)}/invitations`,
    headers: bearer(session),
    payload: { email, role: 'member' },
  });
  expect(response.statusCode).toBe(201);
  await idle();
  return email;
}

describe('failed operations', () => {
  it('lists a mail that could not be delivered, with what it was for and its error, to admins and owners', async () => {
    const email = await inviteWhileMailIsDown();
    for (const session of [t.owner, t.members.admin]) {
      const { data } = await list('', session);
      expect(data[0]).toMatchObject({
        kind: 'mail.deliver',
        description: expect.stringContaining(`Mail to ${email}: You are invited to`) as string,
        attempts: 1,
        lastError: expect.stringMatching(/421|not available/i) as string,
        status: 'failed',
      });
      // The invitation link is a secret: it never shows.
      expect(JSON.stringify(data)).not.toContain('accept-invitation');
    }
    const counts = bodyOf<{ data: FailedOperationCounts }>(await call('GET', '/counts')).data;
    expect(counts).toMatchObject({ retrying: 0, kinds: [{ kind: 'mail.deliver', count: counts.total }] });
    expect((await list('?kind=database.backup')).data).toEqual([]);
  });

  it('is for admins and owners only, and shows nothing of another organization', async () => {
    expect((await call('GET', '', t.members.member)).statusCode).toBe(403);
    expect((await call('GET', '', null)).statusCode).toBe(401);
    const mine = (await list()).data[0]!;
    expect((await list('', t.other)).data).toEqual([]);
    const foreign = await call('POST', '/retry', t.other, { ids: [mine.id] });
    expect(foreign.statusCode).toBe(404);
    expect(bodyOf<{ code: string }>(foreign).code).toBe('failed_operation.not_found');
    expect((await call('POST', '/discard', t.other, { ids: [mine.id] })).statusCode).toBe(404);
    expect((await list()).data[0]?.id).toBe(mine.id);
  });

  it('pages newest first', async () => {
    await inviteWhileMailIsDown();
    const all = (await list('?limit=200')).data;
    const first = await list('?limit=1');
    const second = await list(`?limit=1&cursor=${first.page.nextCursor}`);
    expect([first.data[0]?.id, second.data[0]?.id]).toEqual([all[0]?.id, all[1]?.id]);
  });

  it('retries: a failure again adds its attempts; once the server is back the mail goes out once and leaves the list', async () => {
    const email = await inviteWhileMailIsDown();
    const operation = (await list()).data.find((item) => item.description.includes(email))!;

    const again = await call('POST', '/retry', t.owner, { ids: [operation.id] });
    expect(bodyOf<{ data: { count: number } }>(again).data).toEqual({ count: 1 });
    await idle();
    expect((await list()).data.find((item) => item.id === operation.id)).toMatchObject({
      attempts: 2,
      status: 'failed',
    });

    smtpDown = false;
    try {
      expect((await call('POST', '/retry', t.owner, { ids: [operation.id] })).statusCode).toBe(200);
      await idle();
    } finally {
      smtpDown = true;
    }
    expect((await list()).data.find((item) => item.id === operation.id)).toBeUndefined();
    expect(smtp.received.filter((message) => message.includes(email))).toHaveLength(1);
    expect((await auditEvents(t.context.database, 'failed_operations.retried')).at(-1)).toMatchObject({
      actorUserId: t.owner.user.id,
      summary: { count: 1, kinds: ['mail.deliver'] },
    });
  });

  it('refuses to discard or retry an operation that is running again, and discards one or many', async () => {
    await inviteWhileMailIsDown();
    await inviteWhileMailIsDown();
    const [first, second] = (await list()).data;
    // Running again under a run of its own, as a retry leaves it.
    await queryAsOwner(
      t.context.database,
      `update failed_operations set status = 'retrying', run_id = '${randomUUID()}' where id = '${first!.id}'`,
    );
    for (const action of ['/discard', '/retry']) {
      const refused = await call('POST', action, t.owner, { ids: [first!.id, second!.id] });
      expect(refused.statusCode).toBe(409);
      expect(bodyOf<{ code: string }>(refused).code).toBe('failed_operation.running');
    }
    // All or none: the waiting one is still there.
    expect((await list()).data.map((item) => item.id)).toContain(second!.id);
    await queryAsOwner(t.context.database, `update failed_operations set status = 'failed' where id = '${first!.id}'`);

    const discarded = await call('POST', '/discard', t.members.admin, { ids: [first!.id, second!.id, first!.id] });
    expect(bodyOf<{ data: { count: number } }>(discarded).data).toEqual({ count: 2 });
    expect((await list()).data.map((item) => item.id)).not.toContain(first!.id);
    expect((await call('POST', '/discard', t.owner, { ids: [first!.id] })).statusCode).toBe(404);
  });

  it('records once, without retrying, an operation whose data no longer fits its kind', async () => {
    const id = randomUUID();
    await queryAsOwner(
      t.context.database,
      `insert into failed_operations (id, organization_id, kind, description, payload, attempts, last_error, status, run_id, failed_at)
       values ('${id}', '${orgOf()}', 'mail.deliver', 'An old mail', '{"recipient": 42}', 3, 'timeout', 'failed', '${randomUUID()}', now())`,
    );
    expect((await call('POST', '/retry', t.owner, { ids: [id] })).statusCode).toBe(200);
    await idle();
    expect((await list()).data.find((item) => item.id === id)).toMatchObject({
      attempts: 4,
      status: 'failed',
      lastError: expect.stringContaining('no longer fits') as string,
    });
  });

  it('validates the ids it is given', async () => {
    const empty = await call('POST', '/retry', t.owner, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(bodyOf<{ details: { message: string }[] }>(empty).details[0]?.message).toBe('Choose at least one operation');
    const many = await call('POST', '/discard', t.owner, { ids: Array.from({ length: 101 }, () => randomUUID()) });
    expect(many.statusCode).toBe(400);
    expect((await call('POST', '/retry', t.members.member, { ids: [randomUUID()] })).statusCode).toBe(403);
    expect((await call('GET', '?kind=unknown')).statusCode).toBe(400);
  });

  it('is in the API document', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/failed-operations',
      '/api/v1/organizations/{organizationId}/failed-operations/counts',
      '/api/v1/organizations/{organizationId}/failed-operations/retry',
      '/api/v1/organizations/{organizationId}/failed-operations/discard',
    ]);
  });
});
