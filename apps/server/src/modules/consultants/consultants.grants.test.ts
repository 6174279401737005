import { describe, expect, it } from 'vitest';
import type { ConsultantGrant, SentConsultantGrant, Session, User } from '@keel/contract';
import { grantAccess, mailedConsultantToken, registerConsultant } from '../../test-support/consultant-fixture.js';
import {
  auditEvents,
  bearer,
  bodyOf,
  queryAsOwner,
  registrationPayload,
  uniqueEmail,
  useTenantFixture,
} from '../../test-support/test-app.js';

const t = useTenantFixture(['admin', 'member', 'observer'] as const);
const clientId = () => t.owner.user.organizationId;
const base = () => `/api/v1/organizations/${clientId()}/consultants`;

const invite = (session: Session, payload: unknown, url = base()) =>
  t.context.app.inject({ method: 'POST', url, headers: bearer(session), payload: payload as object });
const accept = (session: Session | null, payload: unknown) =>
  t.context.app.inject({
    method: 'POST',
    url: '/api/v1/consultant/invitations/accept',
    ...(session ? { headers: bearer(session) } : {}),
    payload: payload as object,
  });
const revoke = (session: Session, accessId: string, payload: unknown) =>
  t.context.app.inject({
    method: 'POST',
    url: `${base()}/${accessId}/revoke`,
    headers: bearer(session),
    payload: payload as object,
  });

describe('POST /auth/consultant-register', () => {
  it('creates a consultant account that owns its own practice organization', async () => {
    const consultant = await registerConsultant(t.context);
    expect(consultant.user).toMatchObject<Partial<User>>({
      isConsultant: true,
      role: 'owner',
      organizationName: 'Coach & Co',
      isImpersonating: false,
    });
    const profile = await t.context.app.inject({ url: '/api/v1/auth/profile', headers: bearer(consultant) });
    expect(bodyOf<{ data: User }>(profile).data.isConsultant).toBe(true);
  });

  it('checks the registration fields like /auth/register', async () => {
    const response = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/consultant-register',
      payload: registrationPayload({ email: 'not-an-email', firstName: '' }),
    });
    expect(response.statusCode).toBe(400);
    const unknownKey = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/consultant-register',
      payload: registrationPayload({ isConsultant: true }),
    });
    expect(unknownKey.statusCode).toBe(400);
  });

  it('refuses an address that already has an account', async () => {
    const response = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/consultant-register',
      payload: registrationPayload({ email: t.members.member.user.email }),
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /organizations/{id}/consultants', () => {
  it('mails a single-use link, audits it, and renews an open invitation of the same address', async () => {
    const email = uniqueEmail('coach');
    const first = await invite(t.owner, { email });
    expect(first.statusCode).toBe(201);
    const grant = bodyOf<{ data: ConsultantGrant }>(first).data;
    expect(grant).toMatchObject({ email, status: 'invited', accessLevel: 'admin', version: 1 });
    const token = await mailedConsultantToken(t.context, email);
    expect(await auditEvents(t.context.database, 'consultant.invited', grant.id)).toHaveLength(1);
    // No mail set up in this suite: the inviting admin gets the link the logged mail holds.
    expect(bodyOf<{ data: SentConsultantGrant }>(first).data.delivery).toEqual({
      mailed: false,
      unmailed: [{ email, link: `http://keel.test/consultant/accept?organization=${clientId()}&token=${token}` }],
    });

    const again = await invite(t.members.admin, { email: email.toUpperCase(), accessLevel: 'member' });
    expect(bodyOf<{ data: ConsultantGrant }>(again).data).toMatchObject({
      id: grant.id,
      version: 2,
      accessLevel: 'member',
    });
    expect(await mailedConsultantToken(t.context, email.toUpperCase())).not.toBe(token);
  });

  it('answers 401 without a token and 403 to members and observers', async () => {
    const anonymous = await t.context.app.inject({ method: 'POST', url: base(), payload: { email: uniqueEmail() } });
    expect(anonymous.statusCode).toBe(401);
    for (const session of [t.members.member, t.members.observer]) {
      const response = await invite(session, { email: uniqueEmail() });
      expect(response.statusCode).toBe(403);
    }
  });

  it.each([
    ['a bad e-mail', { email: 'nope' }],
    ['an owner access level', { email: 'a@example.com', accessLevel: 'owner' }],
    ['an unknown key', { email: 'a@example.com', role: 'admin' }],
    ['an e-mail of the wrong type', { email: 42 }],
  ])('answers 400 for %s', async (_label, payload) => {
    expect((await invite(t.owner, payload)).statusCode).toBe(400);
  });

  it('answers 400 for malformed JSON and 404 for another organization', async () => {
    const malformed = await t.context.app.inject({
      method: 'POST',
      url: base(),
      headers: { ...bearer(t.owner), 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    const foreign = await invite(t.other, { email: uniqueEmail() });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /organizations/{id}/consultants', () => {
  it('lists grants with the consultant name for admins only', async () => {
    const consultant = await registerConsultant(t.context, { firstName: 'Marie', lastName: 'Curie' });
    await grantAccess(t.context, t.owner, consultant);
    const response = await t.context.app.inject({ url: base(), headers: bearer(t.members.admin) });
    expect(response.statusCode).toBe(200);
    const listed = bodyOf<{ data: ConsultantGrant[] }>(response).data.find((g) => g.email === consultant.user.email);
    expect(listed).toMatchObject({ status: 'active', consultantName: 'Marie Curie' });
    expect((await t.context.app.inject({ url: base(), headers: bearer(t.members.member) })).statusCode).toBe(403);
    expect((await t.context.app.inject({ url: base() })).statusCode).toBe(401);
    expect((await t.context.app.inject({ url: base(), headers: bearer(t.other) })).statusCode).toBe(404);
  });
});

describe('POST /consultant/invitations/accept', () => {
  it('activates the grant once, audited with the consultant as actor; the link cannot be reused', async () => {
    const consultant = await registerConsultant(t.context);
    const invited = bodyOf<{ data: ConsultantGrant }>(await invite(t.owner, { email: consultant.user.email })).data;
    const token = await mailedConsultantToken(t.context, consultant.user.email);
    const response = await accept(consultant, { organizationId: clientId(), token });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: { organizationName: string } }>(response).data.organizationName).toBe(
      t.owner.user.organizationName,
    );
    const [audit] = await queryAsOwner<{ actor_user_id: string }>(
      t.context.database,
      `select actor_user_id from audit_events where action = 'consultant.access_granted' and target_id = '${invited.id}'`,
    );
    expect(audit?.actor_user_id).toBe(consultant.user.id);

    const reused = await accept(consultant, { organizationId: clientId(), token });
    expect(reused.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(reused).code).toBe('consultant.invalid_invitation');
  });

  it('refuses an expired link, another address, and accounts that are not consultants', async () => {
    const consultant = await registerConsultant(t.context);
    await invite(t.owner, { email: consultant.user.email });
    const token = await mailedConsultantToken(t.context, consultant.user.email);

    const stranger = await registerConsultant(t.context);
    const wrongAddress = await accept(stranger, { organizationId: clientId(), token });
    expect(wrongAddress.statusCode).toBe(403);
    const notConsultant = await accept(t.other, { organizationId: clientId(), token });
    expect(notConsultant.statusCode).toBe(403);

    await queryAsOwner(
      t.context.database,
      `update consultant_access set expires_at = now() - interval '1 minute' where lower(email) = lower('${consultant.user.email}')`,
    );
    const expired = await accept(consultant, { organizationId: clientId(), token });
    expect(expired.statusCode).toBe(400);
    const [row] = await queryAsOwner<{ status: string }>(
      t.context.database,
      `select status from consultant_access where lower(email) = lower('${consultant.user.email}')`,
    );
    expect(row?.status).toBe('invited');
  });

  it('answers 401 without a token and 400 for bad input', async () => {
    expect((await accept(null, { organizationId: clientId(), token: 'x' })).statusCode).toBe(401);
    const consultant = await registerConsultant(t.context);
    expect((await accept(consultant, { organizationId: 'nope', token: 'x' })).statusCode).toBe(400);
    expect((await accept(consultant, { organizationId: clientId(), token: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await accept(consultant, { organizationId: clientId(), token: 'unknown' })).statusCode).toBe(400);
  });
});

describe('POST /organizations/{id}/consultants/{accessId}/revoke', () => {
  it('revokes with the current version, audits it, and refuses a stale or repeated revoke', async () => {
    const consultant = await registerConsultant(t.context);
    const grant = await grantAccess(t.context, t.owner, consultant);
    const [{ version } = { version: 0 }] = await queryAsOwner<{ version: number }>(
      t.context.database,
      `select version from consultant_access where id = '${grant.id}'`,
    );
    expect((await revoke(t.owner, grant.id, { version: version - 1 })).statusCode).toBe(409);
    const response = await revoke(t.owner, grant.id, { version });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: ConsultantGrant }>(response).data.status).toBe('revoked');
    expect(await auditEvents(t.context.database, 'consultant.access_revoked', grant.id)).toHaveLength(1);
    expect((await revoke(t.owner, grant.id, { version: version + 1 })).statusCode).toBe(409);
  });

  it('answers 401, 403 to members, 400 for bad input and 404 for unknown or foreign ids', async () => {
    const consultant = await registerConsultant(t.context);
    const grant = await grantAccess(t.context, t.owner, consultant);
    const anonymous = await t.context.app.inject({
      method: 'POST',
      url: `${base()}/${grant.id}/revoke`,
      payload: { version: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await revoke(t.members.member, grant.id, { version: 2 })).statusCode).toBe(403);
    expect((await revoke(t.owner, grant.id, { version: 'two' })).statusCode).toBe(400);
    expect((await revoke(t.owner, 'not-a-uuid', { version: 1 })).statusCode).toBe(400);
    expect((await revoke(t.owner, crypto.randomUUID(), { version: 1 })).statusCode).toBe(404);
    const foreign = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${t.other.user.organizationId}/consultants/${grant.id}/revoke`,
      headers: bearer(t.owner),
      payload: { version: 1 },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
