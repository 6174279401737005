import type { InterestFeature, RecordProductEventRequest } from '@keel/contract';
import { getAccessToken, isTokenExpired } from '../../lib/tokens';

/**
 * Records interest in a feature with Keel's own server, which keeps it (for the organization's owner,
 * when someone is signed in) and sends it on to PostHog only if the operator configured a key. A plain
 * fetch, no SDK: public pages stay small and the browser talks to no one else. Fire and forget: a lost
 * event must never disturb the page, so every failure is ignored.
 */
export function recordFeatureInterest(feature: InterestFeature): void {
  const body: RecordProductEventRequest = { name: 'feature_interest', feature };
  // An expired token would only be ignored: the event then counts as a visitor's.
  const stored = getAccessToken();
  const token = stored && !isTokenExpired(stored) ? stored : null;
  fetch('/api/v1/analytics/events', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    // The page may be left right after: the browser still delivers the request.
    keepalive: true,
  }).catch(() => undefined);
}
