import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test-utils/fetch-stub';
import { FALLBACK_STATUS, fetchSubscriptionStatus } from './subscription.api';

afterEach(() => vi.unstubAllGlobals());

describe('fetchSubscriptionStatus', () => {
  it('reads hasSubscription from the body and the trial from the headers', async () => {
    stubFetch({
      'GET /subscription/status': {
        body: { data: { hasSubscription: false } },
        headers: {
          'x-trial-active': 'true',
          'x-trial-days-remaining': '7',
          'x-account-status': 'trialing',
          'x-subscription-tier': 'trial',
        },
      },
    });
    await expect(fetchSubscriptionStatus()).resolves.toEqual({
      hasSubscription: false,
      trialActive: true,
      daysRemaining: 7,
      accountStatus: 'trialing',
      subscriptionTier: 'trial',
      // An older server that does not say whether it bills is taken to bill, as the spec's client assumes.
      billingConfigured: true,
      readOnly: false,
    });
  });

  it('falls back to an active 30-day trial on failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch({ 'GET /subscription/status': { status: 500 } });
    await expect(fetchSubscriptionStatus()).resolves.toEqual(FALLBACK_STATUS);
    expect(FALLBACK_STATUS).toMatchObject({ trialActive: true, daysRemaining: 30 });
  });

  it('does not invent a trial when rate-limited (429)', async () => {
    stubFetch({ 'GET /subscription/status': { status: 429 } });
    await expect(fetchSubscriptionStatus()).rejects.toMatchObject({ status: 429 });
  });
});
