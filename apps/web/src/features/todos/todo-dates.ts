import { addDays } from '@keel/contract';

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in the person's own time zone: "due today" means their today, not UTC's. */
export const localToday = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

export type DueState = 'overdue' | 'today' | 'upcoming';

export function dueState(dueDate: string, today: string): DueState {
  if (dueDate < today) return 'overdue';
  return dueDate === today ? 'today' : 'upcoming';
}

/** The first day of the week containing `today`, for an organization whose week starts on `weekStartDay` (0 = Sunday). */
export function weekStartOf(today: string, weekStartDay: number): string {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, -((weekday - weekStartDay + 7) % 7));
}

export function formatDueDate(dueDate: string): string {
  const date = new Date(`${dueDate}T00:00:00Z`);
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
