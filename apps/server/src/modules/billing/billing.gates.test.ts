import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, Session, SubscriptionStatus } from '@keel/contract';
import { csvFile, importForm } from '../../test-support/imports-fixture.js';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in.js';
import { bearer, bodyOf, queryAsOwner, uniqueEmail, useTenantFixture } from '../../test-support/test-app.js';
import { organizationAreaOf } from './billing.gates.js';

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());

const t = useTenantFixture(['admin', 'member'], {}, () => stripe.env());

const org = () => t.owner.user.organizationId;
const inject = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.context.app.inject({
    method,
    url: `/api/v1/organizations/${org()}${path}`,
    headers: bearer(session),
    ...(payload ? { payload } : {}),
  });
const setOrganization = (organizationId: string, assignments: string) =>
  queryAsOwner(t.context.database, `update organizations set ${assignments} where id = '${organizationId}'`);
const invite = (session: Session, role = 'member', organizationId = org()) =>
  t.context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${organizationId}/invitations`,
    headers: bearer(session),
    payload: { email: uniqueEmail('invitee'), role },
  });
const addSeats = (organizationId: string, count: number) =>
  queryAsOwner(
    t.context.database,
    `with people as (
       insert into users (email, first_name, last_name)
       select 'seat.' || gen_random_uuid() || '@example.com', 'Seat', n::text from generate_series(1, ${count}) n
       returning id)
     insert into memberships (organization_id, user_id, role) select '${organizationId}', id, 'member' from people`,
  );

describe('organizationAreaOf', () => {
  it('names the segment after the organization, and nothing for other routes', () => {
    expect(organizationAreaOf('/api/v1/organizations/:organizationId/billing/checkout')).toBe('billing');
    expect(organizationAreaOf('/api/v1/organizations/:organizationId/todos')).toBe('todos');
    expect(organizationAreaOf('/api/v1/auth/logout')).toBeNull();
    expect(organizationAreaOf(undefined)).toBeNull();
  });
});

describe('read-only after a lapse', () => {
  it('refuses writes once the trial has ended, keeps reads, exports and billing open, and deletes nothing', async () => {
    await setOrganization(org(), `trial_ends_at = now() - interval '1 hour'`);
    const write = await invite(t.owner);
    expect(write.statusCode).toBe(403);
    expect(bodyOf<{ code: string; error: string }>(write)).toMatchObject({
      code: 'subscription.read_only',
      error: expect.stringContaining('Nothing was deleted') as string,
    });
    expect((await inject(t.members.member, 'GET', '/people')).statusCode).toBe(200);
    expect((await inject(t.owner, 'GET', '/members')).statusCode).toBe(200);
    expect((await inject(t.owner, 'GET', '/billing')).statusCode).toBe(200);
    expect((await inject(t.owner, 'POST', '/data-exports')).statusCode).toBe(202);
    const checkout = await inject(t.owner, 'POST', '/billing/checkout', { plan: 'starter' });
    expect(checkout.statusCode).toBe(200);
    const overview = bodyOf<{ data: BillingOverview }>(await inject(t.owner, 'GET', '/billing')).data;
    expect(overview).toMatchObject({ state: 'trial_expired', readOnly: true, trialDaysRemaining: 0 });
    // The person's own account is no organization route: signing out still works.
    const logout = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(t.members.member),
      payload: {},
    });
    expect(logout.statusCode).toBeLessThan(300);
    const status = await t.context.app.inject({
      method: 'GET',
      url: '/api/v1/subscription/status',
      headers: bearer(t.owner),
    });
    expect(status.headers['x-account-status']).toBe('trialing');
    expect(status.headers['x-trial-active']).toBe('false');
    // Every member's banner learns it from the status everyone reads.
    expect(bodyOf<{ data: SubscriptionStatus }>(status).data).toMatchObject({
      billingConfigured: true,
      readOnly: true,
    });
  });

  it('opens again once subscribed, and closes when the subscription is canceled', async () => {
    await setOrganization(org(), `account_status = 'active', subscription_tier = 'growth'`);
    expect((await invite(t.owner)).statusCode).toBe(201);
    await setOrganization(org(), `account_status = 'past_due'`);
    expect((await invite(t.owner)).statusCode).toBe(201);
    await setOrganization(org(), `account_status = 'canceled'`);
    expect(bodyOf<{ code: string }>(await invite(t.owner)).code).toBe('subscription.read_only');
    await setOrganization(
      org(),
      `account_status = 'trialing', subscription_tier = 'trial', trial_ends_at = now() + interval '10 days'`,
    );
    expect((await invite(t.owner)).statusCode).toBe(201);
  });

  it("still answers 404, not 403, for another organization's id", async () => {
    await setOrganization(org(), `trial_ends_at = now() - interval '1 hour'`);
    const response = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${t.other.user.organizationId}/invitations`,
      headers: bearer(t.owner),
      payload: { email: uniqueEmail(), role: 'member' },
    });
    expect(response.statusCode).toBe(404);
    await setOrganization(org(), `trial_ends_at = now() + interval '10 days'`);
  });
});

describe('seat limits', () => {
  it('refuses an invitation past the plan’s users with a clear message; observers stay free', async () => {
    const other = t.other.user.organizationId;
    await setOrganization(other, `account_status = 'active', subscription_tier = 'starter'`);
    await addSeats(other, 8);
    // The owner and 8 members: the 10th seat is the last one.
    expect((await invite(t.other, 'member', other)).statusCode).toBe(201);
    const refused = await invite(t.other, 'admin', other);
    expect(refused.statusCode).toBe(409);
    expect(bodyOf<{ code: string; error: string }>(refused)).toMatchObject({
      code: 'billing.seat_limit',
      error:
        'The Starter plan includes 10 users, and this would make 11. Remove or deactivate users, invite them as observers (who are free), or choose a larger plan.',
    });
    expect((await invite(t.other, 'observer', other)).statusCode).toBe(201);
  });

  it('refuses making an observer a member, or bringing a member back, past the cap', async () => {
    const other = t.other.user.organizationId;
    const [observer, away] = await seatPeople(other);
    const promote = await t.context.app.inject({
      method: 'PATCH',
      url: `/api/v1/organizations/${other}/members/${observer!.user_id}/role`,
      headers: bearer(t.other),
      payload: { role: 'member', version: observer!.version },
    });
    expect(bodyOf<{ code: string }>(promote).code).toBe('billing.seat_limit');
    const reactivate = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${other}/members/${away!.user_id}/reactivate`,
      headers: bearer(t.other),
      payload: { version: away!.version },
    });
    expect(bodyOf<{ code: string }>(reactivate).code).toBe('billing.seat_limit');
  });

  it('refuses a bulk import that would pass the cap, inviting nobody', async () => {
    const other = t.other.user.organizationId;
    const before = await queryAsOwner(
      t.context.database,
      `select id from invitations where organization_id = '${other}'`,
    );
    const file = csvFile(
      ['E-mail,First name,Last name,Role', 'a.bulk@example.com,A,Bulk,member', 'b.bulk@example.com,B,Bulk,observer'],
      'people.csv',
    );
    const body = importForm({}, file);
    const response = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${other}/imports/members`,
      headers: { ...bearer(t.other), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(response).code).toBe('billing.seat_limit');
    const after = await queryAsOwner(
      t.context.database,
      `select id from invitations where organization_id = '${other}'`,
    );
    expect(after).toHaveLength(before.length);
  });
});

/** An active observer and a deactivated member of `organizationId`, added straight into the tables. */
async function seatPeople(organizationId: string) {
  const rows: { user_id: string; version: number; role: string }[] = [];
  for (const [role, status] of [
    ['observer', 'active'],
    ['member', 'deactivated'],
  ] as const) {
    const [user] = await queryAsOwner<{ id: string }>(
      t.context.database,
      `insert into users (email, first_name, last_name) values ('${uniqueEmail(role)}', 'Seat', '${role}') returning id`,
    );
    const [row] = await queryAsOwner<{ user_id: string; version: number; role: string }>(
      t.context.database,
      `insert into memberships (organization_id, user_id, role, status)
         values ('${organizationId}', '${user!.id}', '${role}', '${status}') returning user_id, version, role`,
    );
    rows.push(row!);
  }
  return rows;
}
