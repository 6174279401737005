import { z } from 'zod';
import { registerFieldsSchema, sessionSchema, updateProfileRequestSchema } from './auth.js';
import { isoDateTimeSchema, uuidSchema } from './common.js';
import { MAX_PASSWORD_LENGTH } from './constants.js';

/** Account security in /user-settings: e-mail and password changes, sessions, two-factor sign-in. */

export const TWO_FACTOR_RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_CODE_REQUIRED = 'Please enter the 6-digit code from your authenticator app';

const currentPassword = z
  .string({ error: 'Please enter your current password' })
  .min(1, { error: 'Please enter your current password' })
  .max(MAX_PASSWORD_LENGTH, { error: 'Password is too long' });

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx); spaces are tolerated as people type them. */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_CODE_REQUIRED })
  .trim()
  .min(1, { error: TWO_FACTOR_CODE_REQUIRED })
  .max(32, { error: 'This code is too long' });

export const changeEmailRequestSchema = z.strictObject({
  email: registerFieldsSchema.shape.email,
  currentPassword,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

export const changePasswordRequestSchema = z.strictObject({
  currentPassword,
  newPassword: registerFieldsSchema.shape.password,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The settings form adds a confirmation the API never sees. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** One sign-in (a refresh-token family) of the caller. */
export const accountSessionSchema = z.object({
  id: uuidSchema,
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: isoDateTimeSchema,
  lastUsedAt: isoDateTimeSchema,
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const ACCOUNT_SESSIONS_MAX = 100;
export const accountSessionsSchema = z.array(accountSessionSchema);
export const sessionParamsSchema = z.object({ sessionId: uuidSchema });
export const signedOutSessionsSchema = z.object({ signedOut: z.number().int().min(0) });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: isoDateTimeSchema.nullable(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Answered once per enrolment; after confirmation the secret is never sent again. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URI as an SVG QR code data URL, rendered server-side. */
  qrCode: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmRequestSchema = z.strictObject({ code: twoFactorCodeSchema });
export const twoFactorRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;

export const twoFactorDisableRequestSchema = z.strictObject({ password: currentPassword, code: twoFactorCodeSchema });

/** POST /auth/login when the account has two-factor authentication on: no tokens yet, a short-lived challenge. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
  expiresInSeconds: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export const loginResponseSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorLoginRequestSchema = z.strictObject({
  challengeToken: z.string({ error: 'Your sign-in has expired. Please sign in again.' }).min(1).max(200),
  code: twoFactorCodeSchema,
});
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequestSchema>;

/** The profile form of /user-settings: both names (a PUT may change one; the form always sends both). */
export const profileFormSchema = z.object({
  firstName: updateProfileRequestSchema.shape.firstName.unwrap(),
  lastName: updateProfileRequestSchema.shape.lastName.unwrap(),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** Profile pictures: the logo's rules (PNG, JPEG, WebP or GIF by their bytes, at most 2 MB), field "avatar". */
export const AVATAR_FIELD = 'avatar';
export const avatarFileParamsSchema = z.object({
  userId: uuidSchema,
  file: z.string().regex(/^[a-f0-9]{24}\.(png|jpg|webp|gif)$/, { error: 'Not found' }),
});
