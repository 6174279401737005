import { describe, expect, it } from 'vitest';
import { fiscalQuarterOf, type ConsultantClientList, type Session, type TokenPair, type User } from '@keel/contract';
import { grantAccess, registerConsultant, switchInto } from '../../test-support/consultant-fixture.js';
import { bearer, bodyOf, expectDocumented, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

const t = useTenantFixture(['member'] as const);
const clientId = () => t.owner.user.organizationId;

const get = (session: Pick<Session, 'accessToken'> | null, url: string) =>
  t.context.app.inject({ url, ...(session ? { headers: bearer(session) } : {}) });
const post = (session: Pick<Session, 'accessToken'> | null, url: string, payload?: object) =>
  t.context.app.inject({
    method: 'POST',
    url,
    ...(session ? { headers: bearer(session) } : {}),
    ...(payload ? { payload } : {}),
  });
const auditOf = (action: string, organizationId: string) =>
  queryAsOwner<{ actor_user_id: string }>(
    t.context.database,
    `select actor_user_id from audit_events where action = '${action}' and organization_id = '${organizationId}'`,
  );

async function consultantInClient(accessLevel = 'admin') {
  const consultant = await registerConsultant(t.context);
  const grant = await grantAccess(t.context, t.owner, consultant, accessLevel);
  const switched = await switchInto(t.context, consultant, clientId());
  expect(switched.statusCode).toBe(200);
  return { consultant, grant, inside: bodyOf<{ data: Session }>(switched).data };
}

describe('GET /consultant/clients', () => {
  it("lists each client with live figures read in the client's scope", async () => {
    const consultant = await registerConsultant(t.context);
    await grantAccess(t.context, t.owner, consultant);
    await queryAsOwner(
      t.context.database,
      `insert into issues (organization_id, team_id, title, raised_by_id)
         select organization_id, id, 'Churn is up', '${t.owner.user.id}' from teams
         where organization_id = '${clientId()}' and is_leadership_team`,
    );
    const { year, quarter } = fiscalQuarterOf(new Date(), 1);
    for (const [status, y] of [
      ['on_track', year],
      ['off_track', year],
      ['on_track', year - 1],
    ] as const) {
      await queryAsOwner(
        t.context.database,
        `insert into priorities (organization_id, team_id, owner_id, title, year, quarter, due_date, status)
           select organization_id, id, '${t.owner.user.id}', 'Grow', ${y}, ${quarter}, '2030-01-01', '${status}'
           from teams where organization_id = '${clientId()}' and is_leadership_team`,
      );
    }
    const response = await get(consultant, '/api/v1/consultant/clients');
    expect(response.statusCode).toBe(200);
    const list = bodyOf<{ data: ConsultantClientList }>(response).data;
    expect(list.truncated).toBe(false);
    expect(list.clients).toEqual([
      expect.objectContaining({
        organizationId: clientId(),
        organizationName: t.owner.user.organizationName,
        accessLevel: 'admin',
        figures: { members: 2, openIssues: 1, prioritiesOnTrack: 1, prioritiesThisQuarter: 2 },
        plan: { accountStatus: 'trialing', subscriptionTier: 'trial', trialDaysRemaining: 30 },
      }),
    ]);

    await queryAsOwner(
      t.context.database,
      `update organizations set account_status = 'past_due', subscription_tier = 'growth' where id = '${clientId()}'`,
    );
    const later = bodyOf<{ data: ConsultantClientList }>(await get(consultant, '/api/v1/consultant/clients')).data;
    expect(later.clients[0]!.plan).toEqual({
      accountStatus: 'past_due',
      subscriptionTier: 'growth',
      trialDaysRemaining: 0,
    });
    await queryAsOwner(
      t.context.database,
      `update organizations set account_status = 'trialing', subscription_tier = 'trial' where id = '${clientId()}'`,
    );
  });

  it('answers 401 without a token and 403 to accounts that are not consultants', async () => {
    expect((await get(null, '/api/v1/consultant/clients')).statusCode).toBe(401);
    expect((await get(t.owner, '/api/v1/consultant/clients')).statusCode).toBe(403);
  });
});

describe('POST /consultant/switch', () => {
  it('acts inside the client with the consultant as actor, audited in both organizations', async () => {
    const { consultant, inside } = await consultantInClient();
    expect(inside.user).toMatchObject<Partial<User>>({
      organizationId: clientId(),
      organizationName: t.owner.user.organizationName,
      role: 'admin',
      isConsultant: true,
      isImpersonating: true,
      originalOrganizationId: consultant.user.organizationId,
    });
    const profile = bodyOf<{ data: User }>(await get(inside, '/api/v1/auth/profile')).data;
    expect(profile).toMatchObject({ isImpersonating: true, originalOrganizationId: consultant.user.organizationId });

    const renamed = await t.context.app.inject({
      method: 'PUT',
      url: '/api/v1/organizations/current',
      headers: bearer(inside),
      payload: { timezone: 'Europe/Paris' },
    });
    expect(renamed.statusCode).toBe(200);
    const actors = (await auditOf('organization.updated', clientId())).map((row) => row.actor_user_id);
    expect(actors).toContain(consultant.user.id);
    expect((await auditOf('consultant.switched_in', clientId())).map((r) => r.actor_user_id)).toContain(
      consultant.user.id,
    );
    expect(await auditOf('consultant.switched_out', consultant.user.organizationId)).toHaveLength(1);
  });

  it('keeps the consultant mode across a token refresh', async () => {
    const { consultant, inside } = await consultantInClient();
    const refreshed = await post(null, '/api/v1/auth/refresh', { refreshToken: inside.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const pair = bodyOf<{ data: TokenPair }>(refreshed).data;
    const profile = bodyOf<{ data: User }>(await get(pair, '/api/v1/auth/profile')).data;
    expect(profile).toMatchObject({
      organizationId: clientId(),
      originalOrganizationId: consultant.user.organizationId,
    });
  });

  it('gives a member-level consultant no admin routes', async () => {
    const { inside } = await consultantInClient('member');
    expect(inside.user.role).toBe('member');
    expect((await get(inside, `/api/v1/organizations/${clientId()}/consultants`)).statusCode).toBe(403);
  });

  it('refuses clients without a grant, the home organization, non-consultants and bad input', async () => {
    const consultant = await registerConsultant(t.context);
    const noGrant = await switchInto(t.context, consultant, t.other.user.organizationId);
    expect(noGrant.statusCode).toBe(403);
    expect((await switchInto(t.context, consultant, consultant.user.organizationId)).statusCode).toBe(400);
    expect((await switchInto(t.context, t.members.member, t.other.user.organizationId)).statusCode).toBe(403);
    expect((await post(null, '/api/v1/consultant/switch', { organizationId: clientId() })).statusCode).toBe(401);
    expect((await post(consultant, '/api/v1/consultant/switch', { organizationId: 'x' })).statusCode).toBe(400);
    expect((await post(consultant, '/api/v1/consultant/switch', { organizationId: clientId(), x: 1 })).statusCode).toBe(
      400,
    );
  });
});

describe('a revoked consultant', () => {
  it('is refused at once inside the client, cannot switch in again or refresh, and can still return', async () => {
    const { consultant, grant, inside } = await consultantInClient();
    const departments = bodyOf<{ data: { departments: { id: string }[] } }>(
      await get(inside, '/api/v1/users/departments'),
    );
    const cachedList = `/api/v1/organizations/${clientId()}/todos?teamId=${departments.data.departments[0]?.id ?? ''}`;
    expect((await get(inside, cachedList)).statusCode).toBe(200);
    expect((await get(inside, cachedList)).statusCode).toBe(200);
    const [row] = await queryAsOwner<{ version: number }>(
      t.context.database,
      `select version from consultant_access where id = '${grant.id}'`,
    );
    const revoked = await post(t.owner, `/api/v1/organizations/${clientId()}/consultants/${grant.id}/revoke`, {
      version: row?.version ?? 0,
    });
    expect(revoked.statusCode).toBe(200);

    const refused = await get(inside, '/api/v1/organizations/current');
    expect(refused.statusCode).toBe(403);
    expect(bodyOf<{ code: string; error: string }>(refused)).toMatchObject({ code: 'consultant.access_revoked' });
    // A list answered from the revision cache a moment ago is refused too: the grant's change raised the revision.
    expect((await get(inside, cachedList)).statusCode).toBe(403);
    // The profile still answers, read-only, so the page can say so and offer the way home.
    const profile = await get(inside, '/api/v1/auth/profile');
    expect(bodyOf<{ data: User }>(profile).data).toMatchObject({ isImpersonating: true, role: 'observer' });
    expect((await post(null, '/api/v1/auth/refresh', { refreshToken: inside.refreshToken })).statusCode).toBe(401);
    expect((await switchInto(t.context, consultant, clientId())).statusCode).toBe(403);

    const back = await post(inside, '/api/v1/consultant/return');
    expect(back.statusCode).toBe(200);
    expect(bodyOf<{ data: Session }>(back).data.user.organizationId).toBe(consultant.user.organizationId);
  });
});

describe('POST /consultant/return', () => {
  it('goes back home with a fresh session, audited in both organizations', async () => {
    const { consultant, inside } = await consultantInClient();
    const response = await post(inside, '/api/v1/consultant/return');
    expect(response.statusCode).toBe(200);
    const home = bodyOf<{ data: Session }>(response).data;
    expect(home.user).toMatchObject({
      organizationId: consultant.user.organizationId,
      role: 'owner',
      isImpersonating: false,
      originalOrganizationId: null,
    });
    expect((await auditOf('consultant.returned', clientId())).map((r) => r.actor_user_id)).toContain(
      consultant.user.id,
    );
    expect(await auditOf('consultant.returned', consultant.user.organizationId)).toHaveLength(1);
    // The session used inside the client ended with the switch back.
    expect((await post(null, '/api/v1/auth/refresh', { refreshToken: inside.refreshToken })).statusCode).toBe(401);
  });

  it('answers 400 when not in consultant mode and 401 without a token', async () => {
    const consultant = await registerConsultant(t.context);
    expect((await post(consultant, '/api/v1/consultant/return')).statusCode).toBe(400);
    expect((await post(null, '/api/v1/consultant/return')).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('lists every consultant route', async () => {
    await expectDocumented(t.context, [
      '/api/v1/auth/consultant-register',
      '/api/v1/organizations/{organizationId}/consultants',
      '/api/v1/organizations/{organizationId}/consultants/{accessId}/revoke',
      '/api/v1/consultant/invitations/accept',
      '/api/v1/consultant/clients',
      '/api/v1/consultant/switch',
      '/api/v1/consultant/return',
    ]);
  });
});
