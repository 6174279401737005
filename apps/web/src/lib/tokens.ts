import { TOKEN_REFRESH_MARGIN_SECONDS } from '@keel/contract';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from './storage-keys';

/** Reads `exp` (seconds since epoch) from a JWT without verifying it; null when unreadable. */
export function decodeTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const parsed: unknown = JSON.parse(atob(padded));
    if (typeof parsed !== 'object' || parsed === null || !('exp' in parsed)) return null;
    const exp = parsed.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

const nowSeconds = (nowMs: number) => Math.floor(nowMs / 1000);

/**
 * Spec section 5: a token counts as expired when it expires within the refresh margin,
 * and an undecodable token counts as expired.
 */
export function isTokenExpired(token: string | null, nowMs: number = Date.now()): boolean {
  if (!token) return true;
  const exp = decodeTokenExpiry(token);
  if (exp === null) return true;
  return exp - nowSeconds(nowMs) <= TOKEN_REFRESH_MARGIN_SECONDS;
}

/**
 * Spec section 9: refresh proactively inside the margin but not once the token has already expired
 * (an expired token is renewed by the 401 retry of the next request instead).
 */
export function isRefreshDue(token: string | null, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const exp = decodeTokenExpiry(token);
  if (exp === null) return false;
  const remaining = exp - nowSeconds(nowMs);
  return remaining > 0 && remaining <= TOKEN_REFRESH_MARGIN_SECONDS;
}

export const getAccessToken = () => readStorage(localStorage, STORAGE_KEYS.accessToken);
export const getRefreshToken = () => readStorage(localStorage, STORAGE_KEYS.refreshToken);

export function storeTokens(accessToken: string, refreshToken?: string | null): void {
  writeStorage(localStorage, STORAGE_KEYS.accessToken, accessToken);
  if (refreshToken) writeStorage(localStorage, STORAGE_KEYS.refreshToken, refreshToken);
}

export function clearTokens(): void {
  removeStorage(localStorage, STORAGE_KEYS.accessToken);
  removeStorage(localStorage, STORAGE_KEYS.refreshToken);
}
