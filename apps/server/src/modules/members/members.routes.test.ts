import { describe, expect, it } from 'vitest';
import type { Member, MemberPage, Session } from '@keel/contract';
import {
  TEST_PASSWORD,
  addMember,
  bearer,
  bodyOf,
  expectDocumented,
  queryAsOwner,
  useTenantFixture,
} from '../../test-support/test-app.js';

const t = useTenantFixture(['admin', 'member', 'observer'] as const);
const members = () => `/api/v1/organizations/${t.owner.user.organizationId}/members`;

const get = (url: string, as: Session = t.owner) => t.context.app.inject({ method: 'GET', url, headers: bearer(as) });
const send = (method: 'PATCH' | 'POST', url: string, payload: unknown, as: Session = t.owner) =>
  t.context.app.inject({ method, url, headers: bearer(as), payload: payload as Record<string, unknown> });

async function memberOf(userId: string): Promise<Member> {
  const [row] = await queryAsOwner<{ email: string }>(
    t.context.database,
    `select email from users where id = '${userId}'`,
  );
  const page = bodyOf<MemberPage>(await get(`${members()}?search=${encodeURIComponent(row!.email)}`));
  return page.data.find((member) => member.userId === userId)!;
}

const changeRole = async (userId: string, role: string, as: Session = t.owner) =>
  send('PATCH', `${members()}/${userId}/role`, { role, version: (await memberOf(userId)).version }, as);
const setStatus = async (userId: string, action: 'deactivate' | 'reactivate', as: Session = t.owner) =>
  send('POST', `${members()}/${userId}/${action}`, { version: (await memberOf(userId)).version }, as);

const auditSummaries = (action: string, targetId: string) =>
  queryAsOwner<{ actor_user_id: string; summary: unknown }>(
    t.context.database,
    `select actor_user_id, summary from audit_events where action = '${action}' and target_id = '${targetId}'`,
  );

describe('GET /organizations/{id}/members', () => {
  it('lists members by name with role, status, teams and last sign-in, in pages', async () => {
    const first = bodyOf<MemberPage>(await get(`${members()}?limit=2`));
    expect(first.data).toHaveLength(2);
    expect(first.page.nextCursor).not.toBeNull();
    const rest = bodyOf<MemberPage>(await get(`${members()}?limit=50&cursor=${first.page.nextCursor}`));
    const all = [...first.data, ...rest.data];
    expect(all.map((m) => m.userId).sort()).toEqual(
      [t.owner, t.members.admin, t.members.member, t.members.observer].map((s) => s.user.id).sort(),
    );
    const owner = all.find((m) => m.userId === t.owner.user.id)!;
    expect(owner).toMatchObject({ role: 'owner', status: 'active', email: t.owner.user.email });
    expect(owner.teams).toHaveLength(1);
    expect(owner.lastSignInAt).not.toBeNull();
  });

  it('searches by name and e-mail', async () => {
    const byEmail = bodyOf<MemberPage>(
      await get(`${members()}?search=${encodeURIComponent(t.members.admin.user.email)}`),
    );
    expect(byEmail.data.map((m) => m.userId)).toEqual([t.members.admin.user.id]);
    const byName = bodyOf<MemberPage>(await get(`${members()}?search=grace%20hop`));
    expect(byName.data).toHaveLength(3);
    expect(bodyOf<MemberPage>(await get(`${members()}?search=%25`)).data).toHaveLength(0);
  });

  it('answers 401 without a token, 403 to members and observers, 404 in another organization, 400 for bad input', async () => {
    expect((await t.context.app.inject({ method: 'GET', url: members() })).statusCode).toBe(401);
    expect((await get(members(), t.members.member)).statusCode).toBe(403);
    expect((await get(members(), t.members.observer)).statusCode).toBe(403);
    expect((await get(members(), t.other)).statusCode).toBe(404);
    expect((await get(`${members()}?limit=500`)).statusCode).toBe(400);
    expect((await get(`${members()}?cursor=broken`)).statusCode).toBe(400);
    expect((await get(members(), t.members.admin)).statusCode).toBe(200);
  });
});

describe('PATCH /organizations/{id}/members/{userId}/role', () => {
  it('changes the role and audits who changed what', async () => {
    const target = await addMember(t.context, t.owner.user.organizationId, 'member');
    const response = await changeRole(target.user.id, 'admin', t.members.admin);
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: Member }>(response).data).toMatchObject({ role: 'admin', version: 2 });
    const [audit] = await auditSummaries('member.role_changed', target.user.id);
    expect(audit).toMatchObject({
      actor_user_id: t.members.admin.user.id,
      summary: { before: { role: 'member' }, after: { role: 'admin' } },
    });
  });

  it('answers 409 for a stale version', async () => {
    const target = await addMember(t.context, t.owner.user.organizationId, 'member');
    const { version } = await memberOf(target.user.id);
    await send('PATCH', `${members()}/${target.user.id}/role`, { role: 'observer', version });
    const stale = await send('PATCH', `${members()}/${target.user.id}/role`, { role: 'admin', version });
    expect(stale.statusCode).toBe(409);
  });

  it('lets only owners make or unmake owners, and never demotes the last owner', async () => {
    const target = await addMember(t.context, t.owner.user.organizationId, 'member');
    const byAdmin = await changeRole(target.user.id, 'owner', t.members.admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(bodyOf<{ code: string }>(byAdmin).code).toBe('members.owner_required');
    const lastOwner = await changeRole(t.owner.user.id, 'admin');
    expect(lastOwner.statusCode).toBe(409);
    expect(bodyOf<{ error: string }>(lastOwner).error).toMatch(/at least one active owner/);
    expect((await changeRole(target.user.id, 'owner')).statusCode).toBe(200);
    expect((await changeRole(target.user.id, 'member', t.members.admin)).statusCode).toBe(403);
    expect((await changeRole(target.user.id, 'member')).statusCode).toBe(200);
  });

  it('answers 400 for bad input, 401, 403 and 404', async () => {
    const url = `${members()}/${t.members.member.user.id}/role`;
    expect((await send('PATCH', url, { role: 'king', version: 1 })).statusCode).toBe(400);
    expect((await send('PATCH', url, { role: 'admin' })).statusCode).toBe(400);
    expect((await send('PATCH', url, { role: 'admin', version: 1, extra: true })).statusCode).toBe(400);
    expect((await send('PATCH', `${members()}/not-a-uuid/role`, { role: 'admin', version: 1 })).statusCode).toBe(400);
    const malformed = await t.context.app.inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(t.owner), 'content-type': 'application/json' },
      payload: '{"role"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      (await t.context.app.inject({ method: 'PATCH', url, payload: { role: 'admin', version: 1 } })).statusCode,
    ).toBe(401);
    expect((await send('PATCH', url, { role: 'admin', version: 1 }, t.members.member)).statusCode).toBe(403);
    expect((await send('PATCH', url, { role: 'admin', version: 1 }, t.members.observer)).statusCode).toBe(403);
    const foreign = `/api/v1/organizations/${t.other.user.organizationId}/members/${t.members.member.user.id}/role`;
    expect((await send('PATCH', foreign, { role: 'admin', version: 1 }, t.other)).statusCode).toBe(404);
    const theirOwner = `${members()}/${t.other.user.id}/role`;
    expect((await send('PATCH', theirOwner, { role: 'admin', version: 1 })).statusCode).toBe(404);
  });
});

describe('deactivate and reactivate', () => {
  it('ends the sessions at once: refresh, profile and business routes refuse, sign-in refuses', async () => {
    const target = await addMember(t.context, t.owner.user.organizationId, 'member');
    // Verified once, so the token sits in the verified-token cache when the membership ends.
    expect((await get('/api/v1/auth/profile', target)).statusCode).toBe(200);
    const response = await setStatus(target.user.id, 'deactivate', t.members.admin);
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: Member }>(response).data.status).toBe('deactivated');
    expect((await get('/api/v1/auth/profile', target)).statusCode).toBe(401);
    expect((await get(`/api/v1/organizations/${t.owner.user.organizationId}/people`, target)).statusCode).toBe(401);
    const refresh = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: target.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: target.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).not.toBe(200);
    const [audit] = await auditSummaries('member.deactivated', target.user.id);
    expect(audit).toMatchObject({
      actor_user_id: t.members.admin.user.id,
      summary: { before: { status: 'active' }, after: { status: 'deactivated' } },
    });

    expect((await setStatus(target.user.id, 'reactivate')).statusCode).toBe(200);
    const again = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: target.user.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it('never deactivates the last owner, nor yourself; only owners deactivate owners', async () => {
    const last = await setStatus(t.owner.user.id, 'deactivate', t.members.admin);
    expect(last.statusCode).toBe(403);
    const self = await setStatus(t.owner.user.id, 'deactivate');
    expect(self.statusCode).toBe(400);
    const second = await addMember(t.context, t.owner.user.organizationId, 'owner');
    expect((await setStatus(second.user.id, 'deactivate', t.members.admin)).statusCode).toBe(403);
    expect((await setStatus(second.user.id, 'deactivate')).statusCode).toBe(200);
    const lastOwner = await changeRole(t.owner.user.id, 'member');
    expect(lastOwner.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(lastOwner).code).toBe('members.last_owner');
  });

  it('answers 409 for a stale version, 400, 401, 403 and 404', async () => {
    const target = await addMember(t.context, t.owner.user.organizationId, 'observer');
    const url = `${members()}/${target.user.id}/deactivate`;
    expect((await send('POST', url, { version: 99 })).statusCode).toBe(409);
    expect((await send('POST', url, { version: 'one' })).statusCode).toBe(400);
    expect((await send('POST', url, {})).statusCode).toBe(400);
    expect((await t.context.app.inject({ method: 'POST', url, payload: { version: 1 } })).statusCode).toBe(401);
    expect((await send('POST', url, { version: 1 }, t.members.member)).statusCode).toBe(403);
    expect((await send('POST', url, { version: 1 }, t.members.observer)).statusCode).toBe(403);
    const foreign = `/api/v1/organizations/${t.other.user.organizationId}/members/${target.user.id}/deactivate`;
    expect((await send('POST', foreign, { version: 1 }, t.other)).statusCode).toBe(404);
    expect((await send('POST', `${members()}/${t.other.user.id}/reactivate`, { version: 1 })).statusCode).toBe(404);
  });
});

it('documents the member routes', async () => {
  await expectDocumented(t.context, [
    '/api/v1/organizations/{organizationId}/members',
    '/api/v1/organizations/{organizationId}/members/{userId}/role',
    '/api/v1/organizations/{organizationId}/members/{userId}/deactivate',
    '/api/v1/organizations/{organizationId}/members/{userId}/reactivate',
  ]);
});
