import type { HealthLevel, IsolationCheck, JobKind, TenantRefusal } from '@keel/contract';

type IsolationCheckKey = IsolationCheck['key'];

export const JOB_KIND_LABELS: Record<JobKind, string> = {
  'mail.deliver': 'Mail delivery',
  'database.backup': 'Database backup',
  'scorecard.reminders': 'Scorecard reminders',
  'processes.review-reminders': 'Process review reminders',
  'storage.move': 'Moving files to another storage',
  'webhooks.deliver': 'Webhook delivery',
  'data.export': 'Export of all data',
  'data.import': 'Import of an organization',
  'analytics.forward': 'Product analytics to PostHog',
  'chat.post': 'Slack or Teams message',
  'billing.stripe-event': 'Billing update from Stripe',
  'billing.trial-reminders': 'Trial ending reminders',
  'meetings.recap-draft': 'Meeting recap drafted by the assistant',
};

/** A kind the web does not know yet (a newer server) still shows, by its key. */
export const jobKindLabel = (kind: string) => JOB_KIND_LABELS[kind as JobKind] ?? kind;

/** The words beside each health colour, so no one has to tell green from red. */
export const HEALTH_LEVEL_WORDS: Record<HealthLevel, string> = {
  green: 'Healthy',
  amber: 'Needs attention',
  red: 'Not working',
};

const KB = 1024;
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** A size for people: "812 bytes", "4.2 MB", "72.9 GB", "252 GB" (one decimal below 100 of a unit, none after). */
export function byteSize(bytes: number): string {
  if (bytes < KB) return `${bytes.toLocaleString('en-US')} bytes`;
  let value = bytes / KB;
  let unit = 0;
  while (value >= KB && unit < UNITS.length - 1) {
    value /= KB;
    unit += 1;
  }
  return `${value < 100 ? Number(value.toFixed(1)) : Math.round(value).toLocaleString('en-US')} ${UNITS[unit]}`;
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** Closer than this to `now` reads "just now": a clock a second or two off must not show "in 2 seconds". */
const JUST_NOW_SECONDS = 5;

/** "just now", "5 seconds ago", "3 hours ago", "yesterday", from `now`. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(value) < JUST_NOW_SECONDS) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relativeFormat.format(Math.round(value), unit);
    value /= size;
  }
  return relativeFormat.format(Math.round(value), 'year');
}

const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The exact moment, in the reader's own time zone, for a title or a table cell. */
export const exactTime = (iso: string) => exactFormat.format(new Date(iso));

/** "3 days 4 hours", "12 minutes", "40 seconds": the two largest units that are not zero. */
export function durationWords(seconds: number): string {
  const units: Array<[string, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const [name, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 && parts.length < 2) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
    else if (parts.length > 0) break;
  }
  return parts.length > 0 ? parts.join(' ') : '0 seconds';
}

/** "3 ms", "0.4 ms", "1.2 s". */
export function milliseconds(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return ms < 10 ? `${Number(ms.toFixed(1))} ms` : `${Math.round(ms)} ms`;
}

export const ISOLATION_CHECK_LABELS: Record<IsolationCheckKey, string> = {
  app_role_cannot_bypass: 'The application cannot bypass row-level security',
  tables_force_rls: 'Every organization table forces row-level security',
  other_tenant_sees_nothing: 'Another organization sees none of your rows',
};

export const REFUSAL_DIRECTION_WORDS: Record<TenantRefusal['direction'], string> = {
  outgoing: 'Someone here named another organization',
  incoming: 'Someone elsewhere named this organization',
};
