import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { closeServer, listenOnFreePort, readBody, sendJson } from '../storage/test-support/stand-in-http.js';

import { STAND_IN_PRICES, STAND_IN_WEBHOOK_SECRET } from './stripe-stand-in-settings.js';

export { STAND_IN_PRICES, STAND_IN_WEBHOOK_SECRET };

export interface StandInSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
}

export interface StandInRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++sequence).toString(36)}`;

function subscriptionObject(subscription: StandInSubscription) {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id}`,
          object: 'subscription_item',
          current_period_end: subscription.currentPeriodEnd,
          price: { id: subscription.priceId, object: 'price' },
        },
      ],
      has_more: false,
    },
  };
}

const missing = (what: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
});

export interface StandInOptions {
  /** Listen here rather than on a free port (the browser journeys tell the server the address beforehand). */
  port?: number;
  /**
   * Keel's webhook address: then Checkout and the portal are pages of the stand-in a browser can open. Paying
   * there makes an active subscription, canceling there ends it; each tells Keel by a signed event, then goes back.
   */
  webhookUrl?: string;
}

/** A page of the stand-in's Checkout or portal: one button, as plain as a test needs. */
function hostedPage(response: ServerResponse, title: string, button: string) {
  response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>${title}</title></head><body><main><h1>${title}</h1><form method="post"><button type="submit">${button}</button></form></main></body></html>`,
  );
}

/**
 * Stripe's API as far as Keel calls it (customers, Checkout and portal sessions, invoices, subscriptions), on a
 * free local port: it keeps what it is sent, answers a repeated idempotency key with the first answer (as Stripe
 * does), and holds the subscriptions a test sets, which `subscriptions.retrieve` reads.
 */
export async function startStripeStandIn(options: StandInOptions = {}) {
  const requests: StandInRequest[] = [];
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, Record<string, unknown>[]>();
  const customers: string[] = [];
  const idempotent = new Map<string, unknown>();
  /** Checkout and portal sessions by id, for their pages: whose, for what, and where to go back. */
  const sessions = new Map<string, URLSearchParams>();
  let origin = '';

  const answer = (path: string, method: string, form: URLSearchParams): [number, unknown] => {
    if (method === 'POST' && path === '/v1/customers') {
      const id = nextId('cus');
      customers.push(id);
      return [200, { id, object: 'customer', name: form.get('name') }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      sessions.set(id, form);
      const host = options.webhookUrl ? origin : 'https://checkout.stripe.test';
      return [200, { id, object: 'checkout.session', url: `${host}/c/pay/${id}` }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      sessions.set(id, form);
      const host = options.webhookUrl ? origin : 'https://billing.stripe.test';
      return [200, { id, object: 'billing_portal.session', url: `${host}/p/session/${id}` }];
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const all = invoices.get(form.get('customer') ?? '') ?? [];
      const after = form.get('starting_after');
      const start = after ? all.findIndex((invoice) => invoice.id === after) + 1 : 0;
      if (after && start === 0) return [400, missing(`invoice: ${after}`)];
      const limit = Number(form.get('limit') ?? 10);
      const data = all.slice(start, start + limit);
      return [200, { object: 'list', url: '/v1/invoices', data, has_more: start + limit < all.length }];
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription) {
      const found = subscriptions.get(decodeURIComponent(subscription[1]!));
      return found ? [200, subscriptionObject(found)] : [404, missing('subscription')];
    }
    return [404, missing(`route ${method} ${path}`)];
  };

  /** Tells Keel as Stripe would: the event signed, posted to its webhook, answered before the browser goes back. */
  async function tellKeel(type: string, object: Record<string, unknown>) {
    if (!options.webhookUrl) return;
    const { payload, headers } = signedStripeEvent({ id: nextId('evt'), type, object });
    const answer = await fetch(options.webhookUrl, { method: 'POST', headers, body: payload });
    if (!answer.ok) throw new Error(`Keel refused the ${type} event: ${answer.status} ${await answer.text()}`);
  }

  /** The browser's side of Checkout and the portal, when the stand-in plays them. */
  async function page(request: IncomingMessage, response: ServerResponse, path: string): Promise<boolean> {
    if (path === '/health') {
      sendJson(response, 200, { ok: true });
      return true;
    }
    const checkout = /^\/c\/pay\/([\w-]+)$/.exec(path)?.[1];
    const portal = /^\/p\/session\/([\w-]+)$/.exec(path)?.[1];
    const form = sessions.get(checkout ?? portal ?? '');
    if (!form) return false;
    if (request.method === 'GET') {
      if (checkout) hostedPage(response, 'Stand-in Stripe Checkout', 'Pay and subscribe');
      else hostedPage(response, 'Stand-in Stripe billing portal', 'Cancel the subscription');
      return true;
    }
    const customer = form.get('customer') ?? '';
    if (checkout) {
      const subscription: StandInSubscription = {
        id: nextId('sub'),
        customer,
        status: 'active',
        priceId: form.get('line_items[0][price]') ?? '',
        currentPeriodEnd: Math.floor(Date.now() / 1000) + 30 * 86_400,
        cancelAtPeriodEnd: false,
      };
      subscriptions.set(subscription.id, subscription);
      await tellKeel('checkout.session.completed', {
        id: checkout,
        object: 'checkout.session',
        customer,
        subscription: subscription.id,
      });
      response.writeHead(303, { location: form.get('success_url') ?? '/' }).end();
      return true;
    }
    for (const subscription of subscriptions.values()) {
      if (subscription.customer !== customer || subscription.status === 'canceled') continue;
      subscription.status = 'canceled';
      await tellKeel('customer.subscription.deleted', subscriptionObject(subscription));
    }
    response.writeHead(303, { location: form.get('return_url') ?? '/' }).end();
    return true;
  }

  const listening = await listenOnFreePort(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (!url.pathname.startsWith('/v1/') && (await page(request, response, url.pathname))) return;
    const raw = (await readBody(request)).toString();
    const form = request.method === 'GET' ? url.searchParams : new URLSearchParams(raw);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      form,
      idempotencyKey,
      authorization: request.headers.authorization,
    });
    const replayKey = idempotencyKey ? `${url.pathname} ${idempotencyKey}` : undefined;
    if (replayKey && idempotent.has(replayKey)) return sendJson(response, 200, idempotent.get(replayKey));
    const [status, body] = answer(url.pathname, request.method ?? '', form);
    if (replayKey && status === 200) idempotent.set(replayKey, body);
    sendJson(response, status, body, { 'request-id': nextId('req') });
  }, options.port);
  const { server } = listening;
  origin = listening.origin;

  const port = Number(new URL(origin).port);
  return {
    origin,
    requests,
    customers,
    /** Sets (or replaces) a subscription as Stripe would now answer for it. */
    setSubscription(subscription: StandInSubscription) {
      subscriptions.set(subscription.id, subscription);
    },
    addInvoice(customer: string, invoice: { id: string; status: string; amount: number; number: string }) {
      const list = invoices.get(customer) ?? [];
      list.unshift({
        id: invoice.id,
        object: 'invoice',
        customer,
        number: invoice.number,
        status: invoice.status,
        currency: 'usd',
        amount_due: invoice.amount,
        amount_paid: invoice.status === 'paid' ? invoice.amount : 0,
        created: Math.floor(Date.now() / 1000) - list.length,
        hosted_invoice_url: `https://invoice.stripe.test/i/${invoice.id}`,
        invoice_pdf: `https://pay.stripe.test/invoice/${invoice.id}/pdf`,
      });
      invoices.set(customer, list);
    },
    /** The server settings that point Keel's Stripe client here. */
    env(overrides: Record<string, string> = {}): Record<string, string> {
      return {
        STRIPE_SECRET_KEY: 'sk_test_keel_stand_in',
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_PRICE_STARTER_MONTHLY: STAND_IN_PRICES.starterMonthly,
        STRIPE_PRICE_GROWTH_MONTHLY: STAND_IN_PRICES.growthMonthly,
        STRIPE_PRICE_GROWTH_ANNUAL: STAND_IN_PRICES.growthAnnual,
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
        ...overrides,
      };
    },
    close: () => closeServer(server),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** A Stripe event as Stripe would deliver it: the JSON and its Stripe-Signature header, signed with the SDK's helper. */
export function signedStripeEvent(
  event: { id: string; type: string; object: Record<string, unknown> },
  options: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STAND_IN_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
