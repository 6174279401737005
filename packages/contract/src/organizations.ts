import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from './common.js';

export const methodologySchema = z.enum(['eos', '4dx', 'okrs', 'scaling_up', 'custom']);
export type Methodology = z.infer<typeof methodologySchema>;

export const accountStatusSchema = z.enum(['trialing', 'active', 'past_due', 'canceled']);

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const LOGO_HEIGHT_PX = 96;
export const LOGO_MAX_WIDTH_PX = 300;
export const LOGO_SIZE_DEFAULT = 100;
export const DEFAULT_THEME = {
  theme_primary_color: '#1d4ed8',
  theme_secondary_color: '#3b82f6',
  theme_accent_color: '#60a5fa',
} as const;

const colourSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: 'Must be a colour like #1d4ed8' });

const timezoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Must be a known time zone, like Europe/Paris' },
  );

export const organizationSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  logo_size: z.number().int(),
  theme_primary_color: z.string(),
  theme_secondary_color: z.string(),
  theme_accent_color: z.string(),
  timezone: z.string(),
  week_start_day: z.number().int(),
  fiscal_year_start_month: z.number().int(),
  methodology: methodologySchema.nullable(),
  account_status: accountStatusSchema,
  trial_ends_at: isoDateTimeSchema,
  created_at: isoDateTimeSchema,
});
export type Organization = z.infer<typeof organizationSchema>;

export const updateOrganizationRequestSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Organization name is required' }).max(200).optional(),
  logo_size: z
    .number()
    .int()
    .min(10, { error: 'Logo size must be between 10 and 300' })
    .max(300, { error: 'Logo size must be between 10 and 300' })
    .optional(),
  theme_primary_color: colourSchema.optional(),
  theme_secondary_color: colourSchema.optional(),
  theme_accent_color: colourSchema.optional(),
  timezone: timezoneSchema.optional(),
  week_start_day: z.number().int().min(0).max(6).optional(),
  fiscal_year_start_month: z.number().int().min(1).max(12).optional(),
  methodology: methodologySchema.optional(),
});
export type UpdateOrganizationRequest = z.infer<typeof updateOrganizationRequestSchema>;

export const orgIdParamsSchema = z.object({ orgId: uuidSchema });

/** The public logo address accepts any id, so a malformed one answers 404 like an unknown one. */
export const logoParamsSchema = z.object({ orgId: z.string().max(100) });
export const LOGO_CACHE_MAX_AGE_SECONDS = 300;
