import type { CreatedApiKey, Session } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { leadershipTeamId, startHubApp, type HubTestApp } from '../../test-support/realtime-hub.js';
import { bearer, bodyOf, registerOrganization } from '../../test-support/test-app.js';
import { createTestDatabase } from '../../test-support/test-database.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Two server processes on one database: a key revoked through one is refused by the other from its next request. */
describe.skipIf(!databaseUrl)('a revoked API key across processes (PostgreSQL)', () => {
  let database: DatabaseHandle;
  let first: HubTestApp;
  let second: HubTestApp;
  let owner: Session;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startHubApp({ database, databaseUrl: databaseUrl! });
    second = await startHubApp({ database, databaseUrl: databaseUrl! });
    owner = await registerOrganization(first.app);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('is refused by the process that remembered it, within a second of the revocation', async () => {
    const base = `/api/v1/organizations/${owner.user.organizationId}`;
    const created = await first.app.inject({
      method: 'POST',
      url: `${base}/api-keys`,
      headers: bearer(owner),
      payload: { name: 'Reporting', scopes: ['todos:read'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = bodyOf<{ data: CreatedApiKey }>(created).data;
    const withKey = { authorization: `Bearer ${key.secret}` };
    const teamId = await leadershipTeamId(database, owner.user.organizationId);
    const todos = () => second.app.inject({ method: 'GET', url: `${base}/todos?teamId=${teamId}`, headers: withKey });
    // The second process checks the key once and remembers it (as it does a session) for SESSION_CHECK_SECONDS.
    expect((await todos()).statusCode).toBe(200);

    const revoked = await first.app.inject({
      method: 'POST',
      url: `${base}/api-keys/${key.key.id}/revoke`,
      headers: bearer(owner),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const revokedAt = Date.now();
    await expect.poll(async () => (await todos()).statusCode, { timeout: 1000, interval: 50 }).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  });
});
