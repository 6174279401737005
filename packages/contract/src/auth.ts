import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from './common.js';
import {
  LEGAL_REQUIRED_FOR_REGISTRATION,
  LEGAL_REQUIRED_TO_CONTINUE,
  LEGAL_VERSION,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './constants.js';

export const roleSchema = z.enum(['owner', 'admin', 'member', 'observer']);
export type Role = z.infer<typeof roleSchema>;

const emailSchema = z
  .email({ error: 'Please enter a valid email address' })
  .max(254, { error: 'Please enter a valid email address' });

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(MAX_PASSWORD_LENGTH, { error: 'Password is too long' }),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const legalAcceptanceSchema = z.strictObject({
  termsAccepted: z.boolean(),
  privacyAccepted: z.boolean(),
  acceptedAt: z.string().max(64).optional().default(''),
  ipAddress: z.string().max(255).optional().default(''),
  userAgent: z.string().max(1000).optional().default(''),
  version: z.string().max(16).optional().default(LEGAL_VERSION),
});
export type LegalAcceptance = z.infer<typeof legalAcceptanceSchema>;

const bothAccepted = (value: { termsAccepted: boolean; privacyAccepted: boolean }) =>
  value.termsAccepted && value.privacyAccepted;

const personName = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(100, { error: 'Must be at most 100 characters' });

export const registerFieldsSchema = z.strictObject({
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
  email: emailSchema,
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(MIN_PASSWORD_LENGTH, { error: 'Password must be at least 6 characters' })
    .max(MAX_PASSWORD_LENGTH, { error: 'Password is too long' }),
  organizationName: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, { error: 'Organization name is required' })
    .max(200, { error: 'Must be at most 200 characters' }),
});

export const registerRequestSchema = registerFieldsSchema.extend({
  legalAgreement: legalAcceptanceSchema.refine(bothAccepted, { error: LEGAL_REQUIRED_FOR_REGISTRATION }),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The registration form adds a confirmation the API never sees (the spec removes it before sending). */
export const registerFormSchema = registerFieldsSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const acceptAgreementsRequestSchema = legalAcceptanceSchema.refine(bothAccepted, {
  error: LEGAL_REQUIRED_TO_CONTINUE,
});

export const userTeamSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  is_leadership_team: z.boolean(),
});

export const userSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  organizationId: uuidSchema,
  organization_id: uuidSchema,
  organizationName: z.string(),
  avatarUrl: z.string().nullable(),
  isConsultant: z.boolean(),
  teams: z.array(userTeamSchema),
  isImpersonating: z.boolean(),
  originalOrganizationId: uuidSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ user: userSchema, accessToken: z.string(), refreshToken: z.string() });
export type Session = z.infer<typeof sessionSchema>;

export const refreshRequestSchema = z.strictObject({ refreshToken: z.string().min(1).max(200) });
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const logoutRequestSchema = z.strictObject({ refreshToken: z.string().max(200).optional() });

export const updateProfileRequestSchema = z.strictObject({
  firstName: personName('First name is required').optional(),
  lastName: personName('Last name is required').optional(),
  avatarUrl: z
    .url({ protocol: /^https?$/, error: 'Must be a web address' })
    .max(2000)
    .nullable()
    .optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const agreementsStatusSchema = z.object({
  success: z.boolean(),
  needsAcceptance: z.boolean(),
  version: z.string(),
  acceptedAt: isoDateTimeSchema.nullable(),
});

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export const resetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1, { error: 'This reset link is invalid' }).max(200),
  password: registerFieldsSchema.shape.password,
});
export const resetPasswordFormSchema = z
  .object({ password: registerFieldsSchema.shape.password, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
