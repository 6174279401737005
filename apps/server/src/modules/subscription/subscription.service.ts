import type { SubscriptionStatus } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { asMember, findOrganization, type Caller, type OrganizationRow } from '../organizations/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAID_TIERS: ReadonlySet<OrganizationRow['subscriptionTier']> = new Set(['starter', 'growth']);
// past_due still counts: the card failed, but the customer has not left and keeps full access meanwhile.
const PAYING_STATUSES: ReadonlySet<OrganizationRow['accountStatus']> = new Set(['active', 'past_due']);

/**
 * Derived from the organization alone, so the banner, the headers and billing's read-only gate agree. A trial that
 * ended without a subscription, or a canceled subscription, has lapsed: read-only, where billing applies.
 */
export function subscriptionStatusOf(
  organization: Pick<OrganizationRow, 'accountStatus' | 'subscriptionTier' | 'trialEndsAt'>,
  now: Date,
  billingConfigured = false,
): SubscriptionStatus {
  const trialing = organization.accountStatus === 'trialing';
  const remainingMs = organization.trialEndsAt.getTime() - now.getTime();
  const trialActive = trialing && remainingMs > 0;
  const lapsed = (trialing && !trialActive) || organization.accountStatus === 'canceled';
  return {
    hasSubscription: PAID_TIERS.has(organization.subscriptionTier) && PAYING_STATUSES.has(organization.accountStatus),
    trialActive,
    // Trial days only mean something during a trial; a subscriber has none left to count.
    daysRemaining: trialing ? Math.max(0, Math.ceil(remainingMs / DAY_MS)) : 0,
    accountStatus: organization.accountStatus,
    subscriptionTier: organization.subscriptionTier,
    billingConfigured,
    readOnly: billingConfigured && lapsed,
  };
}

export interface SubscriptionServiceDeps {
  db: Database;
  /** Whether this server bills (Stripe settings): without it no trial ends and nothing turns read-only. */
  billingConfigured: boolean;
  now?: () => Date;
}

export function createSubscriptionService(deps: SubscriptionServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    status: (caller: Caller): Promise<SubscriptionStatus> =>
      asMember(db, caller, async ({ organizationId }) => {
        const organization = await findOrganization(organizationId);
        if (!organization) throw notFound('subscription.organization_not_found', 'Organization not found');
        return subscriptionStatusOf(organization, now(), deps.billingConfigured);
      }),
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
