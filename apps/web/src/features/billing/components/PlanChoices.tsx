import { useId, useState } from 'react';
import Check from 'lucide-react/icons/check';
import type { BillingInterval, BillingOverview, BillingPlan, BillingPlans } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useCheckout, usePortal } from '../billing.api';
import { hasLiveSubscription, money, seatsNeeded, tooSmall } from '../billing-words';

function PlanAction({
  plan,
  overview,
  interval,
}: {
  plan: BillingPlan;
  overview: BillingOverview;
  interval: BillingInterval;
}) {
  const checkout = useCheckout();
  const portal = usePortal();
  const live = hasLiveSubscription(overview);
  if (live && overview.subscriptionTier === plan.key) {
    return <p className="text-sm font-semibold text-green-800 dark:text-green-300">Your current plan</p>;
  }
  if (tooSmall(plan, overview)) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        It includes {plan.userCap} users; your organization has {seatsNeeded(overview)} with those invited. Remove or
        deactivate users, or make some observers (who are free), to choose it.
      </p>
    );
  }
  const pending = checkout.isPending || portal.isPending;
  return (
    <div className="grid gap-2">
      {live ? (
        <Button variant="secondary" loading={portal.isPending} disabled={pending} onClick={() => portal.mutate()}>
          Switch to {plan.name} in the billing portal
        </Button>
      ) : (
        <Button
          loading={checkout.isPending}
          disabled={pending}
          onClick={() => checkout.mutate({ plan: plan.key, interval })}
        >
          Choose {plan.name}
        </Button>
      )}
      {checkout.isError || portal.isError ? (
        <Banner tone="error">
          {errorText(checkout.error ?? portal.error, 'Stripe could not be reached. Please try again.')}
        </Banner>
      ) : null}
    </div>
  );
}

/** The plans this server sells, each with what it includes and the way to it from where the organization stands. */
export function PlanChoices({ plans, overview }: { plans: BillingPlans; overview: BillingOverview }) {
  const yearly = plans.plans.some((plan) => plan.intervals.includes('year'));
  const [interval, setInterval] = useState<BillingInterval>('month');
  const intervalId = useId();
  return (
    <section aria-labelledby="plans-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="plans-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Plans
        </h2>
        {yearly ? (
          <fieldset className="flex items-center gap-3 text-sm" aria-describedby={intervalId}>
            <legend className="sr-only">Billed</legend>
            {(['month', 'year'] as const).map((option) => (
              <label key={option} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="interval"
                  value={option}
                  checked={interval === option}
                  onChange={() => setInterval(option)}
                />
                {option === 'month' ? 'Monthly' : 'Yearly'}
              </label>
            ))}
            <span id={intervalId} className="sr-only">
              The yearly price is set by Stripe and shown at checkout.
            </span>
          </fieldset>
        ) : null}
      </div>
      <ul aria-label="Plans" className="grid gap-3 sm:grid-cols-2">
        {plans.plans.map((plan) => {
          const titleId = `plan-${plan.key}`;
          const offered = plan.intervals.includes(interval);
          return (
            <li
              key={plan.key}
              aria-labelledby={titleId}
              className="grid content-start gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
            >
              <div>
                <h3 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
                  {plan.name}
                </h3>
                <p className="text-2xl font-bold text-slate-900 dark:text-white">
                  {money(plan.monthlyPriceCents, plan.currency)}
                  <span className="text-sm font-normal text-slate-700 dark:text-slate-300"> a month</span>
                </p>
              </div>
              <ul className="grid gap-1 text-sm text-slate-700 dark:text-slate-300">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
                    {feature}
                  </li>
                ))}
              </ul>
              {offered ? (
                <PlanAction plan={plan} overview={overview} interval={interval} />
              ) : (
                <p className="text-sm text-slate-700 dark:text-slate-300">Billed monthly only.</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
