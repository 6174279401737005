import { describe, expect, it } from 'vitest';
import type { BillingOverview, BillingPlans } from '@keel/contract';
import { loadConfig } from '../../config.js';
import { signedStripeEvent } from '../../test-support/stripe-stand-in.js';
import { bearer, bodyOf, queryAsOwner, uniqueEmail, useTenantFixture } from '../../test-support/test-app.js';

/** A self-hosted server without Stripe settings: billing says so, and no limit or read-only state applies. */
const t = useTenantFixture([]);

const org = () => t.owner.user.organizationId;
const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
  t.context.app.inject({
    method,
    url: `/api/v1/organizations/${org()}/billing${path}`,
    headers: bearer(t.owner),
    ...(payload ? { payload } : {}),
  });

describe('billing without Stripe settings', () => {
  it('reads the settings only when the key, webhook secret and both monthly prices are all there', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/keel-config-test' } as const;
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).billing,
    ).toBeUndefined();
    const full = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_STARTER_MONTHLY: 'price_s',
      STRIPE_PRICE_GROWTH_MONTHLY: 'price_g',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    }).billing;
    expect(full).toMatchObject({
      prices: { starter: { month: 'price_s', year: undefined }, growth: { month: 'price_g', year: undefined } },
      api: { protocol: 'http', host: '127.0.0.1', port: 12111 },
    });
    expect(
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_WEBHOOK_SECRET: 'w',
        STRIPE_PRICE_STARTER_MONTHLY: 'a',
        STRIPE_PRICE_GROWTH_MONTHLY: 'b',
      }).billing?.api,
    ).toEqual({ protocol: 'https', host: 'api.stripe.com', port: 443 });
  });

  it('says plainly that billing is not configured, with no seat cap', async () => {
    const plans = bodyOf<{ data: BillingPlans }>(
      await t.context.app.inject({ method: 'GET', url: '/api/v1/billing/plans' }),
    );
    expect(plans.data.configured).toBe(false);
    expect(plans.data.plans.map((plan) => plan.intervals)).toEqual([['month'], ['month']]);
    const overview = bodyOf<{ data: BillingOverview }>(await call('GET', '')).data;
    expect(overview).toMatchObject({ configured: false, readOnly: false, seats: { used: 1, pending: 0, cap: null } });
  });

  it('answers checkout, portal and invoices with 409 billing.not_configured', async () => {
    for (const [method, path, body] of [
      ['POST', '/checkout', { plan: 'starter' }],
      ['POST', '/portal'],
      ['GET', '/invoices'],
    ] as const) {
      const response = await call(method, path, body);
      expect(response.statusCode).toBe(409);
      expect(bodyOf<{ code: string; error: string }>(response)).toMatchObject({
        code: 'billing.not_configured',
        error: expect.stringContaining('not configured on this server') as string,
      });
    }
    const { payload, headers } = signedStripeEvent({ id: 'evt_1', type: 'invoice.paid', object: { id: 'in_1' } });
    const webhook = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/webhook',
      headers,
      payload,
    });
    expect(webhook.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(webhook).code).toBe('billing.not_configured');
  });

  it('keeps an organization whose trial ended writable, and invites past any plan’s cap', async () => {
    await queryAsOwner(
      t.context.database,
      `update organizations set trial_ends_at = now() - interval '5 days', subscription_tier = 'starter' where id = '${org()}'`,
    );
    await queryAsOwner(
      t.context.database,
      `with people as (
         insert into users (email, first_name, last_name)
         select 'seat.' || gen_random_uuid() || '@example.com', 'Seat', n::text from generate_series(1, 30) n returning id)
       insert into memberships (organization_id, user_id, role) select '${org()}', id, 'member' from people`,
    );
    const response = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${org()}/invitations`,
      headers: bearer(t.owner),
      payload: { email: uniqueEmail(), role: 'member' },
    });
    expect(response.statusCode).toBe(201);
  });
});
