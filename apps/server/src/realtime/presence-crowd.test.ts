import { randomUUID } from 'node:crypto';
import type { MeetingPresence, Session } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createAccessTokens } from '../modules/auth/index.js';
import { queryAsOwner, registerOrganization } from '../test-support/test-app.js';
import { createTestDatabase } from '../test-support/test-database.js';
import {
  TEST_JWT_SECRET,
  leadershipTeamId,
  signedInSocket,
  sleep,
  startHubApp,
  type HubTestApp,
  type TestSocket,
} from '../test-support/realtime-hub.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Members added straight in SQL with tokens signed here: hundreds of sign-ins through the API would take minutes. */
async function addCrowd(database: DatabaseHandle, organizationId: string, size: number) {
  const run = randomUUID();
  const users = await queryAsOwner<{ id: string }>(
    database,
    `insert into users (email, first_name, last_name)
     select 'crowd-' || n || '-${run}@example.test', 'Crowd', 'Member ' || n from generate_series(1, ${size}) as n
     returning id`,
  );
  await queryAsOwner(
    database,
    `insert into memberships (organization_id, user_id, role)
     select '${organizationId}', id, 'member' from users where email like 'crowd-%-${run}@example.test'`,
  );
  const tokens = createAccessTokens(TEST_JWT_SECRET);
  return Promise.all(
    users.map(async ({ id }) => ({
      userId: id,
      token: await tokens.sign({ userId: id, organizationId, sessionId: randomUUID(), originalOrganizationId: null }),
    })),
  );
}

/** Signed-in pages following the team, opened ten at a time. */
async function openPages(hub: HubTestApp, teamId: string, crowd: readonly { token: string }[]) {
  const pages: TestSocket[] = [];
  for (let start = 0; start < crowd.length; start += 10) {
    const batch = await Promise.all(
      crowd.slice(start, start + 10).map(async ({ token }) => {
        const page = await signedInSocket(hub.port, token);
        page.send({ type: 'subscribe', teamId });
        await page.next('subscribed');
        return page;
      }),
    );
    pages.push(...batch);
  }
  return pages;
}

async function presenceWhere(socket: TestSocket, wanted: (people: MeetingPresence[]) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { people } = await socket.next('presence', Math.max(1, deadline - Date.now()));
    if (wanted(people)) return people;
  }
}

const byUser = (people: readonly MeetingPresence[]) => [...people].sort((a, b) => a.userId.localeCompare(b.userId));
const presenceMessages = (socket: TestSocket) => socket.messages.filter((message) => message.type === 'presence');

describe('a crowd arriving in a meeting at once', () => {
  let hub: HubTestApp;
  let owner: Session;
  let teamId: string;

  beforeAll(async () => {
    hub = await startHubApp();
    owner = await registerOrganization(hub.app);
    teamId = await leadershipTeamId(hub.database, owner.user.organizationId);
  });
  afterAll(async () => {
    await hub?.close();
  });

  it('is told to the pages as a few whole lists, not one ever longer list per arrival', async () => {
    const crowd = await addCrowd(hub.database, owner.user.organizationId, 60);
    const pages = await openPages(hub, teamId, crowd);
    const meetingId = randomUUID();
    for (const page of pages) page.send({ type: 'presence', teamId, meetingId, section: 2 });

    const last = pages.at(-1) as TestSocket;
    const everyone = crowd.map(({ userId }) => ({ userId, section: 2 }));
    expect(byUser(await presenceWhere(last, (people) => people.length === 60))).toEqual(byUser(everyone));
    await sleep(200);
    for (const page of pages) expect(presenceMessages(page).length).toBeLessThan(10);
    for (const page of pages) page.ws.close();
  }, 60_000);
});

/** Two server processes on one database, as in production behind a load balancer. */
describe.skipIf(!databaseUrl)('a 300-person meeting across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: DatabaseHandle;
  let first: HubTestApp;
  let second: HubTestApp;
  let owner: Session;
  let teamId: string;

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

  it('reaches the other process (more people than one NOTIFY carries), and so does its shrinking', async () => {
    const crowd = await addCrowd(database, owner.user.organizationId, 300);
    const observer = await signedInSocket(second.port, owner.accessToken);
    observer.send({ type: 'subscribe', teamId });
    await observer.next('subscribed');
    const pages = await openPages(first, teamId, crowd);
    const meetingId = randomUUID();
    const everyone = crowd.map(({ userId }, index) => ({ userId, section: index % 7 }));
    pages.forEach((page, index) => page.send({ type: 'presence', teamId, meetingId, section: index % 7 }));
    expect(byUser(await presenceWhere(observer, (people) => people.length === 300))).toEqual(byUser(everyone));

    for (const page of pages.splice(100)) page.ws.close();
    const stayers = byUser(everyone.slice(0, 100));
    expect(byUser(await presenceWhere(observer, (people) => people.length <= 100))).toEqual(stayers);
    // Nothing of the larger snapshot's extra parts comes back later as a ghost.
    await sleep(300);
    expect(byUser(presenceMessages(observer).at(-1)?.people ?? [])).toEqual(stayers);

    for (const page of pages) page.ws.close();
    expect(await presenceWhere(observer, (people) => people.length === 0)).toEqual([]);
    observer.ws.close();
  }, 60_000);
});
