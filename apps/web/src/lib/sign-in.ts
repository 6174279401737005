import { ApiError } from './api-error';
import type { SignInResult } from './session-store';
import { normalizeUser } from './user';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a sign-in answer (sign-in, registration, an accepted invitation, a consultant's switch).
 * Password sign-in sends accessToken/refreshToken; the spec's SSO callback is described as sending
 * `token` instead, so both spellings are accepted.
 */
export function toSignInResult(data: unknown): SignInResult {
  const user = normalizeUser(isRecord(data) ? data.user : undefined);
  const accessToken = isRecord(data) ? (data.accessToken ?? data.token) : undefined;
  if (!user || typeof accessToken !== 'string') {
    throw new ApiError(200, 'client.unexpected_response', null);
  }
  const refreshToken = isRecord(data) && typeof data.refreshToken === 'string' ? data.refreshToken : null;
  return { user, accessToken, refreshToken };
}
