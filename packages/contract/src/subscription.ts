import { z } from 'zod';
import { accountStatusSchema } from './organizations.js';

export const TRIAL_DAYS = 30;
export const subscriptionTierSchema = z.enum(['trial', 'starter', 'growth']);

export const subscriptionStatusSchema = z.object({
  hasSubscription: z.boolean(),
  trialActive: z.boolean(),
  daysRemaining: z.number().int(),
  accountStatus: accountStatusSchema,
  subscriptionTier: subscriptionTierSchema,
  /** False on a server without billing: it has no trial to end and no limits, so no trial banner. */
  billingConfigured: z.boolean(),
  /** Writes are refused (a trial ended without a subscription, or one canceled), only where billing applies. */
  readOnly: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const SUBSCRIPTION_HEADERS = {
  trialActive: 'x-trial-active',
  trialDaysRemaining: 'x-trial-days-remaining',
  accountStatus: 'x-account-status',
  subscriptionTier: 'x-subscription-tier',
} as const;
