import { AppError, badRequest, conflict, forbidden } from '../../http/errors.js';

export const notConfigured = () =>
  conflict(
    'billing.not_configured',
    'Billing is not configured on this server: there is nothing to buy, and no plan limit applies here.',
  );
export const subscriptionExists = () =>
  conflict(
    'billing.subscription_exists',
    'This organization already has a subscription. Change its plan, card or billing details in the billing portal instead.',
  );
export const intervalUnavailable = () =>
  badRequest('billing.interval_unavailable', 'Annual billing is not offered on this server. Choose monthly billing.');
export const noBillingAccount = () =>
  conflict('billing.no_customer', 'This organization has no billing account yet. Choose a plan to subscribe first.');
export const seatLimit = (cap: number, planName: string, needed: number) =>
  conflict(
    'billing.seat_limit',
    `The ${planName} plan includes ${cap} users, and this would make ${needed}. Remove or deactivate users, invite them as observers (who are free), or choose a larger plan.`,
  );
export const planTooSmall = (cap: number, planName: string, used: number) =>
  conflict(
    'billing.plan_too_small',
    `The ${planName} plan includes ${cap} users, but this organization has ${used}. Remove or deactivate users (or make them observers) before choosing it.`,
  );
export const stripeUnavailable = () =>
  new AppError(
    502,
    'billing.stripe_unavailable',
    'Stripe could not be reached just now. Nothing was charged; please try again in a minute.',
  );
export const readOnly = () =>
  forbidden(
    'subscription.read_only',
    'This organization is read-only because its trial has ended or its subscription has lapsed. Nothing was deleted: an administrator can choose a plan on the Billing page to continue, and exports still work.',
  );
export const invalidSignature = () =>
  badRequest(
    'billing.invalid_signature',
    'This webhook could not be verified: its Stripe-Signature header is missing, wrong or too old.',
  );
export const webhookNotConfigured = () =>
  badRequest('billing.not_configured', 'Billing is not configured on this server, so it takes no Stripe webhooks.');
export const invalidInvoiceCursor = () =>
  badRequest('billing.invalid_cursor', 'This page of invoices no longer exists. Start again from the first page.');
export const invalidEvent = () =>
  badRequest('billing.invalid_event', 'This webhook is signed but is not a Stripe event this server can read.');
