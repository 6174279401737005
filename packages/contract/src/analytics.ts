import { z } from 'zod';

/**
 * Product analytics (spec section 7, "other outbound traffic"): Keel records these events in its own
 * database; only with a PostHog key configured on the server are they also sent to PostHog.
 */
export const PRODUCT_EVENT_NAMES = ['signed_up', 'feature_interest'] as const;
export const productEventNameSchema = z.enum(PRODUCT_EVENT_NAMES);
export type ProductEventName = z.infer<typeof productEventNameSchema>;

/** The features a visitor or member can show interest in; each is named where the interest is shown. */
export const INTEREST_FEATURES = ['framework_demo'] as const;
export const interestFeatureSchema = z.enum(INTEREST_FEATURES);
export type InterestFeature = z.infer<typeof interestFeatureSchema>;

/** The spec's own names of the interest events ("Opening the demo records … 'Framework Switching Demo'"). */
export const INTEREST_FEATURE_LABELS: Record<InterestFeature, string> = {
  framework_demo: 'Framework Switching Demo',
};

export const PRODUCT_EVENT_LABELS: Record<ProductEventName, string> = {
  signed_up: 'Sign-ups',
  feature_interest: 'Feature interest',
};

/** What the web may record: interest in one feature of the fixed list, nothing free-form. */
export const recordProductEventRequestSchema = z.strictObject({
  name: z.literal('feature_interest'),
  feature: interestFeatureSchema,
});
export type RecordProductEventRequest = z.infer<typeof recordProductEventRequestSchema>;

const countSchema = z.number().int().min(0);

/** Counts over the last 30 and the last 90 days, up to the moment of the answer. */
export const windowCountsSchema = z.object({ last30Days: countSchema, last90Days: countSchema });

/** Every event name and every feature of the fixed lists, with zeros where nothing was recorded. */
export const analyticsSummarySchema = z.object({
  events: z.array(windowCountsSchema.extend({ name: productEventNameSchema })),
  features: z.array(windowCountsSchema.extend({ feature: interestFeatureSchema })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
