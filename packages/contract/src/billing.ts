import { z } from 'zod';
import { isoDateTimeSchema, pageInfoSchema } from './common.js';
import { accountStatusSchema } from './organizations.js';
import { TRIAL_DAYS, subscriptionTierSchema } from './subscription.js';

/** The plans one can pay for; the trial is no plan but the start every organization gets. */
export const billingPlanKeySchema = z.enum(['starter', 'growth']);
export type BillingPlanKey = z.infer<typeof billingPlanKeySchema>;
export const billingIntervalSchema = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

export interface PlanAllowance {
  /** Active members who count as seats (owners, admins, members); observers and consultants are free. Null: no cap. */
  userCap: number | null;
  /** Teams and departments, the leadership team included. Null: no cap. */
  teamCap: number | null;
  features: readonly string[];
}

const CORE_FEATURES = [
  'Scorecard, priorities, to-dos, issues and headlines',
  'Meetings with agendas, timer and recap',
  'Accountability chart and processes',
  'Data export at any time',
] as const;

/**
 * What each plan includes, in one place: the public pages, /billing and the seat limits all read this.
 * Prices are in cents of `BILLING_CURRENCY`; an annual price exists only when the server is configured with one.
 */
export const BILLING_CURRENCY = 'usd';
/** The trial lets a team try everything the largest plan has. */
export const TRIAL_ALLOWANCE: PlanAllowance = {
  userCap: 100,
  teamCap: null,
  features: [...CORE_FEATURES, `${TRIAL_DAYS} days free, no credit card`],
};
export const BILLING_PLANS: Readonly<
  Record<BillingPlanKey, PlanAllowance & { name: string; monthlyPriceCents: number }>
> = {
  starter: {
    name: 'Starter',
    monthlyPriceCents: 14_900,
    userCap: 10,
    teamCap: null,
    features: [...CORE_FEATURES, 'Up to 10 users', 'Unlimited teams and departments', 'E-mail support'],
  },
  growth: {
    name: 'Growth',
    monthlyPriceCents: 34_900,
    userCap: 100,
    teamCap: null,
    features: [...CORE_FEATURES, 'Up to 100 users', 'Unlimited teams and departments', 'Priority support'],
  },
};

/** The allowance an organization on `tier` has (a canceled plan keeps its last tier's figures for reading). */
export const allowanceOfTier = (tier: z.infer<typeof subscriptionTierSchema>): PlanAllowance =>
  tier === 'trial' ? TRIAL_ALLOWANCE : BILLING_PLANS[tier];

export const billingPlanSchema = z.object({
  key: billingPlanKeySchema,
  name: z.string(),
  currency: z.literal(BILLING_CURRENCY),
  monthlyPriceCents: z.number().int(),
  /** The intervals one can subscribe for on this server: `year` only when an annual price is configured. */
  intervals: z.array(billingIntervalSchema),
  userCap: z.number().int().nullable(),
  teamCap: z.number().int().nullable(),
  features: z.array(z.string()),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const billingPlansSchema = z.object({
  /** False on a server without Stripe settings: nothing can be bought there, and no limit applies. */
  configured: z.boolean(),
  trial: z.object({
    days: z.number().int(),
    requiresCard: z.literal(false),
    userCap: z.number().int().nullable(),
    teamCap: z.number().int().nullable(),
    features: z.array(z.string()),
  }),
  plans: z.array(billingPlanSchema),
});
export type BillingPlans = z.infer<typeof billingPlansSchema>;

/**
 * Where an organization stands: `trial_expired` is a trial that ended without a subscription. `readOnly` is
 * true when writes are refused (an ended trial, a canceled subscription), only on a server with billing.
 */
export const billingStateSchema = z.enum(['trialing', 'trial_expired', 'active', 'past_due', 'canceled']);
export type BillingState = z.infer<typeof billingStateSchema>;

export const billingOverviewSchema = z.object({
  configured: z.boolean(),
  state: billingStateSchema,
  readOnly: z.boolean(),
  accountStatus: accountStatusSchema,
  subscriptionTier: subscriptionTierSchema,
  interval: billingIntervalSchema.nullable(),
  trialEndsAt: isoDateTimeSchema,
  trialDaysRemaining: z.number().int(),
  currentPeriodEnd: isoDateTimeSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Whether the organization has a Stripe customer (the portal and invoices need one). */
  hasBillingAccount: z.boolean(),
  seats: z.object({
    /** Active owners, admins and members. */
    used: z.number().int(),
    /** Invited people who will take a seat when they accept. */
    pending: z.number().int(),
    /** Null: no cap (a server without billing). */
    cap: z.number().int().nullable(),
  }),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const checkoutRequestSchema = z.strictObject({
  plan: billingPlanKeySchema,
  interval: billingIntervalSchema.default('month'),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** Where to send the browser: Stripe Checkout or the Customer Portal. */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

export const BILLING_INVOICES_PAGE_MAX = 50;
export const billingInvoiceQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(BILLING_INVOICES_PAGE_MAX).default(12),
  /** The `nextCursor` of the previous page (a Stripe invoice id). */
  cursor: z
    .string()
    .regex(/^in_[A-Za-z0-9]{1,100}$/, { error: 'Must be a cursor from the previous page' })
    .optional(),
});
export type BillingInvoiceQuery = z.input<typeof billingInvoiceQuerySchema>;

export const billingInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  currency: z.string(),
  amountDueCents: z.number().int(),
  amountPaidCents: z.number().int(),
  createdAt: isoDateTimeSchema,
  hostedInvoiceUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;
export const billingInvoicePageSchema = z.object({ data: z.array(billingInvoiceSchema), page: pageInfoSchema });
export type BillingInvoicePage = z.infer<typeof billingInvoicePageSchema>;

export const stripeWebhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
