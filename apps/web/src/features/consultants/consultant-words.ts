import type { ConsultantClient } from '@keel/contract';

const TIER_NAMES = { trial: 'Trial', starter: 'Starter', growth: 'Growth' } as const;

/** The client's plan in a few words: a consultant sees who is about to lapse or has a payment problem. */
export function planText(plan: NonNullable<ConsultantClient['plan']>): string {
  switch (plan.accountStatus) {
    case 'trialing':
      return plan.trialDaysRemaining > 0
        ? `Trial: ${plan.trialDaysRemaining === 1 ? '1 day' : `${plan.trialDaysRemaining} days`} left`
        : 'Trial ended';
    case 'active':
      return `${TIER_NAMES[plan.subscriptionTier]} plan`;
    case 'past_due':
      return `${TIER_NAMES[plan.subscriptionTier]} plan: payment failed`;
    case 'canceled':
      return 'Subscription ended';
  }
}
