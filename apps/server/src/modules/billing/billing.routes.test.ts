import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingInvoicePage, BillingOverview, BillingPlans, Session } from '@keel/contract';
import { STAND_IN_PRICES, startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in.js';
import { auditEvents, bearer, bodyOf, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());

const t = useTenantFixture(['admin', 'member', 'observer'], {}, () => stripe.env());

type Method = 'GET' | 'POST';
const call = (session: Session | null, method: Method, path: string, payload?: object, org?: string) =>
  t.context.app.inject({
    method,
    url: `/api/v1/organizations/${org ?? t.owner.user.organizationId}/billing${path}`,
    headers: session ? bearer(session) : {},
    ...(payload ? { payload } : {}),
  });
const setOrganization = (organizationId: string, assignments: string) =>
  queryAsOwner(t.context.database, `update organizations set ${assignments} where id = '${organizationId}'`);
/** `count` more members (seats) in the organization, straight into the tables. */
const addSeats = (organizationId: string, count: number, role = 'member') =>
  queryAsOwner(
    t.context.database,
    `with people as (
       insert into users (email, first_name, last_name)
       select 'seat.' || gen_random_uuid() || '@example.com', 'Seat', n::text from generate_series(1, ${count}) n
       returning id)
     insert into memberships (organization_id, user_id, role) select '${organizationId}', id, '${role}' from people`,
  );

const ROUTES: [Method, string, object?][] = [
  ['GET', ''],
  ['POST', '/checkout', { plan: 'starter' }],
  ['POST', '/portal'],
  ['GET', '/invoices'],
];

describe('GET /billing/plans', () => {
  it('answers everyone the plans, their prices, caps and features, with the annual price only where configured', async () => {
    const response = await t.context.app.inject({ method: 'GET', url: '/api/v1/billing/plans' });
    expect(response.statusCode).toBe(200);
    const { data } = bodyOf<{ data: BillingPlans }>(response);
    expect(data.configured).toBe(true);
    expect(data.trial).toMatchObject({ days: 30, requiresCard: false });
    expect(data.plans.map((plan) => [plan.key, plan.monthlyPriceCents, plan.intervals, plan.userCap])).toEqual([
      ['starter', 14_900, ['month'], 10],
      ['growth', 34_900, ['month', 'year'], 100],
    ]);
    expect(data.plans[0]!.features.length).toBeGreaterThan(3);
  });
});

describe('who may reach billing', () => {
  it('answers 401 without a token', async () => {
    for (const [method, path, body] of ROUTES) expect((await call(null, method, path, body)).statusCode).toBe(401);
  });

  it('refuses members and observers with 403, and changes nothing', async () => {
    for (const session of [t.members.member, t.members.observer]) {
      for (const [method, path, body] of ROUTES) {
        const response = await call(session, method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(bodyOf<{ code: string }>(response).code).toBe('organizations.admin_required');
      }
    }
    expect(stripe.requests).toEqual([]);
  });

  it("answers 404 to another organization's id", async () => {
    for (const [method, path, body] of ROUTES) {
      expect((await call(t.owner, method, path, body, t.other.user.organizationId)).statusCode).toBe(404);
    }
  });

  it('answers 400 to bodies and queries it cannot take', async () => {
    for (const payload of [
      { plan: 'platinum' },
      { plan: 'starter', interval: 'week' },
      { plan: 'starter', x: 1 },
      {},
    ]) {
      const response = await call(t.owner, 'POST', '/checkout', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const query of ['?limit=0', '?limit=51', '?cursor=not-an-invoice', '?other=1']) {
      expect((await call(t.owner, 'GET', `/invoices${query}`)).statusCode, query).toBe(400);
    }
    const yearly = await call(t.owner, 'POST', '/checkout', { plan: 'starter', interval: 'year' });
    expect(bodyOf<{ code: string }>(yearly).code).toBe('billing.interval_unavailable');
  });
});

describe('the overview', () => {
  it('shows the trial, its end and the seats (observers free) to an admin', async () => {
    const response = await call(t.members.admin, 'GET', '');
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: BillingOverview }>(response).data).toMatchObject({
      configured: true,
      state: 'trialing',
      readOnly: false,
      accountStatus: 'trialing',
      subscriptionTier: 'trial',
      trialDaysRemaining: 30,
      currentPeriodEnd: null,
      hasBillingAccount: false,
      seats: { used: 3, pending: 0, cap: 100 },
    });
  });
});

describe('checkout, portal and invoices', () => {
  it('sends the portal and invoices nowhere before a first checkout', async () => {
    const portal = await call(t.owner, 'POST', '/portal');
    expect(portal.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(portal).code).toBe('billing.no_customer');
    const invoices = await call(t.owner, 'GET', '/invoices');
    expect(bodyOf<BillingInvoicePage>(invoices)).toEqual({ data: [], page: { nextCursor: null } });
  });

  it('opens Checkout for a plan, creating the Stripe customer once, with idempotency keys', async () => {
    const first = await call(t.owner, 'POST', '/checkout', { plan: 'starter' });
    expect(first.statusCode).toBe(200);
    const { url } = bodyOf<{ data: { url: string } }>(first).data;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    // A double click: the same session back, still one customer.
    const again = await call(t.members.admin, 'POST', '/checkout', { plan: 'starter' });
    expect(bodyOf<{ data: { url: string } }>(again).data.url).toBe(url);
    expect(stripe.customers).toHaveLength(1);

    const creates = stripe.requests.filter((request) => request.method === 'POST');
    expect(creates.every((request) => request.idempotencyKey?.startsWith('keel-'))).toBe(true);
    const session = creates.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(session.form.get('customer')).toBe(stripe.customers[0]);
    expect(session.form.get('client_reference_id')).toBe(t.owner.user.organizationId);
    expect(session.form.get('line_items[0][price]')).toBe(STAND_IN_PRICES.starterMonthly);
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('success_url')).toBe('http://keel.test/billing?checkout=success');
    expect(await auditEvents(t.context.database, 'billing.checkout_started')).not.toHaveLength(0);

    const annual = await call(t.owner, 'POST', '/checkout', { plan: 'growth', interval: 'year' });
    expect(annual.statusCode).toBe(200);
    expect(stripe.requests.at(-1)!.form.get('line_items[0][price]')).toBe(STAND_IN_PRICES.growthAnnual);
    expect(stripe.customers).toHaveLength(1);
    const overview = bodyOf<{ data: BillingOverview }>(await call(t.owner, 'GET', '')).data;
    expect(overview.hasBillingAccount).toBe(true);
  });

  it('opens the portal and lists invoices page by page, with their links', async () => {
    const portal = await call(t.owner, 'POST', '/portal');
    expect(portal.statusCode).toBe(200);
    expect(bodyOf<{ data: { url: string } }>(portal).data.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.requests.at(-1)!.form.get('return_url')).toBe('http://keel.test/billing');

    const customer = stripe.customers[0]!;
    for (const n of [1, 2, 3])
      stripe.addInvoice(customer, { id: `in_${n}`, status: 'paid', amount: 14_900, number: `K-${n}` });
    const first = bodyOf<BillingInvoicePage>(await call(t.owner, 'GET', '/invoices?limit=2'));
    expect(first.data.map((invoice) => invoice.id)).toEqual(['in_3', 'in_2']);
    expect(first.data[0]).toMatchObject({
      number: 'K-3',
      status: 'paid',
      currency: 'usd',
      amountPaidCents: 14_900,
      hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_3',
      pdfUrl: 'https://pay.stripe.test/invoice/in_3/pdf',
    });
    expect(first.page.nextCursor).toBe('in_2');
    const second = bodyOf<BillingInvoicePage>(await call(t.owner, 'GET', '/invoices?limit=2&cursor=in_2'));
    expect(second.data.map((invoice) => invoice.id)).toEqual(['in_1']);
    expect(second.page.nextCursor).toBeNull();
    const gone = await call(t.owner, 'GET', '/invoices?cursor=in_unknown');
    expect(gone.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(gone).code).toBe('billing.invalid_cursor');
  });

  it('refuses a second subscription while one is live, and charges nothing', async () => {
    const before = stripe.requests.length;
    for (const status of ['active', 'past_due']) {
      await setOrganization(t.owner.user.organizationId, `account_status = '${status}', subscription_tier = 'starter'`);
      const response = await call(t.owner, 'POST', '/checkout', { plan: 'growth' });
      expect(response.statusCode).toBe(409);
      expect(bodyOf<{ code: string; error: string }>(response)).toMatchObject({
        code: 'billing.subscription_exists',
        error: expect.stringContaining('billing portal') as string,
      });
    }
    expect(stripe.requests.length).toBe(before);
    await setOrganization(t.owner.user.organizationId, `account_status = 'trialing', subscription_tier = 'trial'`);
  });

  it('refuses a plan with fewer users than the organization has, counting invited people but not observers', async () => {
    const org = t.other.user.organizationId;
    await addSeats(org, 8);
    await addSeats(org, 5, 'observer');
    // The owner and 8 members: 9 of Starter's 10.
    expect((await call(t.other, 'POST', '/checkout', { plan: 'starter' }, org)).statusCode).toBe(200);
    await addSeats(org, 2);
    const refused = await call(t.other, 'POST', '/checkout', { plan: 'starter' }, org);
    expect(refused.statusCode).toBe(409);
    expect(bodyOf<{ code: string; error: string }>(refused)).toMatchObject({
      code: 'billing.plan_too_small',
      error: expect.stringContaining('has 11') as string,
    });
    expect((await call(t.other, 'POST', '/checkout', { plan: 'growth' }, org)).statusCode).toBe(200);
  });
});
