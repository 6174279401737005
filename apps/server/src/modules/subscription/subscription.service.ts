import type { SubscriptionStatus } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { asMember, findOrganization, type Caller, type OrganizationRow } from '../organizations/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAID_TIERS: ReadonlySet<OrganizationRow['subscriptionTier']> = new Set(['starter', 'growth']);
// past_due still counts: the card failed, but the customer has not left and keeps full access meanwhile.
const PAYING_STATUSES: ReadonlySet<OrganizationRow['accountStatus']> = new Set(['active', 'past_due']);

/** Derived from the organization alone, so the banner, the headers and any later read-only gate agree. */
export function subscriptionStatusOf(
  organization: Pick<OrganizationRow, 'accountStatus' | 'subscriptionTier' | 'trialEndsAt'>,
  now: Date,
): SubscriptionStatus {
  const trialing = organization.accountStatus === 'trialing';
  const remainingMs = organization.trialEndsAt.getTime() - now.getTime();
  return {
    hasSubscription: PAID_TIERS.has(organization.subscriptionTier) && PAYING_STATUSES.has(organization.accountStatus),
    trialActive: trialing && remainingMs > 0,
    // Trial days only mean something during a trial; a subscriber has none left to count.
    daysRemaining: trialing ? Math.max(0, Math.ceil(remainingMs / DAY_MS)) : 0,
    accountStatus: organization.accountStatus,
    subscriptionTier: organization.subscriptionTier,
  };
}

export interface SubscriptionServiceDeps {
  db: Database;
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
        return subscriptionStatusOf(organization, now());
      }),
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
