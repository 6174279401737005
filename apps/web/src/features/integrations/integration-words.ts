import {
  API_KEY_AREA_NAMES,
  API_KEY_AREAS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type ApiKey,
  type ApiKeyArea,
  type ApiKeyScope,
  type WebhookDelivery,
} from '@keel/contract';

export type AreaAccess = 'none' | 'read' | 'write';

export const ACCESS_LABELS: Record<AreaAccess, string> = {
  none: 'No access',
  read: 'Read',
  write: 'Read and write',
};

/** The scopes a choice per area stands for: writing includes reading, so one scope per chosen area. */
export function scopesOf(choices: Partial<Record<ApiKeyArea, AreaAccess>>): ApiKeyScope[] {
  return API_KEY_AREA_NAMES.flatMap((area): ApiKeyScope[] => {
    const access = choices[area] ?? 'none';
    return access === 'none' ? [] : [`${area}:${access}`];
  });
}

/** "To-dos: read and write · Scorecard: read", in the areas' order. */
export function scopesText(scopes: readonly ApiKeyScope[]): string {
  return API_KEY_AREA_NAMES.flatMap((area) => {
    if (scopes.includes(`${area}:write`)) return [`${API_KEY_AREAS[area].label}: read and write`];
    if (scopes.includes(`${area}:read`)) return [`${API_KEY_AREAS[area].label}: read`];
    return [];
  }).join(' · ');
}

export const STATUS_LABELS: Record<ApiKey['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** The end of the chosen day in the reader's time zone, as the API wants it; null for "never". */
export function expiryOf(day: string): string | null {
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date, 23, 59, 59).toISOString();
}

/** The event's name as the settings show it; an event this page does not know (a newer server) by its key. */
export function eventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Test event';
  return (WEBHOOK_EVENTS as Record<string, { label: string } | undefined>)[type]?.label ?? type;
}

export function deliveryStatusText(delivery: WebhookDelivery): string {
  const answer = delivery.responseStatus === null ? '' : ` (${delivery.responseStatus})`;
  switch (delivery.status) {
    case 'pending':
      return 'Sending…';
    case 'retrying':
      return `Failed${answer}, will try again`;
    case 'succeeded':
      return `Delivered${answer}`;
    case 'failed':
      return `Gave up${answer}`;
  }
}
