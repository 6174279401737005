import { AppError, tooManyRequests, unauthorized } from '../../http/errors.js';

export const invalidCredentials = () => unauthorized('auth.invalid_credentials', 'Invalid email or password');
export const invalidRefreshToken = () =>
  unauthorized('auth.invalid_refresh_token', 'Your session has expired. Please sign in again.');
export const emailTaken = () =>
  new AppError(409, 'auth.email_taken', 'An account with this email already exists. Please sign in instead.');
export const noOrganization = () =>
  new AppError(
    403,
    'auth.no_organization',
    'Your account is not part of any organization. Please contact your administrator.',
  );
export const tooManyAttempts = (retryAfterMs: number) =>
  tooManyRequests(
    'auth.too_many_attempts',
    `Too many failed sign-in attempts. Please try again in ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minute(s).`,
  );
export const invalidResetToken = () =>
  new AppError(
    400,
    'auth.invalid_reset_token',
    'This password reset link is invalid or has expired. Please request a new one.',
  );
