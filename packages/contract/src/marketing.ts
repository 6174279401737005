import { z } from 'zod';

const claimText = (max: number) => z.string().trim().min(1).max(max);

/** A customer's words the operator can show they received; the spec identifies a reviewer by role. */
export const testimonialSchema = z.strictObject({
  quote: claimText(600),
  role: claimText(120),
  name: claimText(120).optional(),
  company: claimText(120).optional(),
  rating: z.number().int().min(1).max(5),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** The ratings behind the home page's structured data (schema.org AggregateRating). */
export const aggregateRatingSchema = z.strictObject({
  ratingValue: z.number().min(1).max(5),
  ratingCount: z.number().int().min(1),
});
export type AggregateRating = z.infer<typeof aggregateRatingSchema>;

export const TESTIMONIALS_MAX = 6;

/**
 * The marketing claims only the operator can back (spec section 1): testimonials, the SOC 2 Type II statement,
 * the aggregate rating and the patent-pending notice. Each is absent unless the operator's content file sets it,
 * so a fresh install claims nothing. Strict: a misspelt key is an error, not a claim silently dropped.
 */
export const marketingContentSchema = z.strictObject({
  testimonials: z.array(testimonialSchema).max(TESTIMONIALS_MAX).default([]),
  /** The operator's own wording of the SOC 2 Type II claim, e.g. who audited and when. */
  soc2Type2: claimText(300).nullable().default(null),
  aggregateRating: aggregateRatingSchema.nullable().default(null),
  /** The notice as the operator words it, e.g. "Patent pending." */
  patentPending: claimText(200).nullable().default(null),
});
export type MarketingContent = z.infer<typeof marketingContentSchema>;

/** What a server without a content file serves: no claims. */
export const NO_MARKETING_CLAIMS: MarketingContent = {
  testimonials: [],
  soc2Type2: null,
  aggregateRating: null,
  patentPending: null,
};
