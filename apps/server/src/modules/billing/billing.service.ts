import {
  BILLING_CURRENCY,
  BILLING_PLANS,
  TRIAL_ALLOWANCE,
  TRIAL_DAYS,
  allowanceOfTier,
  type BillingInvoicePage,
  type BillingOverview,
  type BillingPlanKey,
  type BillingPlans,
  type BillingRedirect,
  type CheckoutRequest,
} from '@keel/contract';
import type { BillingSettings } from '../../config.js';
import type { Database } from '../../db/database.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asAdmin,
  asAdminReader,
  findOrganization,
  type Caller,
  type OrganizationRow,
  type RequestMeta,
} from '../organizations/index.js';
import { countSeatHolders } from '../people/index.js';
import * as errors from './billing.errors.js';
import * as repository from './billing.repository.js';
import { billingStateOf, isLiveSubscription } from './billing.state.js';
import { isStripeRefusal, type StripeClient } from './billing.stripe.js';

/** Stripe's answer to the same create within this window is the first one: a double click opens one checkout. */
const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;

export interface BillingServiceDeps {
  db: Database;
  /** Absent on a server without Stripe settings. */
  billing: { settings: BillingSettings; stripe: StripeClient } | undefined;
  appUrl: string;
  log: { warn(details: object, message: string): void };
  now?: () => Date;
}

async function mustFindOrganization(organizationId: string): Promise<OrganizationRow> {
  const organization = await findOrganization(organizationId);
  if (!organization) throw new Error('the caller’s organization is missing');
  return organization;
}

export const planName = (tier: OrganizationRow['subscriptionTier']) =>
  tier === 'trial' ? 'free trial' : BILLING_PLANS[tier].name;

export function createBillingService(deps: BillingServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const appUrl = deps.appUrl.replace(/\/+$/, '');

  function requireBilling() {
    if (!deps.billing) throw errors.notConfigured();
    return deps.billing;
  }

  /** Stripe away or refusing: logged here, told to the person as "nothing was charged, try again". */
  async function callStripe<T>(what: string, call: () => Promise<T>, refusal?: () => Error): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (refusal && isStripeRefusal(error)) throw refusal();
      deps.log.warn({ err: error, what }, 'a Stripe call failed');
      throw errors.stripeUnavailable();
    }
  }

  async function ensureCustomer(caller: Caller, stripe: StripeClient, known: string | null, name: string) {
    if (known) return known;
    const { organizationId } = caller;
    const customer = await callStripe('customers.create', () =>
      stripe.customers.create(
        { name, metadata: { organizationId } },
        // One customer per organization, even when two admins start a checkout at the same moment.
        { idempotencyKey: `keel-customer-${organizationId}` },
      ),
    );
    return asAdmin(db, caller, async () => {
      await repository.lockBillingAccount(organizationId);
      return repository.keepCustomer(organizationId, customer.id);
    });
  }

  return {
    plans(): BillingPlans {
      const prices = deps.billing?.settings.prices;
      return {
        configured: deps.billing !== undefined,
        trial: {
          days: TRIAL_DAYS,
          requiresCard: false,
          userCap: TRIAL_ALLOWANCE.userCap,
          teamCap: TRIAL_ALLOWANCE.teamCap,
          features: [...TRIAL_ALLOWANCE.features],
        },
        plans: (['starter', 'growth'] as const).map((key) => ({
          key,
          name: BILLING_PLANS[key].name,
          currency: BILLING_CURRENCY,
          monthlyPriceCents: BILLING_PLANS[key].monthlyPriceCents,
          intervals: prices?.[key].year ? ['month', 'year'] : ['month'],
          userCap: BILLING_PLANS[key].userCap,
          teamCap: BILLING_PLANS[key].teamCap,
          features: [...BILLING_PLANS[key].features],
        })),
      };
    },

    overview: (caller: Caller): Promise<BillingOverview> =>
      asAdminReader(db, caller, async ({ organizationId }) => {
        const [organization, account, seats] = await Promise.all([
          mustFindOrganization(organizationId),
          repository.findBillingAccount(organizationId),
          countSeatHolders(organizationId),
        ]);
        const configured = deps.billing !== undefined;
        const { state, readOnly, trialDaysRemaining } = billingStateOf(organization, now(), configured);
        return {
          configured,
          state,
          readOnly,
          accountStatus: organization.accountStatus,
          subscriptionTier: organization.subscriptionTier,
          interval: account?.billingInterval ?? null,
          trialEndsAt: organization.trialEndsAt.toISOString(),
          trialDaysRemaining,
          currentPeriodEnd: account?.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: account?.cancelAtPeriodEnd ?? false,
          hasBillingAccount: Boolean(account?.stripeCustomerId),
          seats: {
            used: seats.active,
            pending: seats.invited,
            cap: configured ? allowanceOfTier(organization.subscriptionTier).userCap : null,
          },
        };
      }),

    /**
     * A Stripe Checkout session for a plan: refused while a subscription is live (one per organization) and
     * for a plan smaller than the organization's seats. The customer is created once and kept.
     */
    async checkout(caller: Caller, request: CheckoutRequest, meta: RequestMeta): Promise<BillingRedirect> {
      const { settings, stripe } = requireBilling();
      const plan: BillingPlanKey = request.plan;
      const interval = request.interval ?? 'month';
      const priceId = settings.prices[plan][interval];
      if (!priceId) throw errors.intervalUnavailable();
      const prepared = await asAdmin(db, caller, async ({ organizationId }) => {
        const organization = await mustFindOrganization(organizationId);
        const account = await repository.lockBillingAccount(organizationId);
        const paying = organization.accountStatus === 'active' || organization.accountStatus === 'past_due';
        if (paying || isLiveSubscription(account.subscriptionStatus)) throw errors.subscriptionExists();
        const seats = await countSeatHolders(organizationId);
        const cap = BILLING_PLANS[plan].userCap;
        const used = seats.active + seats.invited;
        if (cap !== null && used > cap) throw errors.planTooSmall(cap, BILLING_PLANS[plan].name, used);
        return { customerId: account.stripeCustomerId, name: organization.name };
      });
      const customerId = await ensureCustomer(caller, stripe, prepared.customerId, prepared.name);
      const { organizationId } = caller;
      const window = Math.floor(now().getTime() / CHECKOUT_IDEMPOTENCY_WINDOW_MS);
      const session = await callStripe('checkout.sessions.create', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: customerId,
            client_reference_id: organizationId,
            line_items: [{ price: priceId, quantity: 1 }],
            metadata: { organizationId, plan, interval },
            subscription_data: { metadata: { organizationId, plan } },
            success_url: `${appUrl}/billing?checkout=success`,
            cancel_url: `${appUrl}/billing?checkout=canceled`,
          },
          { idempotencyKey: `keel-checkout-${organizationId}-${priceId}-${window}` },
        ),
      );
      if (!session.url) throw errors.stripeUnavailable();
      await asAdmin(db, caller, ({ userId }) =>
        recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'billing.checkout_started',
          targetType: 'organization',
          targetId: organizationId,
          summary: { plan, interval },
          ...meta,
        }),
      );
      return { url: session.url };
    },

    /** The Customer Portal: change plan, card and billing details, cancel and resume. */
    async portal(caller: Caller): Promise<BillingRedirect> {
      const { stripe } = requireBilling();
      const account = await asAdminReader(db, caller, ({ organizationId }) =>
        repository.findBillingAccount(organizationId),
      );
      const customer = account?.stripeCustomerId;
      if (!customer) throw errors.noBillingAccount();
      const session = await callStripe('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${appUrl}/billing` }),
      );
      return { url: session.url };
    },

    /** The customer's invoices from Stripe, newest first, a bounded page at a time. */
    async invoices(caller: Caller, query: { limit: number; cursor?: string | undefined }): Promise<BillingInvoicePage> {
      const { stripe } = requireBilling();
      const account = await asAdminReader(db, caller, ({ organizationId }) =>
        repository.findBillingAccount(organizationId),
      );
      const customer = account?.stripeCustomerId;
      if (!customer) return { data: [], page: { nextCursor: null } };
      const list = await callStripe(
        'invoices.list',
        () =>
          stripe.invoices.list({
            customer,
            limit: query.limit,
            ...(query.cursor ? { starting_after: query.cursor } : {}),
          }),
        // Of what the caller sends, Stripe can refuse only the cursor (an invoice id it does not know).
        errors.invalidInvoiceCursor,
      );
      const data = list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number,
        status: invoice.status,
        currency: invoice.currency,
        amountDueCents: invoice.amount_due,
        amountPaidCents: invoice.amount_paid,
        createdAt: new Date(invoice.created * 1000).toISOString(),
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        pdfUrl: invoice.invoice_pdf ?? null,
      }));
      return { data, page: { nextCursor: list.has_more ? (data.at(-1)?.id ?? null) : null } };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
