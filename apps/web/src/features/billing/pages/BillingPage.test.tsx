import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingInvoice, BillingOverview, BillingPlans } from '@keel/contract';
import { BILLING_PLANS, TRIAL_ALLOWANCE } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import BillingPage from './BillingPage';

signedInForEachTest();
afterEach(() => vi.unstubAllGlobals());

const BILLING = `/organizations/${ORG_ID}/billing`;
const PLANS: BillingPlans = {
  configured: true,
  trial: { days: 30, requiresCard: false, ...TRIAL_ALLOWANCE, features: [...TRIAL_ALLOWANCE.features] },
  plans: (['starter', 'growth'] as const).map((key) => ({
    key,
    name: BILLING_PLANS[key].name,
    currency: 'usd' as const,
    monthlyPriceCents: BILLING_PLANS[key].monthlyPriceCents,
    intervals: ['month' as const],
    userCap: BILLING_PLANS[key].userCap,
    teamCap: BILLING_PLANS[key].teamCap,
    features: [...BILLING_PLANS[key].features],
  })),
};
const overviewOf = (changes: Partial<BillingOverview> = {}): BillingOverview => ({
  configured: true,
  state: 'trialing',
  readOnly: false,
  accountStatus: 'trialing',
  subscriptionTier: 'trial',
  interval: null,
  trialEndsAt: '2026-12-20T12:00:00.000Z',
  trialDaysRemaining: 23,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasBillingAccount: false,
  seats: { used: 4, pending: 1, cap: 100 },
  ...changes,
});
const invoice = (id: string, createdAt: string): BillingInvoice => ({
  id,
  number: `KEEL-${id.slice(-4)}`,
  status: 'paid',
  currency: 'usd',
  amountDueCents: 34_900,
  amountPaidCents: 34_900,
  createdAt,
  hostedInvoiceUrl: `https://invoice.stripe.test/${id}`,
  pdfUrl: `https://invoice.stripe.test/${id}.pdf`,
});

describe('BillingPage', () => {
  it('shows the trial, the seats and the plans, and sends an admin to Stripe Checkout for the chosen one', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const stub = stubFetch({
      [`GET ${BILLING}`]: { body: { data: overviewOf() } },
      'GET /billing/plans': { body: { data: PLANS } },
      [`POST ${BILLING}/checkout`]: { body: { data: { url: 'https://checkout.stripe.test/c/cs_1' } } },
    });
    renderWithToasts(<BillingPage />, { path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Your plan: Free trial' })).toBeTruthy();
    expect(screen.getByText(/Free trial: 23 days left, until December 20, 2026/)).toBeTruthy();
    expect(
      screen.getByText('5 of 100 users (1 of them invited, not joined yet). Observers and consultants are free.'),
    ).toBeTruthy();
    const plans = await screen.findByRole('list', { name: 'Plans' });
    expect(within(plans).getByText('$149')).toBeTruthy();
    expect(within(plans).getByText('$349')).toBeTruthy();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Choose Growth' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    expect(stub.callsTo(`POST ${BILLING}/checkout`)[0]?.body).toEqual({ plan: 'growth', interval: 'month' });
  });

  it('offers no plan smaller than the organization, and says why', async () => {
    stubFetch({
      [`GET ${BILLING}`]: { body: { data: overviewOf({ seats: { used: 11, pending: 2, cap: 100 } }) } },
      'GET /billing/plans': { body: { data: PLANS } },
    });
    renderWithToasts(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText(/It includes 10 users; your organization has 13 with those invited/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose Starter' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Growth' })).toBeTruthy();
  });

  it('for a subscriber: the renewal, the portal instead of a second checkout, and the invoices page by page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const subscribed = overviewOf({
      state: 'active',
      accountStatus: 'active',
      subscriptionTier: 'growth',
      interval: 'month',
      currentPeriodEnd: '2027-01-05T00:00:00.000Z',
      hasBillingAccount: true,
    });
    stubFetch({
      [`GET ${BILLING}`]: { body: { data: subscribed } },
      'GET /billing/plans': { body: { data: PLANS } },
      [`GET ${BILLING}/invoices`]: (call) =>
        call.url.includes('cursor=')
          ? { body: { data: [invoice('in_0001', '2026-10-05T00:00:00.000Z')], page: { nextCursor: null } } }
          : { body: { data: [invoice('in_0002', '2026-11-05T00:00:00.000Z')], page: { nextCursor: 'in_0002' } } },
      [`POST ${BILLING}/portal`]: { body: { data: { url: 'https://billing.stripe.test/p/session' } } },
    });
    renderWithToasts(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText('Growth, billed monthly: renews on January 5, 2027.')).toBeTruthy();
    expect(await screen.findByText('Your current plan')).toBeTruthy();
    const invoices = await screen.findByRole('list', { name: 'Invoices' });
    expect(within(invoices).getByText('$349 · Paid')).toBeTruthy();
    expect(
      within(invoices).getByRole('link', { name: 'PDF of the invoice of November 5, 2026' }).getAttribute('href'),
    ).toBe('https://invoice.stripe.test/in_0002.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Show older invoices' }));
    expect(await within(invoices).findByRole('link', { name: 'PDF of the invoice of October 5, 2026' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older invoices' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Starter in the billing portal' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session'));
  });

  it('says a lapsed organization is read-only, and that a canceled checkout charged nothing', async () => {
    stubFetch({
      [`GET ${BILLING}`]: {
        body: { data: overviewOf({ state: 'trial_expired', readOnly: true, trialDaysRemaining: 0 }) },
      },
      'GET /billing/plans': { body: { data: PLANS } },
    });
    renderWithToasts(<BillingPage />, { path: '/billing?checkout=canceled' });
    expect(
      await screen.findByText(/The organization is read-only until you choose a plan; nothing was deleted/),
    ).toBeTruthy();
    expect(screen.getByText('Checkout was canceled: nothing was charged.')).toBeTruthy();
  });

  it('back from Checkout, waits for Stripe, then thanks', async () => {
    stubFetch({
      [`GET ${BILLING}`]: [
        { body: { data: overviewOf() } },
        { body: { data: overviewOf({ state: 'active', accountStatus: 'active', subscriptionTier: 'starter' }) } },
      ],
      'GET /billing/plans': { body: { data: PLANS } },
    });
    renderWithToasts(<BillingPage />, { path: '/billing?checkout=success' });
    expect(await screen.findByText('Thank you. Waiting for Stripe to confirm the payment…')).toBeTruthy();
    expect(await screen.findByText('Thank you: the organization is on Starter.', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('says plainly when this server bills nobody', async () => {
    stubFetch({
      [`GET ${BILLING}`]: {
        body: { data: overviewOf({ configured: false, seats: { used: 4, pending: 0, cap: null } }) },
      },
      'GET /billing/plans': { body: { data: { ...PLANS, configured: false } } },
    });
    renderWithToasts(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText('Billing is not configured on this server')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Plans' })).toBeNull();
  });
});
