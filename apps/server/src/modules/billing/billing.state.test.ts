import { describe, expect, it } from 'vitest';
import { trialNoticeDue } from './billing.reminders.job.js';
import { billingStateOf, isLiveSubscription, nextAccountPlan, planOfPrice } from './billing.state.js';

const now = new Date('2030-06-15T12:00:00Z');
const inFiveDays = new Date('2030-06-20T12:00:00Z');
const yesterday = new Date('2030-06-14T12:00:00Z');

describe('billingStateOf', () => {
  it.each([
    ['trialing', inFiveDays, 'trialing', false, 5],
    ['trialing', yesterday, 'trial_expired', true, 0],
    ['active', yesterday, 'active', false, 0],
    ['past_due', yesterday, 'past_due', false, 0],
    ['canceled', inFiveDays, 'canceled', true, 0],
  ] as const)('%s with the trial ending %s: %s, read-only %s', (accountStatus, trialEndsAt, state, readOnly, days) => {
    expect(billingStateOf({ accountStatus, subscriptionTier: 'starter', trialEndsAt }, now, true)).toEqual({
      state,
      readOnly,
      trialDaysRemaining: days,
    });
  });

  it('never makes an organization read-only on a server without billing', () => {
    for (const accountStatus of ['trialing', 'canceled'] as const) {
      const outcome = billingStateOf({ accountStatus, subscriptionTier: 'trial', trialEndsAt: yesterday }, now, false);
      expect(outcome.readOnly).toBe(false);
    }
  });

  it('turns read-only exactly when the trial ends', () => {
    const plan = { accountStatus: 'trialing', subscriptionTier: 'trial' } as const;
    expect(billingStateOf({ ...plan, trialEndsAt: new Date(now.getTime() + 1) }, now, true).readOnly).toBe(false);
    expect(billingStateOf({ ...plan, trialEndsAt: now }, now, true).readOnly).toBe(true);
  });
});

describe('nextAccountPlan', () => {
  const trial = { accountStatus: 'trialing', subscriptionTier: 'trial' } as const;
  const growth = { accountStatus: 'active', subscriptionTier: 'growth' } as const;

  it.each([
    ['active', trial, 'starter', { accountStatus: 'active', subscriptionTier: 'starter' }],
    ['trialing', trial, 'growth', { accountStatus: 'active', subscriptionTier: 'growth' }],
    ['past_due', growth, 'growth', { accountStatus: 'past_due', subscriptionTier: 'growth' }],
    ['active', { accountStatus: 'past_due', subscriptionTier: 'growth' }, 'growth', growth],
    ['canceled', growth, 'growth', { accountStatus: 'canceled', subscriptionTier: 'growth' }],
    ['unpaid', growth, 'growth', { accountStatus: 'canceled', subscriptionTier: 'growth' }],
    ['active', growth, 'starter', { accountStatus: 'active', subscriptionTier: 'starter' }],
    ['active', { accountStatus: 'canceled', subscriptionTier: 'starter' }, 'growth', growth],
  ] as const)('Stripe %s from %o on %s', (status, current, plan, expected) => {
    expect(nextAccountPlan(current, { status, plan })).toEqual(expected);
  });

  it('leaves a trial running when its first checkout was never paid or ended unpaid', () => {
    for (const status of ['incomplete', 'incomplete_expired', 'canceled', 'something_new']) {
      expect(nextAccountPlan(trial, { status, plan: 'starter' })).toEqual(trial);
    }
  });

  it('keeps the tier it had when the price is one this server does not sell', () => {
    expect(nextAccountPlan(growth, { status: 'past_due', plan: null })).toEqual({
      accountStatus: 'past_due',
      subscriptionTier: 'growth',
    });
  });
});

describe('the helpers around it', () => {
  it('tells live subscriptions from ended ones', () => {
    expect(['active', 'trialing', 'past_due'].map(isLiveSubscription)).toEqual([true, true, true]);
    expect(['canceled', 'incomplete', 'unpaid', null, undefined].map(isLiveSubscription)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads the plan and interval of a configured price, and nothing of another', () => {
    const prices = { starter: { month: 'p_s', year: undefined }, growth: { month: 'p_g', year: 'p_gy' } };
    expect(planOfPrice(prices, 'p_s')).toEqual({ plan: 'starter', interval: 'month' });
    expect(planOfPrice(prices, 'p_gy')).toEqual({ plan: 'growth', interval: 'year' });
    expect(planOfPrice(prices, 'p_other')).toBeNull();
    expect(planOfPrice(prices, null)).toBeNull();
  });

  it('sends the 7-day notice a week out and the 1-day notice on the last day', () => {
    expect([8, 7, 2, 1, 0].map(trialNoticeDue)).toEqual([
      null,
      { kind: 'trial_ending_7', days: 7 },
      { kind: 'trial_ending_7', days: 7 },
      { kind: 'trial_ending_1', days: 1 },
      null,
    ]);
  });
});
