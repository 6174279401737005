import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type {
  CreatedWebhookEndpoint,
  Session,
  Todo,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '@keel/contract';
import { startWebhookReceiver, type WebhookReceiver } from '../../outbound/test-support/webhook-receiver.js';
import { callerOf, leadershipTeamOf } from '../../test-support/team-fixtures.js';
import { bodyOf, mailsTo, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const t = useTenantFixture(['member'], {}, () => ({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' }), {
  webhooks: { retrySchedule: [0, 1, 1], timeoutMs: 3000 },
});
const call = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  org?: string,
) => callerOf({ context: t.context, orgId: t.owner.user.organizationId })(session, method, path, payload, org);

async function addEndpoint(events: string[], url = receiver.url): Promise<CreatedWebhookEndpoint> {
  const response = await call(t.owner, 'POST', '/webhooks', { url, events, description: 'Receiver' });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: CreatedWebhookEndpoint }>(response).data;
}

async function createTodo(title: string): Promise<Todo> {
  const teamId = await leadershipTeamOf(t.context, t.owner);
  const response = await call(t.owner, 'POST', '/todos', { title, ownerIds: [t.owner.user.id], teamId });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: Todo[] }>(response).data[0]!;
}

const deliveriesOf = async (endpointId: string) =>
  bodyOf<WebhookDeliveryPage>(await call(t.owner, 'GET', `/webhooks/${endpointId}/deliveries`)).data;
const idle = () => t.context.app.jobs.whenIdle(20_000);
const bodiesOfType = (type: string) =>
  receiver.received.filter((request) => (JSON.parse(request.body) as { type: string }).type === type);

describe('webhook endpoints, as administrators manage them', () => {
  it('shows a Standard Webhooks secret once and lists the endpoint without it', async () => {
    const created = await addEndpoint(['issue.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = bodyOf<{ data: WebhookEndpoint[] }>(await call(t.owner, 'GET', '/webhooks')).data;
    expect(listed.find((endpoint) => endpoint.id === created.endpoint.id)).toMatchObject({
      url: receiver.url,
      events: ['issue.created'],
      enabled: true,
      failingSince: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it('answers 401, 403 to members, 400 for bad bodies and 404 for another organization', async () => {
    expect((await call(null, 'GET', '/webhooks')).statusCode).toBe(401);
    expect((await call(t.members.member, 'GET', '/webhooks')).statusCode).toBe(403);
    for (const body of [
      { url: 'ftp://example.com/x', events: ['todo.created'] },
      { url: 'not a url', events: ['todo.created'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['todo.deleted'] },
    ]) {
      expect((await call(t.owner, 'POST', '/webhooks', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const { endpoint } = await addEndpoint(['todo.created']);
    const other = t.other.user.organizationId;
    const theirs = await callerOf({ context: t.context, orgId: other })(t.other, 'POST', '/webhooks', {
      url: receiver.url,
      events: ['todo.created'],
    });
    const theirId = bodyOf<{ data: CreatedWebhookEndpoint }>(theirs).data.endpoint.id;
    expect((await call(t.owner, 'GET', `/webhooks/${theirId}/deliveries`)).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', `/webhooks/${theirId}/test`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', '/webhooks', undefined, other)).statusCode).toBe(404);
    const stale = await call(t.owner, 'PATCH', `/webhooks/${endpoint.id}`, {
      version: endpoint.version + 5,
      enabled: false,
    });
    expect(stale.statusCode).toBe(409);
    expect((await call(t.owner, 'DELETE', `/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    expect((await call(t.owner, 'GET', `/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('sends the events an endpoint asked for, signed so the Standard Webhooks library verifies them', async () => {
    const { endpoint, secret } = await addEndpoint(['todo.created', 'todo.completed']);
    const todo = await createTodo('Renew the lease');
    await call(t.owner, 'POST', `/todos/${todo.id}/complete`, { version: todo.version });
    await idle();

    const created = bodiesOfType('todo.created').find((request) => request.body.includes(todo.id));
    const completed = bodiesOfType('todo.completed').find((request) => request.body.includes(todo.id));
    expect(created && completed).toBeTruthy();
    const verifier = new Webhook(secret);
    const event = verifier.verify(created!.body, created!.headers as Record<string, string>) as {
      type: string;
      data: { id: string | null; organizationId: string; actorId: string };
    };
    expect(event).toMatchObject({ type: 'todo.created', data: { organizationId: t.owner.user.organizationId } });
    expect(verifier.verify(completed!.body, completed!.headers as Record<string, string>)).toMatchObject({
      type: 'todo.completed',
      data: { id: todo.id, actorId: t.owner.user.id },
    });

    // A forged signature and a replayed old message are refused by the receiver's check.
    const forged = { ...(created!.headers as Record<string, string>), 'webhook-signature': 'v1,AAAA' };
    expect(() => verifier.verify(created!.body, forged)).toThrow(WebhookVerificationError);
    const replayed = {
      ...(created!.headers as Record<string, string>),
      'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600),
    };
    expect(() => verifier.verify(created!.body, replayed)).toThrow(WebhookVerificationError);

    const log = await deliveriesOf(endpoint.id);
    expect(log.filter((delivery) => delivery.status === 'succeeded').length).toBeGreaterThanOrEqual(2);
    expect(log[0]).toMatchObject({ responseStatus: 200, responseBody: 'ok', attempts: 1 });
    expect(log[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries while the receiver is down and delivers each message once it is back', async () => {
    const path = '/hooks/flaky';
    const { endpoint } = await addEndpoint(['todo.created'], `${new URL(receiver.url).origin}${path}`);
    receiver.down();
    const todo = await createTodo('Book the offsite');
    await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 10_000 }).toBe('retrying');
    const [failing] = await deliveriesOf(endpoint.id);
    expect(failing).toMatchObject({ responseStatus: 503, responseBody: 'down for maintenance', attempts: 1 });
    const health = bodyOf<{ data: WebhookEndpoint[] }>(await call(t.owner, 'GET', '/webhooks')).data;
    expect(health.find((one) => one.id === endpoint.id)?.failingSince).not.toBeNull();

    receiver.up();
    await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 15_000 }).toBe('succeeded');
    await idle();
    const attempts = receiver.received.filter((request) => request.path === path);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.every((request) => request.body.includes(todo.id))).toBe(true);
    const messageId = String(attempts[0]?.headers['webhook-id']);
    expect(new Set(attempts.map((request) => request.headers['webhook-id']))).toEqual(new Set([messageId]));
    expect(receiver.acceptedIds(path)).toEqual([messageId]);
    const healed = bodyOf<{ data: WebhookEndpoint[] }>(await call(t.owner, 'GET', '/webhooks')).data;
    expect(healed.find((one) => one.id === endpoint.id)?.failingSince).toBeNull();
  });

  it('sends a test event and a delivery again with the same webhook-id', async () => {
    const { endpoint } = await addEndpoint(['headline.created']);
    const test = await call(t.owner, 'POST', `/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    const sent = bodyOf<{ data: WebhookDelivery }>(test).data;
    await idle();
    expect(receiver.received.some((request) => request.headers['webhook-id'] === sent.messageId)).toBe(true);
    const again = await call(t.owner, 'POST', `/webhooks/${endpoint.id}/deliveries/${sent.id}/resend`);
    expect(again.statusCode).toBe(202);
    expect(bodyOf<{ data: WebhookDelivery }>(again).data.messageId).toBe(sent.messageId);
    await idle();
    expect(receiver.received.filter((request) => request.headers['webhook-id'] === sent.messageId)).toHaveLength(2);
    expect((await call(t.members.member, 'POST', `/webhooks/${endpoint.id}/test`)).statusCode).toBe(403);
  });

  it('turns off an endpoint that has failed for days, and tells the administrators', async () => {
    const { endpoint } = await addEndpoint(['todo.created']);
    receiver.down();
    await queryAsOwner(
      t.context.database,
      `update webhook_endpoints set failing_since = now() - interval '6 days' where id = '${endpoint.id}'`,
    );
    await createTodo('Call the printer');
    await expect
      .poll(
        async () =>
          bodyOf<{ data: WebhookEndpoint[] }>(await call(t.owner, 'GET', '/webhooks')).data.find(
            (one) => one.id === endpoint.id,
          )?.enabled,
        { timeout: 10_000 },
      )
      .toBe(false);
    receiver.up();
    const [turnedOff] = bodyOf<{ data: WebhookEndpoint[] }>(await call(t.owner, 'GET', '/webhooks')).data.filter(
      (one) => one.id === endpoint.id,
    );
    expect(turnedOff?.disabledReason).toContain('every delivery failed for 5 days');
    const mails = await mailsTo(t.context, t.owner.user.email);
    expect(mails.some((mail) => mail.subject === 'A webhook endpoint was turned off')).toBe(true);
  });
});

describe('webhook addresses', () => {
  const strict = useTenantFixture([]);

  it('refuses loopback, private and metadata addresses unless the server allows them', async () => {
    const strictCall = callerOf({ context: strict.context, orgId: strict.owner.user.organizationId });
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://[::1]/hook',
      'http://localhost/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const response = await strictCall(strict.owner, 'POST', '/webhooks', { url, events: ['todo.created'] });
      expect(response.statusCode, url).toBe(400);
      expect(bodyOf<{ code: string; error: string }>(response)).toMatchObject({
        code: 'webhook.address_refused',
        error: expect.stringContaining('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES') as unknown,
      });
    }
  });
});
