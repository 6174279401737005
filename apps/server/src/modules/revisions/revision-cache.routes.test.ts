import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Session, TodoPage } from '@keel/contract';
import { bearer, queryAsOwner } from '../../test-support/test-app.js';
import { useTodosFixture } from '../../test-support/todos-fixture.js';

const { state: t, createOne } = useTodosFixture();

const list = (session: Session | null, encoding = 'identity', org = t.orgId) =>
  t.context.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${org}/todos?teamId=${t.teamId}&status=all`,
    headers: { ...(session ? bearer(session) : {}), 'accept-encoding': encoding },
  });

const titlesOf = (body: string) => (JSON.parse(body) as TodoPage).data.map((todo) => todo.title).sort();

describe('lists served from the revision cache', () => {
  it('answers a repeated list from memory, in the encoding asked for', async () => {
    await createOne({ title: 'Cached once' });
    const first = await list(t.owner);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-keel-cache']).toBe('miss');
    const again = await list(t.owner);
    expect(again.headers['x-keel-cache']).toBe('hit');
    expect(again.body).toBe(first.body);

    const gzipped = await list(t.owner, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
    const brotli = await list(t.owner, 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    expect(brotli.headers.vary).toContain('accept-encoding');
  });

  it('shows a change made through the API on the very next read', async () => {
    await list(t.owner);
    expect((await list(t.owner)).headers['x-keel-cache']).toBe('hit');
    await createOne({ title: 'Added after caching' });
    const fresh = await list(t.owner);
    expect(fresh.headers['x-keel-cache']).toBe('miss');
    expect(titlesOf(fresh.body)).toContain('Added after caching');
  });

  it('shows a change written straight to the database (an import, another process) too', async () => {
    await list(t.owner);
    await queryAsOwner(
      t.context.database,
      `update todos set title = 'Renamed in SQL' where organization_id = '${t.orgId}' and title = 'Cached once'`,
    );
    expect(titlesOf((await list(t.owner)).body)).toContain('Renamed in SQL');
  });

  it('never gives one person the answer built for another (private to-dos)', async () => {
    await createOne({ title: 'Owner’s private note', isPrivate: true });
    await list(t.owner);
    expect(titlesOf((await list(t.owner)).body)).toContain('Owner’s private note');
    const memberView = await list(t.member);
    expect(memberView.headers['x-keel-cache']).toBe('miss');
    expect(titlesOf(memberView.body)).not.toContain('Owner’s private note');
  });

  it('stops serving a member whose membership ends, at once', async () => {
    await list(t.observer);
    expect((await list(t.observer)).headers['x-keel-cache']).toBe('hit');
    await queryAsOwner(
      t.context.database,
      `update memberships set status = 'deactivated' where user_id = '${t.observer.user.id}' and organization_id = '${t.orgId}'`,
    );
    const refused = await list(t.observer);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['x-keel-cache']).toBeUndefined();
  });

  it('still answers 401 without a token and 404 for another organization', async () => {
    await list(t.owner);
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(t.other)).statusCode).toBe(404);
    expect((await list(t.owner, 'identity', t.other.user.organizationId)).statusCode).toBe(404);
  });
});
