import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CascadingMessage, CascadingMessagePage, CascadingMessageReceipts, Session } from '@keel/contract';
import { createChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { addTeam, leadershipTeamOf, malformedJson } from '../../test-support/team-fixtures.js';
import { bearer, bodyOf, createTenantFixture, queryAsOwner, type TestContext } from '../../test-support/test-app.js';
import { createCascadingMessagesService } from './cascading-messages.service.js';

let context: TestContext;
let owner: Session;
let member: Session;
let colleague: Session;
let observer: Session;
let other: Session;
let orgId: string;
let leadership: string;
let sales: string;
let support: string;
let otherTeamId: string;

beforeAll(async () => {
  ({
    context,
    owner,
    other,
    members: { member, admin: colleague, observer },
  } = await createTenantFixture(['member', 'admin', 'observer']));
  orgId = owner.user.organizationId;
  leadership = await leadershipTeamOf(context, owner);
  sales = await addTeam(context, owner, 'Sales', [member.user.id, colleague.user.id]);
  // Someone in both receiving teams counts once.
  support = await addTeam(context, owner, 'Support', [member.user.id, observer.user.id]);
  otherTeamId = await leadershipTeamOf(context, other);
});
afterAll(async () => {
  await context.close();
});

const call = (session: Session | null, method: 'GET' | 'POST', path: string, payload?: unknown, org = orgId) =>
  context.app.inject({
    method,
    url: `/api/v1/organizations/${org}/cascading-messages${path}`,
    headers: session ? bearer(session) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const send = async (payload: Record<string, unknown> = {}) => {
  const response = await call(owner, 'POST', '', {
    fromTeamId: leadership,
    toTeamIds: [sales, support],
    text: 'Prices rise on 1 March',
    ...payload,
  });
  expect(response.statusCode).toBe(201);
  return bodyOf<{ data: CascadingMessage }>(response).data;
};
const page = async (session: Session, teamId: string, direction: 'received' | 'sent') =>
  bodyOf<CascadingMessagePage>(await call(session, 'GET', `?teamId=${teamId}&direction=${direction}`));

describe('POST /organizations/{id}/cascading-messages', () => {
  it('sends to other teams, audited, counting each receiving member once', async () => {
    const message = await send({ details: 'Tell customers this week' });
    expect(message).toMatchObject({
      text: 'Prices rise on 1 March',
      details: 'Tell customers this week',
      fromTeam: { id: leadership, name: 'Leadership Team' },
      toTeams: [
        { id: sales, name: 'Sales' },
        { id: support, name: 'Support' },
      ],
      author: { id: owner.user.id, name: 'Ada Lovelace' },
      readByMe: false,
      readCount: 0,
      recipientCount: 3,
    });
    const audit = await queryAsOwner(
      context.database,
      `select 1 from audit_events where action = 'cascading_message.sent' and target_id = '${message.id}'`,
    );
    expect(audit).toHaveLength(1);
  });

  it.each([
    ['no receiving team', { toTeamIds: [] }],
    ['a blank text', { text: ' ' }],
    ['a text over 300 characters', { text: 'x'.repeat(301) }],
    ['a team id that is not an id', { toTeamIds: ['sales'] }],
    ['an unknown key', { urgent: true }],
  ])('answers 400 for %s', async (_case, payload) => {
    const response = await call(owner, 'POST', '', {
      fromTeamId: leadership,
      toTeamIds: [sales],
      text: 'x',
      ...payload,
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 for sending to its own team or malformed JSON, 401, 403 and 404', async () => {
    const own = await call(owner, 'POST', '', { fromTeamId: sales, toTeamIds: [sales], text: 'x' });
    expect(bodyOf<{ code: string }>(own).code).toBe('cascading_message.own_team');
    const url = `/api/v1/organizations/${orgId}/cascading-messages`;
    expect((await context.app.inject(malformedJson(url, owner))).statusCode).toBe(400);
    const valid = { fromTeamId: leadership, toTeamIds: [sales], text: 'x' };
    expect((await call(null, 'POST', '', valid)).statusCode).toBe(401);
    expect((await call(observer, 'POST', '', valid)).statusCode).toBe(403);
    expect((await call(owner, 'POST', '', valid, other.user.organizationId)).statusCode).toBe(404);
    expect((await call(owner, 'POST', '', { ...valid, toTeamIds: [sales, otherTeamId] })).statusCode).toBe(404);
    expect((await call(owner, 'POST', '', { ...valid, fromTeamId: otherTeamId })).statusCode).toBe(404);
  });
});

describe('GET /organizations/{id}/cascading-messages', () => {
  it("shows a message in each receiving team's inbox and the sender's sent list, newest first, paged", async () => {
    const team = await addTeam(context, owner, 'Marketing');
    const first = await send({ toTeamIds: [team], text: 'First' });
    const second = await send({ toTeamIds: [team], text: 'Second' });
    expect((await page(member, team, 'received')).data.map((item) => item.id)).toEqual([second.id, first.id]);
    expect((await page(member, leadership, 'sent')).data.map((item) => item.id).slice(0, 2)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await page(member, leadership, 'received')).data).toEqual([]);
    const one = bodyOf<CascadingMessagePage>(await call(observer, 'GET', `?teamId=${team}&limit=1`));
    const two = bodyOf<CascadingMessagePage>(
      await call(observer, 'GET', `?teamId=${team}&limit=1&cursor=${one.page.nextCursor}`),
    );
    expect([...one.data, ...two.data].map((item) => item.id)).toEqual([second.id, first.id]);
    expect(two.page.nextCursor).toBeNull();
  });

  it('answers 400, 401 and 404 as it should', async () => {
    for (const query of ['', '?teamId=x', `?teamId=${sales}&direction=up`, `?teamId=${sales}&limit=999`]) {
      expect((await call(owner, 'GET', query)).statusCode).toBe(400);
    }
    expect((await call(null, 'GET', `?teamId=${sales}`)).statusCode).toBe(401);
    expect((await call(owner, 'GET', `?teamId=${otherTeamId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `?teamId=${sales}`, undefined, other.user.organizationId)).statusCode).toBe(404);
  });
});

describe('read receipts', () => {
  it('marks read once per person; the sender sees who read it and how many recipients have', async () => {
    const message = await send();
    const read = await call(member, 'POST', `/${message.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(bodyOf<{ data: CascadingMessage }>(read).data).toMatchObject({
      readByMe: true,
      readCount: 1,
      recipientCount: 3,
    });
    // Again: nothing changes, the first time stays.
    expect(bodyOf<{ data: CascadingMessage }>(await call(member, 'POST', `/${message.id}/read`)).data.readCount).toBe(
      1,
    );
    await call(colleague, 'POST', `/${message.id}/read`);
    // Someone outside the receiving teams may read it too, without counting as a recipient.
    await call(owner, 'POST', `/${message.id}/read`);
    const receipts = bodyOf<{ data: CascadingMessageReceipts }>(
      await call(owner, 'GET', `/${message.id}/receipts`),
    ).data;
    expect(receipts).toMatchObject({ messageId: message.id, readCount: 2, recipientCount: 3 });
    expect(receipts.readers.map((reader) => [reader.user.id, reader.isRecipient])).toEqual([
      [member.user.id, true],
      [colleague.user.id, true],
      [owner.user.id, false],
    ]);
    const sent = (await page(owner, leadership, 'sent')).data.find((item) => item.id === message.id);
    expect(sent).toMatchObject({ readCount: 2, recipientCount: 3, readByMe: true });
    const inbox = (await page(observer, support, 'received')).data.find((item) => item.id === message.id);
    expect(inbox).toMatchObject({ readByMe: false });
    const audit = await queryAsOwner(
      context.database,
      `select 1 from audit_events where action = 'cascading_message.read' and target_id = '${message.id}'`,
    );
    expect(audit).toHaveLength(3);
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const message = await send();
    expect((await call(owner, 'POST', '/not-an-id/read')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/not-an-id/receipts')).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${message.id}/read`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `/${message.id}/receipts`)).statusCode).toBe(401);
    expect((await call(observer, 'POST', `/${message.id}/read`)).statusCode).toBe(403);
    expect((await call(owner, 'GET', `/${message.id}/receipts`, undefined, other.user.organizationId)).statusCode).toBe(
      404,
    );
    expect((await call(owner, 'POST', `/${message.id}/read`, undefined, other.user.organizationId)).statusCode).toBe(
      404,
    );
    const theirTeam = await addTeam(context, other, 'Their sales');
    const theirs = await call(
      other,
      'POST',
      '',
      { fromTeamId: otherTeamId, toTeamIds: [theirTeam], text: 'x' },
      other.user.organizationId,
    );
    const theirId = bodyOf<{ data: CascadingMessage }>(theirs).data.id;
    expect((await call(owner, 'POST', `/${theirId}/read`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${theirId}/receipts`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${theirId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${message.id}`)).statusCode).toBe(200);
  });
});

describe('change notices', () => {
  it('publishes one event per team showing the message, after the commit', async () => {
    const bus = createChangeBus();
    const events: ChangeEvent[] = [];
    bus.subscribe((event) => events.push(event));
    const service = createCascadingMessagesService({ db: context.database.db, changes: bus });
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const message = await service.create(
      { organizationId: orgId, userId: owner.user.id },
      { fromTeamId: leadership, toTeamIds: [sales, support], text: 'Live' },
      meta,
    );
    expect(events.map((event) => [event.teamId, event.entity, event.action, event.ids])).toEqual([
      [leadership, 'cascading_message', 'created', [message.id]],
      [sales, 'cascading_message', 'created', [message.id]],
      [support, 'cascading_message', 'created', [message.id]],
    ]);
    events.length = 0;
    await service.markRead({ organizationId: orgId, userId: member.user.id }, message.id, meta);
    await service.markRead({ organizationId: orgId, userId: member.user.id }, message.id, meta);
    expect(events.map((event) => event.action)).toEqual(['updated', 'updated', 'updated']);
  });
});
