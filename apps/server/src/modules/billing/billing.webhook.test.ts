import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAccountScope } from '../../db/scope.js';
import {
  STAND_IN_PRICES,
  STAND_IN_WEBHOOK_SECRET,
  signedStripeEvent,
  startStripeStandIn,
  type StripeStandIn,
} from '../../test-support/stripe-stand-in.js';
import { auditEvents, bearer, bodyOf, mailsTo, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());

const t = useTenantFixture(['admin', 'member'], {}, () => stripe.env());
const WEBHOOK = '/api/v1/billing/stripe/webhook';

let customer = '';
const organization = async () =>
  (
    await queryAsOwner<{ account_status: string; subscription_tier: string }>(
      t.context.database,
      `select account_status, subscription_tier from organizations where id = '${t.owner.user.organizationId}'`,
    )
  )[0];
const billingAccount = async () =>
  (
    await queryAsOwner<Record<string, unknown>>(
      t.context.database,
      `select stripe_subscription_id, subscription_status, billing_interval, current_period_end, cancel_at_period_end
         from billing_accounts where organization_id = '${t.owner.user.organizationId}'`,
    )
  )[0];

async function deliver(
  event: Parameters<typeof signedStripeEvent>[0],
  options?: Parameters<typeof signedStripeEvent>[1],
) {
  const { payload, headers } = signedStripeEvent(event, options);
  const response = await t.context.app.inject({ method: 'POST', url: WEBHOOK, headers, payload });
  await t.context.app.jobs.whenIdle();
  return response;
}
const subscriptionEvent = (id: string, type: string, status = 'active') => ({
  id,
  type,
  object: { id: 'sub_1', object: 'subscription', customer, status },
});
const setSubscription = (status: string, priceId: string = STAND_IN_PRICES.starterMonthly, cancelAtPeriodEnd = false) =>
  stripe.setSubscription({
    id: 'sub_1',
    customer,
    status,
    priceId,
    currentPeriodEnd: Math.floor(Date.parse('2031-01-01T00:00:00Z') / 1000),
    cancelAtPeriodEnd,
  });

beforeAll(async () => {
  const checkout = await t.context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${t.owner.user.organizationId}/billing/checkout`,
    headers: bearer(t.owner),
    payload: { plan: 'starter' },
  });
  expect(checkout.statusCode).toBe(200);
  customer = stripe.customers[0]!;
});

describe('POST /billing/stripe/webhook: verification', () => {
  it('refuses a bad, absent or old signature with 400 and records nothing', async () => {
    const event = { id: 'evt_forged', type: 'customer.subscription.updated', object: { id: 'sub_1', customer } };
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(wrongSecret).code).toBe('billing.invalid_signature');
    const old = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(old.statusCode).toBe(400);
    const { payload } = signedStripeEvent(event);
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    ]) {
      const response = await t.context.app.inject({ method: 'POST', url: WEBHOOK, headers, payload });
      expect(response.statusCode).toBe(400);
    }
    const empty = await t.context.app.inject({ method: 'POST', url: WEBHOOK });
    expect(empty.statusCode).toBe(400);
    const tampered = signedStripeEvent(event);
    const changed = await t.context.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: tampered.headers,
      payload: tampered.payload.replace('sub_1', 'sub_2'),
    });
    expect(changed.statusCode).toBe(400);
    expect(await queryAsOwner(t.context.database, `select id from stripe_events where id = 'evt_forged'`)).toEqual([]);

    // Signed, but no event: refused with 400 too.
    for (const payload of ['null', '[]', '{"id":"evt_x"}', '{"id":"evt_x","type":"invoice.paid","data":null}']) {
      const headers = {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET }),
      };
      const response = await t.context.app.inject({ method: 'POST', url: WEBHOOK, headers, payload });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});

describe('POST /billing/stripe/webhook: events', () => {
  it('applies a completed checkout once, however many times it is delivered', async () => {
    setSubscription('active');
    const completed = {
      id: 'evt_checkout',
      type: 'checkout.session.completed',
      object: { id: 'cs_1', object: 'checkout.session', customer, subscription: 'sub_1' },
    };
    const first = await deliver(completed);
    expect(first.statusCode).toBe(200);
    expect(bodyOf<{ data: unknown }>(first).data).toEqual({ received: true, duplicate: false });
    expect(await organization()).toEqual({ account_status: 'active', subscription_tier: 'starter' });
    expect(await billingAccount()).toMatchObject({
      stripe_subscription_id: 'sub_1',
      subscription_status: 'active',
      billing_interval: 'month',
      cancel_at_period_end: false,
    });

    // Stripe changed meanwhile: a second delivery of the same event still changes nothing.
    setSubscription('past_due');
    const second = await deliver(completed);
    expect(bodyOf<{ data: unknown }>(second).data).toEqual({ received: true, duplicate: true });
    expect(await organization()).toEqual({ account_status: 'active', subscription_tier: 'starter' });
    expect(await auditEvents(t.context.database, 'billing.plan_changed', t.owner.user.organizationId)).toHaveLength(1);
  });

  it("settles out-of-order events on Stripe's current subscription", async () => {
    setSubscription('canceled');
    await deliver(subscriptionEvent('evt_deleted', 'customer.subscription.deleted', 'canceled'));
    expect(await organization()).toEqual({ account_status: 'canceled', subscription_tier: 'starter' });
    // An older "updated: active" arriving late: Stripe now says canceled, so canceled it stays.
    await deliver(subscriptionEvent('evt_updated_late', 'customer.subscription.updated', 'active'));
    expect(await organization()).toEqual({ account_status: 'canceled', subscription_tier: 'starter' });

    // Resumed on Growth with cancel-at-period-end: the newest event brings the whole truth.
    setSubscription('active', STAND_IN_PRICES.growthMonthly, true);
    await deliver(subscriptionEvent('evt_resumed', 'customer.subscription.updated', 'canceled'));
    expect(await organization()).toEqual({ account_status: 'active', subscription_tier: 'growth' });
    expect(await billingAccount()).toMatchObject({ cancel_at_period_end: true, subscription_status: 'active' });
    const periodEnd = (await billingAccount())!.current_period_end;
    expect(new Date(periodEnd as string).toISOString()).toBe('2031-01-01T00:00:00.000Z');
  });

  it('mails the admins once when a payment fails, and recovers when the invoice is paid', async () => {
    setSubscription('past_due', STAND_IN_PRICES.growthMonthly);
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      customer,
      parent: { subscription_details: { subscription: 'sub_1' } },
    };
    await deliver({ id: 'evt_failed_1', type: 'invoice.payment_failed', object: invoice });
    await deliver({ id: 'evt_failed_2', type: 'invoice.payment_failed', object: invoice });
    expect(await organization()).toEqual({ account_status: 'past_due', subscription_tier: 'growth' });
    for (const session of [t.owner, t.members.admin]) {
      const mails = await mailsTo(t.context, session.user.email);
      expect(mails.filter((mail) => mail.subject.startsWith('Payment failed'))).toHaveLength(1);
    }
    expect(await mailsTo(t.context, t.members.member.user.email)).toEqual([]);

    setSubscription('active', STAND_IN_PRICES.growthMonthly);
    await deliver({ id: 'evt_paid', type: 'invoice.paid', object: { ...invoice, id: 'in_paid' } });
    expect(await organization()).toEqual({ account_status: 'active', subscription_tier: 'growth' });
  });

  it('records and ignores an event for a customer it does not know, without retrying', async () => {
    const response = await deliver({
      id: 'evt_stranger',
      type: 'customer.subscription.updated',
      object: { id: 'sub_x', object: 'subscription', customer: 'cus_nobody_here', status: 'active' },
    });
    expect(response.statusCode).toBe(200);
    expect(
      await queryAsOwner(t.context.database, `select outcome from stripe_events where id = 'evt_stranger'`),
    ).toEqual([{ outcome: 'unknown_customer' }]);
    expect(
      await queryAsOwner(t.context.database, `select id from failed_operations where kind = 'billing.stripe-event'`),
    ).toEqual([]);
    expect(stripe.requests.some((request) => request.path === '/v1/subscriptions/sub_x')).toBe(false);
  });

  it('records an event type it does not act on, and leaves it', async () => {
    const response = await deliver({ id: 'evt_other', type: 'customer.updated', object: { id: customer, customer } });
    expect(response.statusCode).toBe(200);
    expect(await queryAsOwner(t.context.database, `select outcome from stripe_events where id = 'evt_other'`)).toEqual([
      { outcome: 'ignored' },
    ]);
  });
});

describe('the daily trial sweep', () => {
  const runAt = async (at: Date) => {
    const { app, database } = t.context;
    await inAccountScope(database.db, () =>
      app.jobs.enqueue(
        'billing.trial-reminders',
        { at: at.toISOString() },
        { organizationId: null, description: 'Trial ending reminders' },
      ),
    );
    await app.jobs.whenIdle();
  };
  const trialMails = async () =>
    (await mailsTo(t.context, t.other.user.email)).filter((mail) => mail.subject.startsWith('Your Keel trial'));

  it('tells the admins 7 days and 1 day before the trial ends, each once', async () => {
    const org = t.other.user.organizationId;
    const now = new Date();
    await queryAsOwner(
      t.context.database,
      `update organizations set trial_ends_at = '${new Date(now.getTime() + 6.5 * 86_400_000).toISOString()}' where id = '${org}'`,
    );
    await runAt(now);
    await runAt(now);
    expect((await trialMails()).map((mail) => mail.subject)).toEqual(['Your Keel trial ends in 7 days']);

    await runAt(new Date(now.getTime() + 6 * 86_400_000));
    await runAt(new Date(now.getTime() + 6.2 * 86_400_000));
    const mails = await trialMails();
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your Keel trial ends tomorrow',
      'Your Keel trial ends in 7 days',
    ]);
    expect(mails[0]!.text_body).toContain('http://keel.test/billing');
    expect(mails[0]!.text_body).toContain('nothing is deleted');
  });
});
