import {
  billingInvoicePageSchema,
  billingInvoiceQuerySchema,
  billingOverviewSchema,
  billingPlansSchema,
  billingRedirectSchema,
  checkoutRequestSchema,
  envelope,
  organizationParamsSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { BillingService } from './billing.service.js';

const tags = ['billing'];
const base = '/organizations/:organizationId/billing';
const WHO = 'Admins and owners only; another organization’s id reads as not found.';
const NOT_CONFIGURED = 'On a server without Stripe settings: 409 `billing.not_configured`.';

export function billingRoutes(service: BillingService) {
  return async function register(app: TypedApp) {
    app.get(
      '/billing/plans',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Plans and what each includes',
          description:
            'Public: the trial, Starter and Growth with their prices, user and team caps and features, for the public pages and /billing. `configured` is false on a server without Stripe, where no limit applies.',
          response: { 200: envelope(billingPlansSchema) },
        },
      },
      async () => ({ data: service.plans() }),
    );

    app.get(
      base,
      {
        schema: {
          tags,
          summary: "The organization's plan",
          description: `Plan, status, trial end, current period, seats used and their cap, and whether billing is configured here. ${WHO}`,
          params: organizationParamsSchema,
          response: { 200: envelope(billingOverviewSchema) },
        },
      },
      async (request) => ({ data: await service.overview(request.scope) }),
    );

    app.post(
      `${base}/checkout`,
      {
        schema: {
          tags,
          summary: 'Subscribe through Stripe Checkout',
          description: `Answers the Checkout address for a plan and interval. 409 \`billing.subscription_exists\` while a subscription is live (change plans in the portal), 409 \`billing.plan_too_small\` for a plan with fewer users than the organization has. ${NOT_CONFIGURED} ${WHO}`,
          params: organizationParamsSchema,
          body: checkoutRequestSchema,
          response: { 200: envelope(billingRedirectSchema) },
        },
      },
      async (request) => ({ data: await service.checkout(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${base}/portal`,
      {
        schema: {
          tags,
          summary: 'Open the Stripe Customer Portal',
          description: `Change plan, card and billing details, cancel or resume. 409 \`billing.no_customer\` before a first checkout. ${NOT_CONFIGURED} ${WHO}`,
          params: organizationParamsSchema,
          response: { 200: envelope(billingRedirectSchema) },
        },
      },
      async (request) => ({ data: await service.portal(request.scope) }),
    );

    app.get(
      `${base}/invoices`,
      {
        schema: {
          tags,
          summary: 'Invoices',
          description: `Newest first, from Stripe, with their hosted page and PDF. ${NOT_CONFIGURED} ${WHO}`,
          params: organizationParamsSchema,
          querystring: billingInvoiceQuerySchema,
          response: { 200: billingInvoicePageSchema },
        },
      },
      async (request) => service.invoices(request.scope, request.query),
    );
  };
}
