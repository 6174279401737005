import { z } from 'zod';
import { isoDateTimeSchema } from './common.js';

/**
 * A person's calendar feed: a secret address Google Calendar, Outlook or Apple Calendar subscribe to, with the
 * meetings of the person's teams and the due dates of their open to-dos and priorities.
 */
export const calendarFeedSchema = z.object({
  /** The secret address (https://…/api/v1/calendar/<token>.ics); anyone holding it can read the feed. */
  url: z.string(),
  createdAt: isoDateTimeSchema,
  /** When the address was last replaced; null while it is the first one. */
  resetAt: isoDateTimeSchema.nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A feed token as it appears in the address: 43 base64url characters (32 random bytes). */
export const calendarFeedTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Unknown calendar address' }),
});

/** How often calendars are asked to fetch the feed again. */
export const CALENDAR_FEED_REFRESH_MINUTES = 60;
export const CALENDAR_FEED_DAYS_BACK = 60;
export const CALENDAR_FEED_DAYS_AHEAD = 180;
