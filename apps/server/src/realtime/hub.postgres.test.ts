import type { Session } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { addMember, changeEvent, queryAsOwner, registerOrganization } from '../test-support/test-app.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { LISTENER_APPLICATION_NAME } from './pg-fanout.js';
import { leadershipTeamId, signedInSocket, sleep, startHubApp, type HubTestApp } from '../test-support/realtime-hub.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Two server processes on one database, as in production behind a load balancer. */
describe.skipIf(!databaseUrl)('realtime hub across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: DatabaseHandle;
  let first: HubTestApp;
  let second: HubTestApp;
  let owner: Session;
  let teamId: string;

  const event = () => changeEvent(owner, teamId);

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startHubApp({ database, databaseUrl: databaseUrl! });
    second = await startHubApp({ database, databaseUrl: databaseUrl! });
    owner = await registerOrganization(first.app);
    teamId = await leadershipTeamId(database, owner.user.organizationId);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  const subscribed = async (hub: HubTestApp) => {
    const socket = await signedInSocket(hub.port, owner.accessToken);
    socket.send({ type: 'subscribe', teamId });
    await socket.next('subscribed');
    return socket;
  };

  it('delivers a change published in one process to the sockets of both, exactly once each', async () => {
    const local = await subscribed(first);
    const remote = await subscribed(second);
    const published = event();
    const sentAt = Date.now();
    first.changes.publish(published);
    expect((await remote.next('changed', 1000)).ids).toEqual(published.ids);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect((await local.next('changed', 1000)).ids).toEqual(published.ids);
    await sleep(300);
    for (const socket of [local, remote]) {
      expect(socket.messages.filter((message) => message.type === 'changed')).toHaveLength(1);
      socket.ws.close();
    }
  });

  it('reconnects a dropped listener, tells pages to refetch, and delivers again', async () => {
    const remote = await subscribed(second);
    await queryAsOwner(
      database,
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${LISTENER_APPLICATION_NAME}'`,
    );
    await remote.next('resync', 5000);
    const published = event();
    first.changes.publish(published);
    expect((await remote.next('changed', 5000)).ids).toEqual(published.ids);
    remote.ws.close();
  });

  it('shows who is in a meeting to pages on both processes, and forgets a page that closes on the other', async () => {
    const meetingId = '00000000-0000-4000-8000-0000000000bb';
    const member = await addMember(first, owner.user.organizationId, 'member');
    await queryAsOwner(
      database,
      `insert into team_members (organization_id, team_id, user_id) values ('${owner.user.organizationId}', '${teamId}', '${member.user.id}')`,
    );
    const local = await subscribed(first);
    const remote = await signedInSocket(second.port, member.accessToken);
    remote.send({ type: 'subscribe', teamId });
    await remote.next('subscribed');

    local.send({ type: 'presence', teamId, meetingId, section: 1 });
    const sentAt = Date.now();
    expect((await remote.next('presence', 2000)).people).toEqual([{ userId: owner.user.id, section: 1 }]);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    remote.send({ type: 'presence', teamId, meetingId, section: 3 });
    await local.next('presence', 2000);
    expect((await local.next('presence', 2000)).people).toEqual([
      { userId: owner.user.id, section: 1 },
      { userId: member.user.id, section: 3 },
    ]);
    remote.ws.close();
    await remote.closed;
    expect((await local.next('presence', 2000)).people).toEqual([{ userId: owner.user.id, section: 1 }]);
    local.ws.close();
  });
});
