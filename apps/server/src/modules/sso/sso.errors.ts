import { SSO_ERROR_CODES, type SsoProvider } from '@keel/contract';
import { AppError, badRequest, conflict, serviceUnavailable, unauthorized } from '../../http/errors.js';

export const PROVIDER_NAMES: Record<SsoProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

export const notConfigured = (provider: SsoProvider) =>
  serviceUnavailable(
    SSO_ERROR_CODES.notConfigured,
    `Sign-in with ${PROVIDER_NAMES[provider]} is not configured on this Keel server. Please sign in with your email and password.`,
  );

export const stateInvalid = () =>
  badRequest(SSO_ERROR_CODES.stateInvalid, 'This sign-in link is not one Keel started. Please sign in again.');
export const stateUsed = () =>
  badRequest(SSO_ERROR_CODES.stateUsed, 'This sign-in has already been completed. Please sign in again.');
export const stateExpired = () =>
  badRequest(SSO_ERROR_CODES.stateExpired, 'This sign-in took too long and has expired. Please sign in again.');

export const authenticationFailed = (provider: SsoProvider) =>
  badRequest(SSO_ERROR_CODES.failed, `${PROVIDER_NAMES[provider]} could not confirm who you are. Please try again.`);

export const userNotFound = () =>
  new AppError(
    404,
    SSO_ERROR_CODES.userNotFound,
    'Your account has not been created yet. Please contact your administrator to set up your account.',
  );

export const userInactive = () =>
  new AppError(403, SSO_ERROR_CODES.userInactive, 'Your account is not active. Please contact your administrator.');

export const identityTaken = (provider: SsoProvider) =>
  conflict(
    SSO_ERROR_CODES.identityTaken,
    `This ${PROVIDER_NAMES[provider]} account is already linked to another Keel account.`,
  );

/** A link flow must come back to the browser session that started it. */
export const linkSessionMismatch = () =>
  unauthorized('sso.link_session_mismatch', 'Please sign in to the account you are linking, then try again.');

export const linkWhileImpersonating = () =>
  new AppError(
    403,
    'sso.link_while_impersonating',
    'Return to your own organization before linking a sign-in provider to your account.',
  );
