import { randomUUID } from 'node:crypto';
import type { Session } from '@keel/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../modules/auth/index.js';
import { addMember, changeEvent, queryAsOwner, registerOrganization } from '../test-support/test-app.js';
import type { ChangeEvent } from './change-bus.js';
import {
  insertTeam,
  leadershipTeamId,
  openSocket,
  signedInSocket,
  sleep,
  startHubApp,
  TEST_JWT_SECRET,
  withHubApp,
  type HubTestApp,
} from '../test-support/realtime-hub.js';

let hub: HubTestApp;
let owner: Session;
let member: Session;
let observer: Session;
let other: Session;
let teamId: string;
let secondTeamId: string;
let archivedTeamId: string;
let otherTeamId: string;

const event = (overrides: Partial<ChangeEvent> = {}) => changeEvent(owner, teamId, overrides);

beforeAll(async () => {
  hub = await startHubApp();
  owner = await registerOrganization(hub.app);
  other = await registerOrganization(hub.app);
  member = await addMember(hub, owner.user.organizationId, 'member');
  observer = await addMember(hub, owner.user.organizationId, 'observer');
  teamId = await leadershipTeamId(hub.database, owner.user.organizationId);
  secondTeamId = await insertTeam(hub.database, owner.user.organizationId, 'Sales');
  archivedTeamId = await insertTeam(hub.database, owner.user.organizationId, 'Old', true);
  otherTeamId = await leadershipTeamId(hub.database, other.user.organizationId);
});
afterAll(() => hub.close());

describe('realtime hub: authentication', () => {
  it('closes a socket that never authenticates with 4401', async () => {
    await withHubApp({ limits: { authTimeoutMs: 200 } }, async (quick) => {
      const socket = await openSocket(quick.port);
      expect(await socket.closed).toEqual({ code: 4401, reason: 'Authentication timeout' });
    });
  });

  it('closes a socket that subscribes before authenticating', async () => {
    const socket = await openSocket(hub.port);
    socket.send({ type: 'subscribe', teamId });
    expect((await socket.closed).code).toBe(4401);
  });

  it('closes a socket with a bad or forged token', async () => {
    const socket = await openSocket(hub.port);
    socket.send({ type: 'auth', token: 'not-a-jwt' });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Invalid or expired token' });

    const forged = await createAccessTokens('another-secret-that-is-long-enough-for-hs256').sign({
      userId: owner.user.id,
      organizationId: owner.user.organizationId,
      sessionId: randomUUID(),
      originalOrganizationId: null,
    });
    const second = await openSocket(hub.port);
    second.send({ type: 'auth', token: forged });
    expect((await second.closed).code).toBe(4401);
  });

  it('closes a socket whose first message is not JSON', async () => {
    const socket = await openSocket(hub.port);
    socket.send('hello');
    expect((await socket.closed).code).toBe(4401);
  });

  it('refuses a member whose membership ended', async () => {
    const leaver = await addMember(hub, owner.user.organizationId, 'member');
    await queryAsOwner(
      hub.database,
      `update memberships set status = 'deactivated' where user_id = '${leaver.user.id}'`,
    );
    const socket = await openSocket(hub.port);
    socket.send({ type: 'auth', token: leaver.accessToken });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Membership ended' });
  });

  it('asks for a fresh token before expiry, accepts it, and closes when a token runs out', async () => {
    const tokens = createAccessTokens(TEST_JWT_SECRET);
    const claims = {
      userId: member.user.id,
      organizationId: member.user.organizationId,
      sessionId: String(decodeJwt(member.accessToken).sid),
      originalOrganizationId: null,
    };
    // Shorter than the hub's 60 s lead: `reauth` comes at once.
    const socket = await signedInSocket(hub.port, await tokens.sign(claims, 2));
    expect((await socket.next('reauth')).type).toBe('reauth');
    socket.send({ type: 'auth', token: await tokens.sign(claims, 3) });
    await socket.next('ready');
    const started = Date.now();
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Token expired' });
    expect(Date.now() - started).toBeGreaterThan(1000);
  });

  it('refuses a fresh token of another person on the same socket', async () => {
    const socket = await signedInSocket(hub.port, member.accessToken);
    socket.send({ type: 'auth', token: observer.accessToken });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Token of another session' });
  });
});

describe('realtime hub: rooms and delivery', () => {
  it('delivers a change of a subscribed team within a second, and not those of other teams or organizations', async () => {
    const socket = await signedInSocket(hub.port, member.accessToken);
    socket.send({ type: 'subscribe', teamId });
    expect(await socket.next('subscribed')).toEqual({ type: 'subscribed', teamId });

    hub.changes.publish(event({ teamId: secondTeamId }));
    hub.changes.publish(event({ organizationId: other.user.organizationId, teamId: otherTeamId }));
    // Another organization's change for the same team id must not leak either.
    hub.changes.publish(event({ organizationId: other.user.organizationId, teamId }));
    const wanted = event({ ids: [randomUUID(), randomUUID()], action: 'created' });
    const sentAt = Date.now();
    hub.changes.publish(wanted);
    const changed = await socket.next('changed', 1000);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(changed).toEqual({
      type: 'changed',
      entity: 'todo',
      ids: wanted.ids,
      action: 'created',
      teamId,
      actorUserId: owner.user.id,
    });
    await sleep(100);
    expect(socket.messages.filter((message) => message.type === 'changed')).toHaveLength(1);
    socket.ws.close();
  });

  it('delivers organization-wide changes to every signed-in socket, subscribed or not', async () => {
    const first = await signedInSocket(hub.port, owner.accessToken);
    const second = await signedInSocket(hub.port, member.accessToken);
    const stranger = await signedInSocket(hub.port, other.accessToken);
    hub.changes.publish(event({ teamId: null, entity: 'headline' }));
    expect((await first.next('changed')).entity).toBe('headline');
    expect((await second.next('changed')).entity).toBe('headline');
    await sleep(100);
    expect(stranger.messages.some((message) => message.type === 'changed')).toBe(false);
    for (const socket of [first, second, stranger]) socket.ws.close();
  });

  it('lets an observer subscribe and follow changes', async () => {
    const socket = await signedInSocket(hub.port, observer.accessToken);
    socket.send({ type: 'subscribe', teamId: secondTeamId });
    await socket.next('subscribed');
    hub.changes.publish(event({ teamId: secondTeamId, entity: 'issue' }));
    expect((await socket.next('changed')).entity).toBe('issue');
    socket.ws.close();
  });

  it("refuses another organization's team, an archived team and a malformed id with an error message", async () => {
    const socket = await signedInSocket(hub.port, member.accessToken);
    socket.send({ type: 'subscribe', teamId: otherTeamId });
    expect(await socket.next('error')).toMatchObject({ code: 'realtime.team_not_found', teamId: otherTeamId });
    socket.send({ type: 'subscribe', teamId: archivedTeamId });
    expect(await socket.next('error')).toMatchObject({ code: 'realtime.team_not_found', teamId: archivedTeamId });
    socket.send({ type: 'subscribe', teamId: 'not-a-uuid' });
    expect(await socket.next('error')).toMatchObject({ code: 'realtime.bad_message' });
    socket.send({ type: 'subscribe', teamId, extra: true });
    expect(await socket.next('error')).toMatchObject({ code: 'realtime.bad_message' });

    hub.changes.publish(event({ organizationId: other.user.organizationId, teamId: otherTeamId }));
    await sleep(100);
    expect(socket.messages.some((message) => message.type === 'changed')).toBe(false);
    socket.ws.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const socket = await signedInSocket(hub.port, member.accessToken);
    socket.send({ type: 'subscribe', teamId: secondTeamId });
    await socket.next('subscribed');
    socket.send({ type: 'unsubscribe', teamId: secondTeamId });
    await socket.next('unsubscribed');
    hub.changes.publish(event({ teamId: secondTeamId }));
    await sleep(100);
    expect(socket.messages.some((message) => message.type === 'changed')).toBe(false);
    socket.ws.close();
  });
});

describe('realtime hub: limits and shutdown', () => {
  it('closes a socket that floods, and one that sends an oversized message', async () => {
    await withHubApp({ limits: { messagesPerWindow: 5, windowMs: 60_000, maxMessageBytes: 512 } }, async (limited) => {
      const session = await registerOrganization(limited.app);
      const flooder = await signedInSocket(limited.port, session.accessToken);
      for (let i = 0; i < 10; i += 1) flooder.send({ type: 'unsubscribe', teamId: randomUUID() });
      expect(await flooder.closed).toEqual({ code: 1008, reason: 'Too many messages' });

      const big = await signedInSocket(limited.port, session.accessToken);
      big.send({ type: 'auth', token: 'x'.repeat(2000) });
      expect((await big.closed).code).toBe(1009);
    });
  });

  it('caps the sockets of one person', async () => {
    await withHubApp({ limits: { maxSocketsPerUser: 2 } }, async (limited) => {
      const session = await registerOrganization(limited.app);
      await signedInSocket(limited.port, session.accessToken);
      await signedInSocket(limited.port, session.accessToken);
      const third = await openSocket(limited.port);
      third.send({ type: 'auth', token: session.accessToken });
      expect(await third.closed).toEqual({ code: 4429, reason: 'Too many open pages' });
    });
  });

  it('drops a peer that stops answering pings', async () => {
    await withHubApp({ limits: { heartbeatMs: 100 } }, async (limited) => {
      const session = await registerOrganization(limited.app);
      const socket = await signedInSocket(limited.port, session.accessToken);
      // Pretend to be dead: stop the client's automatic pong.
      socket.ws.pong = () => undefined;
      (socket.ws as unknown as { _receiver: { removeAllListeners(event: string): void } })._receiver.removeAllListeners(
        'ping',
      );
      const { code } = await socket.closed;
      expect(code).toBe(1006);
      await expect.poll(() => limited.app.realtime.connectionCount()).toBe(0);
    });
  });

  it('tells open pages the server is going away on shutdown', async () => {
    const closing = await startHubApp();
    const session = await registerOrganization(closing.app);
    const socket = await signedInSocket(closing.port, session.accessToken);
    await closing.close();
    expect(await socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});

describe('realtime hub: meeting presence', () => {
  const MEETING = '00000000-0000-4000-8000-0000000000aa';

  const follower = async (session: Session, team = teamId) => {
    const socket = await signedInSocket(hub.port, session.accessToken);
    socket.send({ type: 'subscribe', teamId: team });
    await socket.next('subscribed');
    return socket;
  };

  it("tells the team's pages who is in the meeting and where, and forgets a page that closes", async () => {
    const ownerPage = await follower(owner);
    const memberPage = await follower(member);
    ownerPage.send({ type: 'presence', teamId, meetingId: MEETING, section: 0 });
    expect((await memberPage.next('presence')).people).toEqual([{ userId: owner.user.id, section: 0 }]);
    memberPage.send({ type: 'presence', teamId, meetingId: MEETING, section: 2 });
    await ownerPage.next('presence');
    const both = await ownerPage.next('presence');
    expect(both).toMatchObject({ teamId, meetingId: MEETING });
    expect(both.people).toEqual(
      expect.arrayContaining([
        { userId: owner.user.id, section: 0 },
        { userId: member.user.id, section: 2 },
      ]),
    );
    memberPage.ws.close();
    await memberPage.closed;
    expect((await ownerPage.next('presence')).people).toEqual([{ userId: owner.user.id, section: 0 }]);
    ownerPage.ws.close();
  });

  it('refuses presence in a team the page does not follow, and keeps it from other teams and organizations', async () => {
    const elsewhere = await follower(owner, secondTeamId);
    const stranger = await signedInSocket(hub.port, other.accessToken);
    stranger.send({ type: 'subscribe', teamId: otherTeamId });
    await stranger.next('subscribed');
    stranger.send({ type: 'presence', teamId, meetingId: MEETING, section: 0 });
    expect(await stranger.next('error')).toMatchObject({ code: 'realtime.not_subscribed' });
    const ownerPage = await follower(owner);
    ownerPage.send({ type: 'presence', teamId, meetingId: MEETING, section: 1 });
    await ownerPage.next('presence');
    await sleep(200);
    expect(elsewhere.messages.some((message) => message.type === 'presence')).toBe(false);
    expect(stranger.messages.some((message) => message.type === 'presence')).toBe(false);
    stranger.send({ type: 'presence', teamId: otherTeamId, meetingId: MEETING, section: 99 });
    expect(await stranger.next('error')).toMatchObject({ code: 'realtime.bad_message' });
    for (const socket of [elsewhere, stranger, ownerPage]) socket.ws.close();
  });
});
