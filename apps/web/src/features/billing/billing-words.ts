import type { BillingOverview, BillingPlan } from '@keel/contract';
import { BILLING_PLANS } from '@keel/contract';

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
export const longDate = (iso: string) => day.format(new Date(iso));

/** Cents as the plans and invoices show them: "$149" for whole amounts, "$149.50" otherwise. */
export function money(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export const planNameOf = (tier: BillingOverview['subscriptionTier']) =>
  tier === 'trial' ? 'Free trial' : BILLING_PLANS[tier].name;

/** A subscription Stripe still bills (or retries): plan changes go through the portal, not a second checkout. */
export const hasLiveSubscription = (overview: BillingOverview) =>
  overview.state === 'active' || overview.state === 'past_due';

/** Seats the organization would need on a plan: its active members and those invited. */
export const seatsNeeded = (overview: BillingOverview) => overview.seats.used + overview.seats.pending;

export const tooSmall = (plan: BillingPlan, overview: BillingOverview) =>
  plan.userCap !== null && seatsNeeded(overview) > plan.userCap;

/** One sentence on where the organization stands, for the plan card. */
export function standing(overview: BillingOverview): string {
  const plan = planNameOf(overview.subscriptionTier);
  const every = overview.interval === 'year' ? 'yearly' : 'monthly';
  switch (overview.state) {
    case 'trialing':
      return `Free trial: ${overview.trialDaysRemaining === 1 ? '1 day' : `${overview.trialDaysRemaining} days`} left, until ${longDate(overview.trialEndsAt)}. No card is needed until you choose a plan.`;
    case 'trial_expired':
      return `The free trial ended on ${longDate(overview.trialEndsAt)}. ${overview.readOnly ? 'The organization is read-only until you choose a plan; nothing was deleted.' : ''}`.trim();
    case 'active':
      if (!overview.currentPeriodEnd) return `${plan}, billed ${every}.`;
      return overview.cancelAtPeriodEnd
        ? `${plan}, billed ${every}: canceled, it ends on ${longDate(overview.currentPeriodEnd)}. Resume it in the billing portal.`
        : `${plan}, billed ${every}: renews on ${longDate(overview.currentPeriodEnd)}.`;
    case 'past_due':
      return `${plan}: the last payment failed. Stripe tries again; update the card in the billing portal to keep the plan.`;
    case 'canceled':
      return `The ${plan} subscription has ended. ${overview.readOnly ? 'The organization is read-only until you choose a plan again; nothing was deleted.' : ''}`.trim();
  }
}
