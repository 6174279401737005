import { beforeAll, describe, expect, it } from 'vitest';
import type { CascadingMessage, CascadingMessagePage, CascadingMessageReceipts, Session } from '@keel/contract';
import { addTeam, malformedJson, useTeamSuite } from '../../test-support/team-fixtures.js';
import { auditEvents, bodyOf, recordedChanges } from '../../test-support/test-app.js';
import { createRouteRules } from '../../test-support/create-route-rules.js';
import { createCascadingMessagesService } from './cascading-messages.service.js';

const { state: t, callUnder } = useTeamSuite(['admin']);
const call = callUnder('/cascading-messages');
let sales: string;
let support: string;
const rules = createRouteRules(t, '/cascading-messages', () => ({
  fromTeamId: t.teamId,
  toTeamIds: [sales],
  text: 'x',
}));

beforeAll(async () => {
  sales = await addTeam(t.context, t.owner, 'Sales', [t.member.user.id, t.members.admin.user.id]);
  // Someone in both receiving teams counts once.
  support = await addTeam(t.context, t.owner, 'Support', [t.member.user.id, t.observer.user.id]);
});

const send = async (payload: Record<string, unknown> = {}) => {
  const response = await call(t.owner, 'POST', '', {
    fromTeamId: t.teamId,
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
      fromTeam: { id: t.teamId, name: 'Leadership Team' },
      toTeams: [
        { id: sales, name: 'Sales' },
        { id: support, name: 'Support' },
      ],
      author: { id: t.owner.user.id, name: 'Ada Lovelace' },
      readByMe: false,
      readCount: 0,
      recipientCount: 3,
    });
    const audit = await auditEvents(t.context.database, 'cascading_message.sent', message.id);
    expect(audit).toHaveLength(1);
  });

  rules.refusesEach([
    ['no receiving team', { toTeamIds: [] }],
    ['a blank text', { text: ' ' }],
    ['a text over 300 characters', { text: 'x'.repeat(301) }],
    ['a team id that is not an id', { toTeamIds: ['sales'] }],
    ['an unknown key', { urgent: true }],
  ]);

  it('answers 400 for sending to its own team or malformed JSON, 401, 403 and 404', async () => {
    const own = await call(t.owner, 'POST', '', { fromTeamId: sales, toTeamIds: [sales], text: 'x' });
    expect(bodyOf<{ code: string }>(own).code).toBe('cascading_message.own_team');
    const url = `/api/v1/organizations/${t.orgId}/cascading-messages`;
    expect((await t.context.app.inject(malformedJson(url, t.owner))).statusCode).toBe(400);
    const valid = { fromTeamId: t.teamId, toTeamIds: [sales], text: 'x' };
    expect((await call(null, 'POST', '', valid)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', '', valid)).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', '', valid, t.other.user.organizationId)).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', '', { ...valid, toTeamIds: [sales, t.otherTeamId] })).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', '', { ...valid, fromTeamId: t.otherTeamId })).statusCode).toBe(404);
  });
});

describe('GET /organizations/{id}/cascading-messages', () => {
  it("shows a message in each receiving team's inbox and the sender's sent list, newest first, paged", async () => {
    const team = await addTeam(t.context, t.owner, 'Marketing');
    const first = await send({ toTeamIds: [team], text: 'First' });
    const second = await send({ toTeamIds: [team], text: 'Second' });
    expect((await page(t.member, team, 'received')).data.map((item) => item.id)).toEqual([second.id, first.id]);
    expect((await page(t.member, t.teamId, 'sent')).data.map((item) => item.id).slice(0, 2)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await page(t.member, t.teamId, 'received')).data).toEqual([]);
    const one = bodyOf<CascadingMessagePage>(await call(t.observer, 'GET', `?teamId=${team}&limit=1`));
    const two = bodyOf<CascadingMessagePage>(
      await call(t.observer, 'GET', `?teamId=${team}&limit=1&cursor=${one.page.nextCursor}`),
    );
    expect([...one.data, ...two.data].map((item) => item.id)).toEqual([second.id, first.id]);
    expect(two.page.nextCursor).toBeNull();
  });

  it('answers 400, 401 and 404 as it should', async () => {
    for (const query of ['', '?teamId=x', `?teamId=${sales}&direction=up`, `?teamId=${sales}&limit=999`]) {
      expect((await call(t.owner, 'GET', query)).statusCode).toBe(400);
    }
    expect((await call(null, 'GET', `?teamId=${sales}`)).statusCode).toBe(401);
    expect((await call(t.owner, 'GET', `?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `?teamId=${sales}`, undefined, t.other.user.organizationId)).statusCode).toBe(
      404,
    );
  });
});

describe('read receipts', () => {
  it('marks read once per person; the sender sees who read it and how many recipients have', async () => {
    const message = await send();
    const read = await call(t.member, 'POST', `/${message.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(bodyOf<{ data: CascadingMessage }>(read).data).toMatchObject({
      readByMe: true,
      readCount: 1,
      recipientCount: 3,
    });
    // Again: nothing changes, the first time stays.
    expect(bodyOf<{ data: CascadingMessage }>(await call(t.member, 'POST', `/${message.id}/read`)).data.readCount).toBe(
      1,
    );
    await call(t.members.admin, 'POST', `/${message.id}/read`);
    // Someone outside the receiving teams may read it too, without counting as a recipient.
    await call(t.owner, 'POST', `/${message.id}/read`);
    const receipts = bodyOf<{ data: CascadingMessageReceipts }>(
      await call(t.owner, 'GET', `/${message.id}/receipts`),
    ).data;
    expect(receipts).toMatchObject({ messageId: message.id, readCount: 2, recipientCount: 3 });
    expect(receipts.readers.map((reader) => [reader.user.id, reader.isRecipient])).toEqual([
      [t.member.user.id, true],
      [t.members.admin.user.id, true],
      [t.owner.user.id, false],
    ]);
    const sent = (await page(t.owner, t.teamId, 'sent')).data.find((item) => item.id === message.id);
    expect(sent).toMatchObject({ readCount: 2, recipientCount: 3, readByMe: true });
    const inbox = (await page(t.observer, support, 'received')).data.find((item) => item.id === message.id);
    expect(inbox).toMatchObject({ readByMe: false });
    const audit = await auditEvents(t.context.database, 'cascading_message.read', message.id);
    expect(audit).toHaveLength(3);
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const message = await send();
    expect((await call(t.owner, 'POST', '/not-an-id/read')).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', '/not-an-id/receipts')).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${message.id}/read`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `/${message.id}/receipts`)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', `/${message.id}/read`)).statusCode).toBe(403);
    expect(
      (await call(t.owner, 'GET', `/${message.id}/receipts`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.owner, 'POST', `/${message.id}/read`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    const theirTeam = await addTeam(t.context, t.other, 'Their sales');
    const theirs = await call(
      t.other,
      'POST',
      '',
      { fromTeamId: t.otherTeamId, toTeamIds: [theirTeam], text: 'x' },
      t.other.user.organizationId,
    );
    const theirId = bodyOf<{ data: CascadingMessage }>(theirs).data.id;
    expect((await call(t.owner, 'POST', `/${theirId}/read`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${theirId}/receipts`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${theirId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${message.id}`)).statusCode).toBe(200);
  });
});

describe('change notices', () => {
  it('publishes one event per team showing the message, after the commit', async () => {
    const { changes: bus, events } = recordedChanges();
    const service = createCascadingMessagesService({ db: t.context.database.db, changes: bus });
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const message = await service.create(
      { organizationId: t.orgId, userId: t.owner.user.id },
      { fromTeamId: t.teamId, toTeamIds: [sales, support], text: 'Live' },
      meta,
    );
    expect(events.map((event) => [event.teamId, event.entity, event.action, event.ids])).toEqual([
      [t.teamId, 'cascading_message', 'created', [message.id]],
      [sales, 'cascading_message', 'created', [message.id]],
      [support, 'cascading_message', 'created', [message.id]],
    ]);
    events.length = 0;
    await service.markRead({ organizationId: t.orgId, userId: t.member.user.id }, message.id, meta);
    await service.markRead({ organizationId: t.orgId, userId: t.member.user.id }, message.id, meta);
    expect(events.map((event) => event.action)).toEqual(['updated', 'updated', 'updated']);
  });
});
