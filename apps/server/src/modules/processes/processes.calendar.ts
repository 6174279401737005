import { addDays } from '@keel/contract';

/** The date in `timeZone` at `now` (UTC for a zone this runtime does not know: a review date is never a 500). */
export function localDate(timeZone: string, now: Date): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The next review: `everyDays` after today in the organization's calendar. */
export const nextReviewFrom = (timeZone: string, now: Date, everyDays: number) =>
  addDays(localDate(timeZone, now), everyDays);
