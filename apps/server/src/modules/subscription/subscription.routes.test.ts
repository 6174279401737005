import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_HEADERS, TRIAL_DAYS, type Session, type SubscriptionStatus } from '@keel/contract';
import { addMember, bearer, bodyOf, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';
import { subscriptionStatusOf } from './subscription.service.js';

const t = useTenantFixture([]);

const status = (session: Session | null) =>
  t.context.app.inject({ method: 'GET', url: '/api/v1/subscription/status', headers: session ? bearer(session) : {} });
const setOrganization = (organizationId: string, assignments: string) =>
  queryAsOwner(t.context.database, `update organizations set ${assignments} where id = '${organizationId}'`);

describe('GET /subscription/status', () => {
  it('starts every organization on a 30-day trial, in the body and in the headers', async () => {
    const observer = await addMember(t.context, t.owner.user.organizationId, 'observer');
    for (const session of [t.owner, observer]) {
      const response = await status(session);
      expect(response.statusCode).toBe(200);
      expect(bodyOf<{ data: SubscriptionStatus }>(response).data).toEqual({
        hasSubscription: false,
        trialActive: true,
        daysRemaining: TRIAL_DAYS,
        accountStatus: 'trialing',
        subscriptionTier: 'trial',
        billingConfigured: false,
        readOnly: false,
      });
      expect(response.headers[SUBSCRIPTION_HEADERS.trialActive]).toBe('true');
      expect(response.headers[SUBSCRIPTION_HEADERS.trialDaysRemaining]).toBe('30');
      expect(response.headers[SUBSCRIPTION_HEADERS.accountStatus]).toBe('trialing');
      expect(response.headers[SUBSCRIPTION_HEADERS.subscriptionTier]).toBe('trial');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('counts a started day as a whole one and ends the trial at its end date', async () => {
    await setOrganization(t.other.user.organizationId, `trial_ends_at = now() + interval '36 hours'`);
    const partial = await status(t.other);
    expect(bodyOf<{ data: SubscriptionStatus }>(partial).data).toMatchObject({ trialActive: true, daysRemaining: 2 });

    await setOrganization(t.other.user.organizationId, `trial_ends_at = now() - interval '1 day'`);
    const expired = await status(t.other);
    // This server bills nobody (no Stripe settings): an ended trial limits nothing.
    expect(bodyOf<{ data: SubscriptionStatus }>(expired).data).toMatchObject({
      trialActive: false,
      daysRemaining: 0,
      hasSubscription: false,
      billingConfigured: false,
      readOnly: false,
    });
    expect(expired.headers[SUBSCRIPTION_HEADERS.trialActive]).toBe('false');
    expect(expired.headers[SUBSCRIPTION_HEADERS.trialDaysRemaining]).toBe('0');
  });

  it('reports a paid plan as a subscription', async () => {
    await setOrganization(t.other.user.organizationId, `account_status = 'active', subscription_tier = 'growth'`);
    const response = await status(t.other);
    expect(bodyOf<{ data: SubscriptionStatus }>(response).data).toEqual({
      hasSubscription: true,
      trialActive: false,
      daysRemaining: 0,
      accountStatus: 'active',
      subscriptionTier: 'growth',
      billingConfigured: false,
      readOnly: false,
    });
    expect(response.headers[SUBSCRIPTION_HEADERS.accountStatus]).toBe('active');
    expect(response.headers[SUBSCRIPTION_HEADERS.subscriptionTier]).toBe('growth');
  });

  it('answers each organization for itself', async () => {
    expect(bodyOf<{ data: SubscriptionStatus }>(await status(t.owner)).data.accountStatus).toBe('trialing');
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect((await status(null)).statusCode).toBe(401);
    const forged = await t.context.app.inject({
      method: 'GET',
      url: '/api/v1/subscription/status',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('subscriptionStatusOf', () => {
  const now = new Date('2030-06-15T12:00:00Z');
  const trialEndsAt = new Date('2030-06-20T12:00:00Z');

  it.each([
    ['trialing', 'trial', false, true, 5, false],
    ['active', 'starter', true, false, 0, false],
    ['past_due', 'growth', true, false, 0, false],
    ['canceled', 'growth', false, false, 0, true],
    ['active', 'trial', false, false, 0, false],
  ] as const)(
    '%s on %s: subscription %s, trial active %s, %i days, read-only with billing %s',
    (accountStatus, subscriptionTier, hasSubscription, trialActive, daysRemaining, lapsed) => {
      const organization = { accountStatus, subscriptionTier, trialEndsAt };
      expect(subscriptionStatusOf(organization, now, true)).toEqual({
        hasSubscription,
        trialActive,
        daysRemaining,
        accountStatus,
        subscriptionTier,
        billingConfigured: true,
        readOnly: lapsed,
      });
      expect(subscriptionStatusOf(organization, now)).toMatchObject({ billingConfigured: false, readOnly: false });
    },
  );

  it('makes an ended trial read-only only where billing applies', () => {
    const ended = { accountStatus: 'trialing', subscriptionTier: 'trial', trialEndsAt: now } as const;
    expect(subscriptionStatusOf(ended, now, true)).toMatchObject({ trialActive: false, readOnly: true });
    expect(subscriptionStatusOf(ended, now, false)).toMatchObject({ trialActive: false, readOnly: false });
  });

  it('never counts below zero and ends the trial exactly at its end', () => {
    expect(
      subscriptionStatusOf({ accountStatus: 'trialing', subscriptionTier: 'trial', trialEndsAt: now }, now),
    ).toMatchObject({
      trialActive: false,
      daysRemaining: 0,
    });
    const oneMsLeft = new Date(now.getTime() + 1);
    expect(
      subscriptionStatusOf({ accountStatus: 'trialing', subscriptionTier: 'trial', trialEndsAt: oneMsLeft }, now),
    ).toMatchObject({
      trialActive: true,
      daysRemaining: 1,
    });
  });
});
