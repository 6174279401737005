import Check from 'lucide-react/icons/check';
import { BILLING_PLANS, TRIAL_ALLOWANCE, TRIAL_DAYS } from '@keel/contract';
import { card, container, mutedText, sectionHeading } from '../styles';

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US')}`;

/** The plans as billing sells them: the same list, from the same place, as /billing shows an organization. */
export function PricingSection() {
  const offers = [
    { key: 'trial', name: 'Free trial', price: `${TRIAL_DAYS} days`, per: 'free', features: TRIAL_ALLOWANCE.features },
    ...Object.entries(BILLING_PLANS).map(([key, plan]) => ({
      key,
      name: plan.name,
      price: dollars(plan.monthlyPriceCents),
      per: 'a month',
      features: plan.features,
    })),
  ];
  return (
    <section aria-labelledby="pricing-heading" className="py-16">
      <div className={container}>
        <h2 id="pricing-heading" className={sectionHeading}>
          Pricing
        </h2>
        <p className={`mt-2 ${mutedText}`}>
          One price per organization, not per user. Observers and consultants are free.
        </p>
        <ul aria-label="Plans" className="mt-8 grid gap-4 md:grid-cols-3">
          {offers.map((offer) => (
            <li key={offer.key} className={`${card} grid content-start gap-3`}>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{offer.name}</h3>
              <p className="text-3xl font-bold text-slate-900 dark:text-white">
                {offer.price} <span className={`text-sm font-normal ${mutedText}`}>{offer.per}</span>
              </p>
              <ul className={`grid gap-1 text-sm ${mutedText}`}>
                {offer.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
