import { SSO_ERROR_CODES } from '@keel/contract';
import { ApiError, errorText } from '../../lib/api-client';

const loginWith = (error: string, message?: string) =>
  `/login?${new URLSearchParams(message ? { error, message } : { error }).toString()}`;

/** Where a single sign-on that did not finish sends the browser: a login banner of spec section 8. */
export function ssoFailurePath(error: unknown): string {
  const code = error instanceof ApiError ? error.code : '';
  switch (code) {
    case SSO_ERROR_CODES.userNotFound:
      return loginWith('user_not_found');
    case SSO_ERROR_CODES.userInactive:
      return loginWith('invalid_user');
    case SSO_ERROR_CODES.stateInvalid:
    case SSO_ERROR_CODES.stateUsed:
    case SSO_ERROR_CODES.stateExpired:
      return loginWith('invalid_token');
    default:
      return loginWith('auth_failed', errorText(error, 'Single sign-on failed. Please try again.'));
  }
}

/** The provider sent the browser back without a code (the person cancelled, or the provider refused). */
export function ssoIncompletePath(providerError: string | null, description: string | null): string {
  return providerError ? loginWith('auth_failed', description ?? undefined) : loginWith('no_token');
}
