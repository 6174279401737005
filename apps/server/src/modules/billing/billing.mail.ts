import type { OutgoingMail } from '../../mail/mailer.js';

export interface BillingMailInput {
  organizationId: string;
  organizationName: string;
  to: string;
  firstName: string;
  appUrl: string;
}

const billingLink = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/billing`;
const greeting = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

/** The trial ends in `days` (7 or 1): what happens then, and where to choose a plan. */
export function trialEndingMail(input: BillingMailInput & { days: number; trialEndsAt: Date }): OutgoingMail {
  const when = input.days <= 1 ? 'tomorrow' : `in ${input.days} days`;
  const text = [
    greeting(input.firstName),
    '',
    `The free trial of ${input.organizationName} on Keel ends ${when} (${input.trialEndsAt.toISOString().slice(0, 10)}).`,
    '',
    'To keep working without a break, choose a plan here:',
    billingLink(input.appUrl),
    '',
    'If you do not, nothing is deleted: the organization becomes read-only, everyone can still read and export ' +
      'everything, and choosing a plan later opens it again.',
  ].join('\n');
  return {
    to: input.to,
    organizationId: input.organizationId,
    subject: `Your Keel trial ends ${when}`,
    text,
  };
}

/** A payment failed: Stripe retries it, and the card can be changed in the billing portal meanwhile. */
export function paymentFailedMail(input: BillingMailInput): OutgoingMail {
  const text = [
    greeting(input.firstName),
    '',
    `A payment for ${input.organizationName}'s Keel subscription did not go through.`,
    '',
    'Stripe will try again over the next days; your organization keeps working meanwhile. To update the card ' +
      'or billing details, open the billing page and choose “Manage billing”:',
    billingLink(input.appUrl),
    '',
    'If every attempt fails, the subscription ends and the organization becomes read-only (nothing is deleted).',
  ].join('\n');
  return {
    to: input.to,
    organizationId: input.organizationId,
    subject: `Payment failed for ${input.organizationName} on Keel`,
    text,
  };
}
