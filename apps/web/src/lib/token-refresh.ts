import { TOKEN_REFRESH_CHECK_INTERVAL_MS } from '@keel/contract';
import { refreshTokens } from './api-client';
import { getAccessToken, isRefreshDue } from './tokens';

/** One proactive check: refresh when due. Failures are logged only (spec section 8). */
export async function refreshIfDue(now: number = Date.now()): Promise<boolean> {
  if (!isRefreshDue(getAccessToken(), now)) return true;
  const outcome = await refreshTokens();
  if (outcome !== 'refreshed') console.warn('[keel] proactive token refresh failed:', outcome);
  return outcome === 'refreshed';
}

/**
 * Spec section 9: check every 2 minutes and whenever the tab becomes visible again, and once
 * immediately (covers "right after sign-in" and "at start if due"). Returns the stop function.
 */
export function startBackgroundRefresh(): () => void {
  const check = () => void refreshIfDue();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  const timer = setInterval(check, TOKEN_REFRESH_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', onVisibility);
  check();
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
