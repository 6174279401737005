import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Invitation, InvitationLookup, SentInvitation, Session } from '@keel/contract';
import { inTenant } from '../../db/scope.js';
import {
  mailsTo,
  TEST_PASSWORD,
  auditEvents,
  bearer,
  bodyOf,
  expectDocumented,
  queryAsOwner,
  registerOrganization,
  uniqueEmail,
  useTenantFixture,
} from '../../test-support/test-app.js';
import { inviteMembers } from './index.js';

const t = useTenantFixture(['admin', 'member', 'observer'] as const);
const base = () => `/api/v1/organizations/${t.owner.user.organizationId}/invitations`;
const legalAgreement = { termsAccepted: true, privacyAccepted: true };
const newPerson = { firstName: 'Kay', lastName: 'Nine', password: 'secret-pass', legalAgreement };

async function invite(body: Record<string, unknown>, as: Session = t.owner) {
  return t.context.app.inject({ method: 'POST', url: base(), headers: bearer(as), payload: body });
}

async function leadershipTeamId(): Promise<string> {
  const [row] = await queryAsOwner<{ id: string }>(
    t.context.database,
    `select id from teams where organization_id = '${t.owner.user.organizationId}' and is_leadership_team`,
  );
  return row!.id;
}

/** The link's token, from the last mail sent to `email` (every mail is kept in the outbox). */
async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await mailsTo(t.context, email);
  const match = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '');
  if (!match?.[1]) throw new Error(`no invitation mail to ${email}`);
  return match[1];
}

const preview = (token: string) => t.context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
/** The look-up of a link: always 200, open or the reason it no longer works. */
function lookupOf(response: LightMyRequestResponse): InvitationLookup {
  expect(response.statusCode).toBe(200);
  return bodyOf<{ data: InvitationLookup }>(response).data;
}
const accept = (token: string, payload?: Record<string, unknown>, as?: Session) =>
  t.context.app.inject({
    method: 'POST',
    url: `/api/v1/invitations/${token}/accept`,
    ...(as ? { headers: bearer(as) } : {}),
    ...(payload ? { payload } : {}),
  });

describe('POST /organizations/{id}/invitations', () => {
  it('invites by e-mail with role and teams, mails the accept link and audits it', async () => {
    const email = uniqueEmail('invitee');
    const teamId = await leadershipTeamId();
    const response = await invite({ email, role: 'member', teamIds: [teamId] });
    expect(response.statusCode).toBe(201);
    const created = bodyOf<{ data: Invitation }>(response).data;
    expect(created).toMatchObject({ email, role: 'member', teamIds: [teamId], state: 'pending', version: 1 });
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(await tokenMailedTo(email)).toHaveLength(43);
    expect(await auditEvents(t.context.database, 'invitation.created', created.id)).toHaveLength(1);
  });

  it('without mail set up, answers the link to the inviting admin: the very link the logged mail holds', async () => {
    const email = uniqueEmail('unmailed');
    const created = bodyOf<{ data: SentInvitation }>(await invite({ email, role: 'member' })).data;
    const token = await tokenMailedTo(email);
    expect(created.delivery).toEqual({
      mailed: false,
      unmailed: [{ email, link: `http://keel.test/accept-invitation?token=${token}` }],
    });
    const [mail] = await mailsTo(t.context, email);
    expect(mail?.status).toBe('logged');
  });

  it('refuses a second open invitation and a current member with a clear message', async () => {
    const email = uniqueEmail('twice');
    await invite({ email, role: 'member' });
    const again = await invite({ email: email.toUpperCase(), role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(again).code).toBe('invitations.already_invited');
    const member = await invite({ email: t.members.member.user.email, role: 'member' });
    expect(member.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(member).code).toBe('invitations.already_member');
  });

  it('lets only owners invite owners', async () => {
    expect((await invite({ email: uniqueEmail(), role: 'owner' }, t.members.admin)).statusCode).toBe(403);
    expect((await invite({ email: uniqueEmail(), role: 'owner' })).statusCode).toBe(201);
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email', role: 'member' }],
    ['an unknown role', { email: 'a@example.com', role: 'king' }],
    ['an unknown key', { email: 'a@example.com', role: 'member', colour: 'red' }],
    ['a team id of the wrong type', { email: 'a@example.com', role: 'member', teamIds: [42] }],
  ])('answers 400 for %s', async (_label, body) => {
    expect((await invite(body)).statusCode).toBe(400);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.context.app.inject({
      method: 'POST',
      url: base(),
      headers: { ...bearer(t.owner), 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
  });

  it("answers 400 for another organization's team", async () => {
    const [theirs] = await queryAsOwner<{ id: string }>(
      t.context.database,
      `select id from teams where organization_id = '${t.other.user.organizationId}' limit 1`,
    );
    const response = await invite({ email: uniqueEmail(), role: 'member', teamIds: [theirs!.id] });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('invitations.unknown_team');
  });

  it('answers 401 without a token, 403 to members and observers, 404 in another organization', async () => {
    const body = { email: uniqueEmail(), role: 'member' };
    const anonymous = await t.context.app.inject({ method: 'POST', url: base(), payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect((await invite(body, t.members.member)).statusCode).toBe(403);
    expect((await invite(body, t.members.observer)).statusCode).toBe(403);
    expect((await invite(body, t.other)).statusCode).toBe(404);
  });
});

describe('GET /organizations/{id}/invitations', () => {
  it('lists open invitations newest first, in pages', async () => {
    const first = await invite({ email: uniqueEmail('page'), role: 'observer' });
    const second = await invite({ email: uniqueEmail('page'), role: 'observer' });
    const page = await t.context.app.inject({ method: 'GET', url: `${base()}?limit=1`, headers: bearer(t.owner) });
    expect(page.statusCode).toBe(200);
    const body = bodyOf<{ data: Invitation[]; page: { nextCursor: string | null } }>(page);
    expect(body.data.map((row) => row.id)).toEqual([bodyOf<{ data: Invitation }>(second).data.id]);
    const next = await t.context.app.inject({
      method: 'GET',
      url: `${base()}?limit=1&cursor=${body.page.nextCursor}`,
      headers: bearer(t.owner),
    });
    expect(bodyOf<{ data: Invitation[] }>(next).data[0]!.id).toBe(bodyOf<{ data: Invitation }>(first).data.id);
  });

  it('answers 401, 403, 404 and 400 for a bad cursor', async () => {
    expect((await t.context.app.inject({ method: 'GET', url: base() })).statusCode).toBe(401);
    const as = (session: Session, url = base()) =>
      t.context.app.inject({ method: 'GET', url, headers: bearer(session) });
    expect((await as(t.members.member)).statusCode).toBe(403);
    expect((await as(t.other)).statusCode).toBe(404);
    expect((await as(t.owner, `${base()}?cursor=nonsense`)).statusCode).toBe(400);
    expect((await as(t.owner, `${base()}?limit=0`)).statusCode).toBe(400);
  });
});

describe('resend and revoke', () => {
  it('resend mails a new link with a new 7-day expiry; the old link is dead', async () => {
    const email = uniqueEmail('resend');
    const created = bodyOf<{ data: Invitation }>(await invite({ email, role: 'member' })).data;
    const oldToken = await tokenMailedTo(email);
    const resent = await t.context.app.inject({
      method: 'POST',
      url: `${base()}/${created.id}/resend`,
      headers: bearer(t.owner),
      payload: { version: created.version },
    });
    expect(resent.statusCode).toBe(200);
    const sent = bodyOf<{ data: SentInvitation }>(resent).data;
    expect(sent.version).toBe(2);
    const newToken = await tokenMailedTo(email);
    expect(newToken).not.toBe(oldToken);
    expect(sent.delivery.unmailed).toEqual([{ email, link: `http://keel.test/accept-invitation?token=${newToken}` }]);
    expect(lookupOf(await preview(oldToken))).toMatchObject({ state: 'invalid', invitation: null });
    expect(lookupOf(await preview(newToken))).toMatchObject({ state: 'open', invitation: { email } });
    const stale = await t.context.app.inject({
      method: 'POST',
      url: `${base()}/${created.id}/resend`,
      headers: bearer(t.owner),
      payload: { version: created.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(await auditEvents(t.context.database, 'invitation.resent', created.id)).toHaveLength(1);
  });

  it('revoke kills the link with a clear message; admins only; 404 elsewhere', async () => {
    const email = uniqueEmail('revoke');
    const created = bodyOf<{ data: Invitation }>(await invite({ email, role: 'member' })).data;
    const token = await tokenMailedTo(email);
    const url = `${base()}/${created.id}`;
    expect((await t.context.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.context.app.inject({ method: 'DELETE', url, headers: bearer(t.members.member) })).statusCode).toBe(
      403,
    );
    const foreign = `/api/v1/organizations/${t.other.user.organizationId}/invitations/${created.id}`;
    expect((await t.context.app.inject({ method: 'DELETE', url: foreign, headers: bearer(t.other) })).statusCode).toBe(
      404,
    );
    const revoked = await t.context.app.inject({ method: 'DELETE', url, headers: bearer(t.owner) });
    expect(revoked.statusCode).toBe(200);
    expect(bodyOf<{ data: Invitation }>(revoked).data.state).toBe('revoked');
    expect(lookupOf(await preview(token))).toEqual({
      state: 'revoked',
      message: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
      invitation: null,
    });
    expect((await accept(token, newPerson)).statusCode).toBe(410);
    expect((await t.context.app.inject({ method: 'DELETE', url, headers: bearer(t.owner) })).statusCode).toBe(400);
  });
});

describe('accepting an invitation', () => {
  it('a new person sees who invites them, registers through the link, and lands in the organization', async () => {
    const email = uniqueEmail('newcomer');
    const teamId = await leadershipTeamId();
    const invitation = bodyOf<{ data: Invitation }>(await invite({ email, role: 'member', teamIds: [teamId] })).data;
    const token = await tokenMailedTo(email);
    const shown = lookupOf(await preview(token));
    expect(shown).toMatchObject({ state: 'open', message: null });
    expect(shown.invitation).toMatchObject({
      email,
      role: 'member',
      organizationName: t.owner.user.organizationName,
      inviterName: `${t.owner.user.firstName} ${t.owner.user.lastName}`,
      accountExists: false,
    });
    const accepted = await accept(token, newPerson);
    expect(accepted.statusCode).toBe(200);
    const session = bodyOf<{ data: Session }>(accepted).data;
    expect(session.user).toMatchObject({ email, role: 'member', organizationId: t.owner.user.organizationId });
    expect(session.user.teams.map((team) => team.id)).toEqual([teamId]);
    const login = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: newPerson.password },
    });
    expect(login.statusCode).toBe(200);
    const reused = await accept(token, newPerson);
    expect(reused.statusCode).toBe(410);
    expect(bodyOf<{ code: string; error: string }>(reused)).toMatchObject({ code: 'invitations.used' });
    // Opening the used link again is an answer the page shows, not an error.
    expect(lookupOf(await preview(token))).toEqual({
      state: 'accepted',
      message:
        'This invitation was already used. Sign in with the account that accepted it, or ask for a new invitation.',
      invitation: null,
    });
    // Recorded as the new person's own act, on the invitation, with what it granted.
    expect(await auditEvents(t.context.database, 'invitation.accepted', invitation.id)).toEqual([
      {
        action: 'invitation.accepted',
        actorUserId: session.user.id,
        targetId: invitation.id,
        summary: { email, role: 'member', teamIds: [teamId] },
      },
    ]);
  });

  it('refuses an expired link with a clear message and changes nothing', async () => {
    const email = uniqueEmail('late');
    const created = bodyOf<{ data: Invitation }>(await invite({ email, role: 'member' })).data;
    const token = await tokenMailedTo(email);
    await queryAsOwner(
      t.context.database,
      `update invitations set expires_at = now() - interval '1 minute' where id = '${created.id}'`,
    );
    expect(lookupOf(await preview(token))).toMatchObject({ state: 'expired', invitation: null });
    const response = await accept(token, newPerson);
    expect(response.statusCode).toBe(410);
    expect(bodyOf<{ code: string }>(response).code).toBe('invitations.expired');
    // The invited person stays what the invitation made them: no password, not a member yet.
    expect(
      await queryAsOwner(
        t.context.database,
        `select u.status as account, u.password_hash as password, m.status as membership
         from users u join memberships m on m.user_id = u.id where u.email = '${email}'`,
      ),
    ).toEqual([{ account: 'invited', password: null, membership: 'invited' }]);
  });

  it('says an unknown link is not valid, and answers 400 for missing names or legal consent', async () => {
    expect(lookupOf(await preview('x'.repeat(43)))).toEqual({
      state: 'invalid',
      message: 'This invitation link is not valid. Ask the person who invited you for a new one.',
      invitation: null,
    });
    expect((await accept('x'.repeat(43), newPerson)).statusCode).toBe(410);
    const email = uniqueEmail('fields');
    await invite({ email, role: 'member' });
    const token = await tokenMailedTo(email);
    const missing = await accept(token, { password: 'secret-pass', legalAgreement });
    expect(missing.statusCode).toBe(400);
    const noConsent = await accept(token, {
      ...newPerson,
      legalAgreement: { termsAccepted: false, privacyAccepted: true },
    });
    expect(noConsent.statusCode).toBe(400);
    expect((await accept(token, { ...newPerson, extra: 1 })).statusCode).toBe(400);
    expect(lookupOf(await preview(token)).state).toBe('open');
  });

  it('an existing account must sign in as the invited address, then only its membership is added', async () => {
    const elsewhere = await registerOrganization(t.context.app);
    await invite({ email: elsewhere.user.email, role: 'observer' });
    const token = await tokenMailedTo(elsewhere.user.email);
    expect(lookupOf(await preview(token)).invitation?.accountExists).toBe(true);
    const anonymous = await accept(token, newPerson);
    expect(anonymous.statusCode).toBe(401);
    expect(bodyOf<{ code: string }>(anonymous).code).toBe('invitations.sign_in_required');
    const wrong = await accept(token, undefined, t.members.member);
    expect(wrong.statusCode).toBe(403);
    const right = await accept(token, undefined, elsewhere);
    expect(right.statusCode).toBe(200);
    expect(bodyOf<{ data: Session }>(right).data.user).toMatchObject({
      id: elsewhere.user.id,
      role: 'observer',
      organizationId: t.owner.user.organizationId,
    });
    const login = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: elsewhere.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('an invited person registering on their own', () => {
  it('takes over the invited placeholder (a real account now), and the link then asks them to sign in', async () => {
    const email = uniqueEmail('selfstarter');
    await invite({ email, role: 'member' });
    const token = await tokenMailedTo(email);
    expect(lookupOf(await preview(token)).invitation?.accountExists).toBe(false);
    const [placeholder] = await queryAsOwner<{ id: string; status: string }>(
      t.context.database,
      `select id, status from users where email = '${email}'`,
    );
    expect(placeholder?.status).toBe('invited');
    const own = await registerOrganization(t.context.app, { email });
    expect(own.user.id).toBe(placeholder!.id);
    expect(lookupOf(await preview(token)).invitation?.accountExists).toBe(true);
    expect((await accept(token, newPerson)).statusCode).toBe(401);
    const joined = await accept(token, undefined, own);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(bodyOf<{ data: Session }>(joined).data.user).toMatchObject({
      id: own.user.id,
      organizationId: t.owner.user.organizationId,
      role: 'member',
    });
  });
});

describe('inviteMembers (bulk import)', () => {
  it('skips members, open invitations and repeats, so running it twice creates nothing new', async () => {
    const fresh = uniqueEmail('bulk');
    const rows = [
      { email: fresh, role: 'member' as const, teamIds: [] },
      { email: fresh.toUpperCase(), role: 'member' as const, teamIds: [] },
      { email: t.members.admin.user.email, role: 'member' as const, teamIds: [] },
    ];
    const run = () =>
      inTenant(t.context.database.db, { organizationId: t.owner.user.organizationId, userId: t.owner.user.id }, () =>
        inviteMembers(t.owner.user.organizationId, { userId: t.owner.user.id }, rows, {
          ipAddress: '127.0.0.1',
          userAgent: 'vitest',
        }),
      );
    const first = await run();
    expect(first.created.map((c) => c.invitation.email)).toEqual([fresh]);
    expect(first.skipped.map((s) => s.reason)).toEqual(['duplicate', 'member']);
    const second = await run();
    expect(second.created).toHaveLength(0);
    expect(second.skipped.map((s) => s.reason)).toEqual(['invited', 'invited', 'member']);
  });
});

it('documents the invitation routes', async () => {
  await expectDocumented(t.context, [
    '/api/v1/organizations/{organizationId}/invitations',
    '/api/v1/organizations/{organizationId}/invitations/{invitationId}/resend',
    '/api/v1/organizations/{organizationId}/invitations/{invitationId}',
    '/api/v1/invitations/{token}',
    '/api/v1/invitations/{token}/accept',
  ]);
});
