// The stand-in's prices and signing secret, apart from it: the browser journeys' configuration reads them without
// loading the stand-in (and Stripe's SDK) itself.
export const STAND_IN_PRICES = {
  starterMonthly: 'price_starter_month',
  growthMonthly: 'price_growth_month',
  growthAnnual: 'price_growth_year',
} as const;
export const STAND_IN_WEBHOOK_SECRET = 'whsec_keel_test_secret';
