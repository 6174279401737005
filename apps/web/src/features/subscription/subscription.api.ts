import {
  SUBSCRIPTION_HEADERS,
  TRIAL_DAYS,
  accountStatusSchema,
  subscriptionTierSchema,
  type SubscriptionStatus,
} from '@keel/contract';
import { ApiError, apiRequestWithHeaders } from '../../lib/api-client';
import { useOrganizationQuery } from '../../lib/organization-query';

/** Spec section 7: what is assumed when the status cannot be read (an active 30-day trial). */
export const FALLBACK_STATUS: SubscriptionStatus = {
  hasSubscription: false,
  trialActive: true,
  daysRemaining: TRIAL_DAYS,
  accountStatus: 'trialing',
  subscriptionTier: 'trial',
  billingConfigured: true,
  readOnly: false,
};

/** Trial details travel in response headers; the body only says whether a subscription exists. */
export function readSubscriptionStatus(body: unknown, headers: Headers): SubscriptionStatus {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Partial<
    Record<keyof SubscriptionStatus, unknown>
  >;
  const hasSubscription = fields.hasSubscription === true;
  const days = Number.parseInt(headers.get(SUBSCRIPTION_HEADERS.trialDaysRemaining) ?? '', 10);
  const status = accountStatusSchema.safeParse(headers.get(SUBSCRIPTION_HEADERS.accountStatus));
  const tier = subscriptionTierSchema.safeParse(headers.get(SUBSCRIPTION_HEADERS.subscriptionTier));
  return {
    hasSubscription,
    trialActive: headers.get(SUBSCRIPTION_HEADERS.trialActive) === 'true',
    daysRemaining: Number.isFinite(days) ? days : 0,
    accountStatus: status.success ? status.data : hasSubscription ? 'active' : 'trialing',
    subscriptionTier: tier.success ? tier.data : 'trial',
    // Only a server that says it bills nobody hides the trial; an older one that does not say still bills.
    billingConfigured: fields.billingConfigured !== false,
    readOnly: fields.readOnly === true,
  };
}

export async function fetchSubscriptionStatus(): Promise<SubscriptionStatus> {
  try {
    const { data, headers } = await apiRequestWithHeaders('/subscription/status');
    return readSubscriptionStatus(data, headers);
  } catch (error) {
    // A rate-limited answer says nothing about the trial: keep the previous state rather than guess.
    if (error instanceof ApiError && error.status === 429) throw error;
    console.warn('[keel] subscription status unavailable, assuming the trial defaults', error);
    return FALLBACK_STATUS;
  }
}

export const useSubscriptionStatus = () =>
  useOrganizationQuery('subscription', [], fetchSubscriptionStatus, { staleTime: 10 * 60_000, retry: false });
