import { BILLING_PLANS, type AggregateRating } from '@keel/contract';
import { PRODUCT_SHORT_NAME } from '../../../lib/page-meta';

/** The plans as billing sells them (the contract keeps them in one place), priced as schema.org wants. */
export const MARKETING_PLANS = Object.values(BILLING_PLANS).map((plan) => ({
  name: plan.name,
  price: (plan.monthlyPriceCents / 100).toFixed(2),
}));

/** The rating is the operator's to claim (MARKETING_CONTENT_FILE); without it the data carries none. */
export function softwareApplicationJsonLd(origin: string, rating: AggregateRating | null): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: PRODUCT_SHORT_NAME,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web browser',
    url: `${origin}/`,
    description:
      'Keel is a business execution platform for quarterly priorities, scorecards, issues, to-dos, meetings and a two-page business plan, adapted to the methodology your company already uses.',
    offers: MARKETING_PLANS.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      price: plan.price,
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: plan.price,
        priceCurrency: 'USD',
        unitText: 'MONTH',
      },
    })),
    ...(rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: String(rating.ratingValue),
            ratingCount: rating.ratingCount,
            bestRating: '5',
            worstRating: '1',
          },
        }
      : {}),
  };
}

/** `<` is escaped so no string in the data can close the script element early. */
export const serializeJsonLd = (data: Record<string, unknown>): string => JSON.stringify(data).replace(/</g, '\\u003c');

export function SoftwareApplicationJsonLd({ aggregateRating }: { aggregateRating: AggregateRating | null }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <script
      type="application/ld+json"
      // Structured data must be raw JSON text; React would otherwise escape it into invalid JSON.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(softwareApplicationJsonLd(origin, aggregateRating)) }}
    />
  );
}
