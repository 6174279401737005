import { describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey, Session, Todo } from '@keel/contract';
import { callerOf, useTeamSuite } from '../../test-support/team-fixtures.js';
import { auditEvents, bodyOf, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();

/** A key presented as a bearer token, the way an integration sends it. */
const asKey = (secret: string) => ({ accessToken: secret }) as Session;

async function makeKey(scopes: string[], name = 'Zapier', session: Session = t.owner): Promise<CreatedApiKey> {
  const response = await call(session, 'POST', '/api-keys', { name, scopes }, session.user.organizationId);
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: CreatedApiKey }>(response).data;
}

const todoBody = () => ({ title: 'Sent by an integration', ownerIds: [t.owner.user.id], teamId: t.teamId });

describe('API keys, as administrators manage them', () => {
  it('shows the secret once, keeps only its hash, and lists the key without it', async () => {
    const created = await makeKey(['todos:read'], 'Reporting');
    expect(created.secret).toMatch(/^keel_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'Reporting', scopes: ['todos:read'], status: 'active', revokedAt: null });
    expect(created.secret.startsWith(created.key.hint.replace('…', ''))).toBe(true);

    const listed = bodyOf<{ data: ApiKey[] }>(await call(t.owner, 'GET', '/api-keys')).data;
    const shown = listed.find((key) => key.id === created.key.id);
    expect(shown).toMatchObject({ name: 'Reporting', createdByName: expect.any(String) as unknown });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const [row] = await queryAsOwner<{ secret_hash: string }>(
      t.context.database,
      `select secret_hash from api_keys where id = '${created.key.id}'`,
    );
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secret_hash).not.toContain(created.secret);
    expect(await auditEvents(t.context.database, 'api_key.created', created.key.id)).toEqual([
      expect.objectContaining({ actorUserId: t.owner.user.id }),
    ]);
  });

  it('answers 401 without a token, 403 to members, 400 for bad bodies and 404 for another organization', async () => {
    expect((await call(null, 'GET', '/api-keys')).statusCode).toBe(401);
    expect((await call(t.member, 'GET', '/api-keys')).statusCode).toBe(403);
    expect((await call(t.member, 'POST', '/api-keys', { name: 'x', scopes: ['todos:read'] })).statusCode).toBe(403);
    for (const body of [
      { name: 'x', scopes: [] },
      { name: '', scopes: ['todos:read'] },
      { name: 'x', scopes: ['todos:admin'] },
      { name: 'x', scopes: ['todos:read', 'todos:read'] },
      { name: 'x', scopes: ['todos:read'], expiresAt: '2001-01-01T00:00:00Z' },
    ]) {
      expect((await call(t.owner, 'POST', '/api-keys', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.owner, 'GET', '/api-keys', undefined, t.other.user.organizationId)).statusCode).toBe(404);
    const theirs = await makeKey(['todos:read'], 'Theirs', t.other);
    const revokeTheirs = await call(t.owner, 'POST', `/api-keys/${theirs.key.id}/revoke`);
    expect(revokeTheirs.statusCode).toBe(404);
    expect((await call(t.owner, 'POST', '/api-keys/not-an-id/revoke')).statusCode).toBe(400);
  });
});

describe('a request made with an API key', () => {
  it('reads and changes what its scopes name, audited with the key as the actor', async () => {
    const reader = await makeKey(['todos:read']);
    const read = await call(asKey(reader.secret), 'GET', `/todos?teamId=${t.teamId}`);
    expect(read.statusCode, read.body).toBe(200);
    const refused = await call(asKey(reader.secret), 'POST', '/todos', todoBody());
    expect(refused.statusCode).toBe(403);
    expect(bodyOf<{ code: string; error: string }>(refused)).toMatchObject({
      code: 'api_key.scope_missing',
      error: expect.stringContaining('todos:write') as unknown,
    });
    expect((await call(asKey(reader.secret), 'GET', `/issues?teamId=${t.teamId}`)).statusCode).toBe(403);

    const writer = await makeKey(['todos:write'], 'Zapier');
    const created = await call(asKey(writer.secret), 'POST', '/todos', todoBody());
    expect(created.statusCode, created.body).toBe(201);
    const [todo] = bodyOf<{ data: Todo[] }>(created).data;
    const [audit] = (await auditEvents(t.context.database, 'todo.created')).filter((event) =>
      (event.summary?.ids as string[] | undefined)?.includes(todo!.id),
    );
    const [principal] = await queryAsOwner<{ principal_user_id: string }>(
      t.context.database,
      `select principal_user_id from api_keys where id = '${writer.key.id}'`,
    );
    expect(audit?.actorUserId).toBe(principal?.principal_user_id);
    const [actor] = await queryAsOwner<{ first_name: string; last_name: string; password_hash: string | null }>(
      t.context.database,
      `select first_name, last_name, password_hash from users where id = '${principal?.principal_user_id}'`,
    );
    expect(actor).toEqual({ first_name: 'API key', last_name: 'Zapier', password_hash: null });
    // Its account is no member: no list of people shows it.
    const people = await call(t.owner, 'GET', '/people');
    expect(people.body).not.toContain(principal!.principal_user_id);
  });

  it('is refused outside the organization routes of its areas, and in another organization', async () => {
    const key = await makeKey(['todos:write', 'people:write']);
    for (const path of ['/api-keys', '/members', '/audit-events', '/storage-settings']) {
      const response = await call(asKey(key.secret), 'GET', path);
      expect(response.statusCode, path).toBe(403);
      expect(bodyOf<{ code: string }>(response).code).toBe('api_key.route_not_allowed');
    }
    const outside = await t.context.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(outside.statusCode).toBe(403);
    const elsewhere = await call(
      asKey(key.secret),
      'GET',
      `/todos?teamId=${t.otherTeamId}`,
      undefined,
      t.other.user.organizationId,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect((await call(asKey(key.secret), 'POST', '/todos', { title: '' })).statusCode).toBe(400);
  });

  it('is refused at once when revoked, and an unknown key is a 401', async () => {
    const key = await makeKey(['todos:read']);
    expect((await call(asKey(key.secret), 'GET', `/todos?teamId=${t.teamId}`)).statusCode).toBe(200);
    const revoked = await call(t.owner, 'POST', `/api-keys/${key.key.id}/revoke`);
    expect(bodyOf<{ data: ApiKey }>(revoked).data.status).toBe('revoked');
    const after = await call(asKey(key.secret), 'GET', `/todos?teamId=${t.teamId}`);
    expect(after.statusCode).toBe(401);
    expect(bodyOf<{ code: string }>(after).code).toBe('api_key.invalid');
    expect((await call(asKey(`${key.secret}x`), 'GET', `/todos?teamId=${t.teamId}`)).statusCode).toBe(401);
    expect(await auditEvents(t.context.database, 'api_key.revoked', key.key.id)).toHaveLength(1);
  });

  it('records when the key was last used', async () => {
    const key = await makeKey(['todos:read']);
    await call(asKey(key.secret), 'GET', `/todos?teamId=${t.teamId}`);
    await expect
      .poll(async () => {
        const listed = bodyOf<{ data: ApiKey[] }>(await call(t.owner, 'GET', '/api-keys')).data;
        return listed.find((shown) => shown.id === key.key.id)?.lastUsedAt ?? null;
      })
      .not.toBeNull();
  });
});

describe('the rate limit of a key', () => {
  const limited = useTenantFixture([], {}, () => ({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' }));

  it('answers 429 with Retry-After past the key’s own limit, while people are not limited by it', async () => {
    const call = callerOf({ context: limited.context, orgId: limited.owner.user.organizationId });
    const created = await call(limited.owner, 'POST', '/api-keys', { name: 'Busy', scopes: ['people:read'] });
    const { secret } = bodyOf<{ data: CreatedApiKey }>(created).data;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await call(asKey(secret), 'GET', '/people')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call(asKey(secret), 'GET', '/people');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(bodyOf<{ code: string }>(refused).code).toBe('api_key.rate_limited');
    expect((await call(limited.owner, 'GET', '/people')).statusCode).toBe(200);
  });
});
