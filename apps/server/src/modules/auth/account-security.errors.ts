import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../http/errors.js';

/**
 * Settings calls answer 400 for a wrong password or code: a 401 there would read as an expired
 * session to the web client. The sign-in step answers 401 like a wrong password does.
 */
export const wrongCurrentPassword = () =>
  badRequest('auth.wrong_password', 'Your current password is not correct.', [
    { path: 'currentPassword', message: 'Your current password is not correct.' },
  ]);

const WRONG_CODE = 'That code is not correct. Enter the current code from your authenticator app, or a recovery code.';
const USED_CODE = 'This code has already been used. Wait for the next code in your authenticator app.';

export const wrongCode = (status: 400 | 401) => new AppError(status, 'auth.invalid_two_factor_code', WRONG_CODE);
export const usedCode = (status: 400 | 401) => new AppError(status, 'auth.two_factor_code_used', USED_CODE);
export const challengeExpired = () =>
  unauthorized(
    'auth.two_factor_challenge_expired',
    'Your sign-in has expired. Please enter your email and password again.',
  );
export const tooManyCodes = (retryAfterMs: number) =>
  tooManyRequests(
    'auth.too_many_code_attempts',
    `Too many wrong codes. Please try again in ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minute(s).`,
  );
export const alreadyEnabled = () =>
  conflict('auth.two_factor_already_enabled', 'Two-factor authentication is already on for your account.');
export const notEnrolling = () =>
  conflict('auth.two_factor_not_started', 'Start the set-up of two-factor authentication again, then enter a code.');
export const notEnabled = () =>
  conflict('auth.two_factor_not_enabled', 'Two-factor authentication is not on for your account.');
export const emailInUse = () => conflict('auth.email_taken', 'Another account already uses this email address.');
export const sameEmail = () =>
  badRequest('auth.email_unchanged', 'This is already your email address.', [
    { path: 'email', message: 'This is already your email address.' },
  ]);
export const sessionNotFound = () => new AppError(404, 'auth.session_not_found', 'This session has already ended.');
export const tooManyPasswords = (retryAfterMs: number) =>
  tooManyRequests(
    'auth.too_many_attempts',
    `Too many wrong passwords. Please try again in ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minute(s).`,
  );
