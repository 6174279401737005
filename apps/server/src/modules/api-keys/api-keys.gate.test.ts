import { API_KEY_AREAS, apiKeyAreaOfRoute } from '@keel/contract';
import { describe, expect, it } from 'vitest';
import { useTenantFixture, bodyOf, bearer } from '../../test-support/test-app.js';
import { createApiKeyGate } from './api-keys.gate.js';

const t = useTenantFixture([]);

/** Parts of the API that stay for signed-in people: a new route segment must be placed here or in an area. */
const PEOPLE_ONLY = [
  'admin-tools',
  'analytics',
  'api-keys',
  'audit-events',
  'audit-events.csv',
  'billing',
  'calendar-feed',
  'chat-connections',
  'data-isolation',
  'consultants',
  'data-exports',
  'failed-operations',
  'imports',
  'invitations',
  'me',
  'members',
  'priority-assistant',
  'storage-settings',
  'system-health',
  'webhooks',
];

describe('the areas a key may be given', () => {
  it('place every route under the organization in an area, or keep it for people', async () => {
    const response = await t.context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(bodyOf<{ paths: Record<string, unknown> }>(response).paths);
    const routes = paths
      .map((path) => /^\/api\/v1\/organizations\/\{organizationId\}\/(.+)$/.exec(path)?.[1])
      .filter((route): route is string => route !== undefined)
      .map((route) => route.replace(/\{(\w+)\}/g, ':$1'));
    const unplaced = routes.filter((route) => !apiKeyAreaOfRoute(route) && !PEOPLE_ONLY.includes(route.split('/')[0]!));
    expect(unplaced).toEqual([]);
    const unused = Object.values(API_KEY_AREAS)
      .flatMap((area) => area.routes)
      .filter((prefix) => !routes.some((route) => `${route}/`.startsWith(`${prefix.replace(/:\w+/g, ':teamId')}/`)));
    expect(unused).toEqual([]);
  });
});

describe('the key gate', () => {
  it('refuses a key from its expiry on, though it was remembered as good', async () => {
    const organizationId = t.owner.user.organizationId;
    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const created = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${organizationId}/api-keys`,
      headers: bearer(t.owner),
      payload: { name: 'Quarter report', scopes: ['scorecard:read'], expiresAt },
    });
    const { secret } = bodyOf<{ data: { secret: string } }>(created).data;
    let clock = Date.now();
    const gate = createApiKeyGate(t.context.database.db, 60_000, () => clock);
    expect(await gate.verify(secret)).toMatchObject({ organizationId, apiKey: { scopes: ['scorecard:read'] } });
    clock = Date.parse(expiresAt);
    expect(await gate.verify(secret)).toBeNull();
    expect(await gate.verify('not a key')).toBeNull();
  });
});
