import { useSearchParams } from 'react-router';
import type { BillingOverview } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ListStates } from '../../../ui/ListPage';
import { useBillingOverview, useBillingPlans, usePortal } from '../billing.api';
import { planNameOf, standing } from '../billing-words';
import { InvoiceList } from '../components/InvoiceList';
import { PlanChoices } from '../components/PlanChoices';

function Seats({ seats }: { seats: BillingOverview['seats'] }) {
  const taken = seats.used + seats.pending;
  const pending = seats.pending > 0 ? ` (${seats.pending} of them invited, not joined yet)` : '';
  return (
    <div className="grid gap-1 text-sm text-slate-700 dark:text-slate-300">
      <p>
        {seats.cap === null
          ? `${taken} ${taken === 1 ? 'user' : 'users'}${pending}. Observers and consultants are free.`
          : `${taken} of ${seats.cap} users${pending}. Observers and consultants are free.`}
      </p>
      {seats.cap !== null ? (
        <progress
          className="h-2 w-full accent-blue-700"
          max={seats.cap}
          value={Math.min(taken, seats.cap)}
          aria-label={`${taken} of ${seats.cap} users`}
        />
      ) : null}
    </div>
  );
}

function PlanCard({ overview }: { overview: BillingOverview }) {
  const portal = usePortal();
  const warning = overview.readOnly || overview.state === 'past_due';
  return (
    <Card>
      <section aria-labelledby="your-plan-title" className="grid gap-3">
        <h2 id="your-plan-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Your plan: {planNameOf(overview.subscriptionTier)}
        </h2>
        {warning ? (
          <Banner tone="warning">{standing(overview)}</Banner>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">{standing(overview)}</p>
        )}
        <Seats seats={overview.seats} />
        {overview.hasBillingAccount ? (
          <div className="grid justify-items-start gap-2">
            <Button variant="secondary" loading={portal.isPending} onClick={() => portal.mutate()}>
              Manage billing
            </Button>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Stripe&apos;s billing portal: change plan, card and billing details, cancel or resume.
            </p>
            {portal.isError ? (
              <Banner tone="error">{errorText(portal.error, 'Stripe could not be reached. Please try again.')}</Banner>
            ) : null}
          </div>
        ) : null}
      </section>
    </Card>
  );
}

function CheckoutReturn({ outcome, overview }: { outcome: string | null; overview: BillingOverview | undefined }) {
  if (outcome === 'canceled') return <Banner tone="info">Checkout was canceled: nothing was charged.</Banner>;
  if (outcome !== 'success') return null;
  if (overview?.state === 'active') {
    return <Banner tone="success">Thank you: the organization is on {planNameOf(overview.subscriptionTier)}.</Banner>;
  }
  return <Banner tone="info">Thank you. Waiting for Stripe to confirm the payment…</Banner>;
}

/** /billing (admins): the organization's plan, seats, the plans to choose from, and its invoices. */
export default function BillingPage() {
  usePageMeta({
    title: 'Billing',
    description: 'Your plan, seats, invoices and payment details.',
    robots: 'noindex,nofollow',
  });
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const overview = useBillingOverview(outcome === 'success');
  const plans = useBillingPlans();
  const data = overview.data;

  return (
    <section aria-labelledby="page-title" className="mx-auto grid max-w-4xl gap-6 py-6">
      <div>
        <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          Billing
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Your plan, seats, invoices and payment details.</p>
      </div>
      <CheckoutReturn outcome={outcome} overview={data} />
      <ListStates
        query={overview}
        loadingLabel="Loading billing"
        errorFallback="Billing could not be loaded."
        isEmpty={false}
        empty={null}
      >
        {data && !data.configured ? (
          <Banner tone="info" title="Billing is not configured on this server">
            This installation bills nobody: there is no trial to end and no limit on users. Everything keeps working.
          </Banner>
        ) : null}
        {data?.configured ? (
          <>
            <PlanCard overview={data} />
            <Card>
              <ListStates
                query={plans}
                loadingLabel="Loading the plans"
                errorFallback="The plans could not be loaded."
                isEmpty={false}
                empty={null}
              >
                {plans.data ? <PlanChoices plans={plans.data} overview={data} /> : null}
              </ListStates>
            </Card>
            {data.hasBillingAccount ? (
              <Card>
                <InvoiceList />
              </Card>
            ) : null}
          </>
        ) : null}
      </ListStates>
    </section>
  );
}
