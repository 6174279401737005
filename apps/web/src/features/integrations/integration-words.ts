import {
  API_KEY_AREA_NAMES,
  API_KEY_AREAS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type ApiKey,
  type ApiKeyArea,
  type ApiKeyScope,
  type Terminology,
  type WebhookDelivery,
  type WebhookEventType,
} from '@keel/contract';
import { meetingsLabel } from '../terminology/term-words';

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

/** An area's name in the organization's own words where it has them (its to-dos may be Tasks, its priorities Rocks). */
export function areaLabel(area: ApiKeyArea, terms: Terminology): string {
  switch (area) {
    case 'scorecard':
      return terms.scorecard_label;
    case 'priorities':
      return terms.priorities_label;
    case 'todos':
      return terms.todos_label;
    case 'issues':
      return terms.issues_label;
    case 'meetings':
      return meetingsLabel(terms);
    case 'processes':
      return terms.processes_label;
    default:
      return API_KEY_AREAS[area].label;
  }
}

/** "Tasks: read and write · Metrics: read", in the areas' order. */
export function scopesText(scopes: readonly ApiKeyScope[], terms: Terminology): string {
  return API_KEY_AREA_NAMES.flatMap((area) => {
    if (scopes.includes(`${area}:write`)) return [`${areaLabel(area, terms)}: read and write`];
    if (scopes.includes(`${area}:read`)) return [`${areaLabel(area, terms)}: read`];
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

const EVENT_WORDS: Record<WebhookEventType, (terms: Terminology) => string> = {
  'priority.created': (t) => `${t.priority_singular} created`,
  'priority.status_changed': (t) => `${t.priority_singular} status changed`,
  'todo.created': (t) => `${t.todo_singular} created`,
  'todo.completed': (t) => `${t.todo_singular} completed`,
  'issue.created': (t) => `${t.issue_singular} created`,
  'issue.solved': (t) => `${t.issue_singular} solved`,
  'headline.created': () => WEBHOOK_EVENTS['headline.created'].label,
  'scorecard.value_entered': (t) => `${t.scorecard_label} value entered`,
  'meeting.concluded': () => WEBHOOK_EVENTS['meeting.concluded'].label,
  'member.joined': () => WEBHOOK_EVENTS['member.joined'].label,
};

/** The event's name in the organization's words; an event this page does not know (a newer server) by its key. */
export function eventLabel(type: string, terms: Terminology): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Test event';
  return type in EVENT_WORDS ? EVENT_WORDS[type as WebhookEventType](terms) : type;
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
