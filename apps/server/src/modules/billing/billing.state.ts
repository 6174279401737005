import type { BillingInterval, BillingPlanKey, BillingState } from '@keel/contract';
import { subscriptionStatusOf } from '../subscription/index.js';
import type { OrganizationPlan } from '../people/index.js';

/**
 * Where an organization stands, from its row alone (the same rule as the subscription headers):
 *
 *   trialing ──(trial ends, no subscription)──▶ trial_expired   (read-only)
 *   trialing ──(checkout paid)──▶ active ◀──(invoice paid)── past_due
 *   active ──(payment fails)──▶ past_due ──(Stripe gives up)──▶ canceled   (read-only)
 *   active ──(canceled, or its period ends after cancel-at-period-end)──▶ canceled   (read-only)
 *
 * Only a server with billing (`limitsApply`) ever turns anyone read-only: a self-hosted install has no limits.
 */
export function billingStateOf(
  organization: OrganizationPlan,
  now: Date,
  limitsApply: boolean,
): { state: BillingState; readOnly: boolean; trialDaysRemaining: number } {
  const status = subscriptionStatusOf(organization, now, limitsApply);
  const state: BillingState =
    organization.accountStatus === 'trialing'
      ? status.trialActive
        ? 'trialing'
        : 'trial_expired'
      : organization.accountStatus;
  return { state, readOnly: status.readOnly, trialDaysRemaining: status.daysRemaining };
}

/** Stripe's subscription statuses (a string: Stripe adds new ones). */
export type StripeSubscriptionStatus = string;

/** The part of a Stripe subscription the organization follows. */
export interface SubscriptionTruth {
  status: StripeSubscriptionStatus;
  plan: BillingPlanKey | null;
}

/**
 * The organization's status and tier once Stripe's subscription is known (re-read from Stripe, so events arriving
 * twice or out of order settle on the same answer). A subscription that never got paid (incomplete) leaves the
 * organization where it was: a trial keeps running, an earlier plan stays.
 */
export function nextAccountPlan(
  current: Pick<OrganizationPlan, 'accountStatus' | 'subscriptionTier'>,
  subscription: SubscriptionTruth,
): Pick<OrganizationPlan, 'accountStatus' | 'subscriptionTier'> {
  const tier = subscription.plan ?? (current.subscriptionTier === 'trial' ? 'trial' : current.subscriptionTier);
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return { accountStatus: 'active', subscriptionTier: tier };
    case 'past_due':
      return { accountStatus: 'past_due', subscriptionTier: tier };
    case 'canceled':
    case 'unpaid':
    case 'paused':
      // A trial whose first checkout never went through is still a trial, not a canceled customer.
      if (current.accountStatus === 'trialing') return current;
      return { accountStatus: 'canceled', subscriptionTier: tier };
    default:
      return current;
  }
}

/** Whether a subscription in this Stripe status is one the customer pays for (a second one is refused). */
export const isLiveSubscription = (status: StripeSubscriptionStatus | null | undefined) =>
  status === 'active' || status === 'trialing' || status === 'past_due';

/** The plan and interval a Stripe price id stands for on this server, or null for a price it does not sell. */
export function planOfPrice(
  prices: Record<BillingPlanKey, { month: string; year: string | undefined }>,
  priceId: string | null | undefined,
): { plan: BillingPlanKey; interval: BillingInterval } | null {
  if (!priceId) return null;
  for (const plan of ['starter', 'growth'] as const) {
    if (prices[plan].month === priceId) return { plan, interval: 'month' };
    if (prices[plan].year === priceId) return { plan, interval: 'year' };
  }
  return null;
}
