import type { Session } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerOrganization } from '../test-support/test-app.js';
import { leadershipTeamId, signedInSocket, startHubApp, type HubTestApp } from '../test-support/realtime-hub.js';

/** End to end through a real write: the API's service publishes, the hub delivers to another open page. */
describe('realtime hub with the API', () => {
  let hub: HubTestApp;
  let owner: Session;
  let teamId: string;

  beforeAll(async () => {
    hub = await startHubApp();
    owner = await registerOrganization(hub.app);
    teamId = await leadershipTeamId(hub.database, owner.user.organizationId);
  });
  afterAll(() => hub.close());

  it('shows a to-do created on one page to another page of the team within a second', async () => {
    const otherPage = await signedInSocket(hub.port, owner.accessToken);
    otherPage.send({ type: 'subscribe', teamId });
    await otherPage.next('subscribed');

    const sentAt = Date.now();
    const response = await hub.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${owner.user.organizationId}/todos`,
      headers: bearer(owner),
      payload: { title: 'Live', ownerIds: [owner.user.id], teamId },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ data: { id: string }[] }>().data;
    const changed = await otherPage.next('changed', 1000);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(changed).toMatchObject({ entity: 'todo', action: 'created', teamId, actorUserId: owner.user.id });
    expect(changed.ids).toEqual(created.map((todo) => todo.id));
    otherPage.ws.close();
  });
});
