import {
  calendarFeedSchema,
  calendarFeedTokenParamsSchema,
  envelope,
  organizationParamsSchema,
  successSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import { CALENDAR_CONTENT_TYPE } from '../meetings/index.js';
import { UNKNOWN_ADDRESS_MESSAGE, type CalendarFeedService } from './calendar-feed.service.js';

const tags = ['calendar-feed'];
const feed = '/organizations/:organizationId/calendar-feed';

/**
 * Calendars fetch every address from a few shared addresses of their own (Google's servers), so the limit is
 * per calendar address, not per IP: one person's feed fetched in a loop cannot crowd out everyone else's.
 */
const FEED_FETCHES_PER_MINUTE = 30;

export function calendarFeedRoutes(service: CalendarFeedService) {
  return async function register(app: TypedApp) {
    app.get(
      feed,
      {
        schema: {
          tags,
          summary: "The caller's secret calendar address (made on the first ask)",
          params: organizationParamsSchema,
          response: { 200: envelope(calendarFeedSchema) },
        },
      },
      async (request) => ({ data: await service.get(request.scope, clientMeta(request)) }),
    );

    app.post(
      `${feed}/reset`,
      {
        schema: {
          tags,
          summary: 'A new calendar address; the old one stops working at once',
          params: organizationParamsSchema,
          response: { 200: envelope(calendarFeedSchema) },
        },
      },
      async (request) => ({ data: await service.reset(request.scope, clientMeta(request)) }),
    );

    app.delete(
      feed,
      {
        schema: {
          tags,
          summary: "Turns the caller's calendar feed off (its address stops working)",
          params: organizationParamsSchema,
          response: { 200: envelope(successSchema) },
        },
      },
      async (request) => {
        await service.turnOff(request.scope, clientMeta(request));
        return { data: { success: true as const } };
      },
    );

    app.get(
      '/calendar/:token.ics',
      {
        config: {
          public: true,
          rateLimit: {
            max: FEED_FETCHES_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request) => `calendar-feed:${(request.params as { token?: string }).token ?? ''}`,
          },
        },
        schema: {
          tags,
          summary: "A person's calendar feed (iCalendar), for Google Calendar, Outlook and Apple Calendar",
          description:
            "Needs no session: the secret token is the key. The meetings of the person's teams (regular ones as " +
            "weekly events in the organization's time zone) and their open to-dos and priorities as all-day " +
            'events on their due dates, 60 days back to 180 days ahead. An unknown or replaced address, or one of ' +
            'a person no longer active in the organization: 404 with a plain-text sentence.',
          produces: [CALENDAR_CONTENT_TYPE.split(';')[0]!],
          params: calendarFeedTokenParamsSchema,
          response: {
            200: z.unknown().describe(`${CALENDAR_CONTENT_TYPE}: an iCalendar feed (RFC 5545)`),
            404: z.unknown().describe(`text/plain: ${UNKNOWN_ADDRESS_MESSAGE}`),
          },
        },
      },
      async (request, reply) => {
        const calendar = await service.feed(request.params.token);
        reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
        if (calendar === null) {
          return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send(UNKNOWN_ADDRESS_MESSAGE);
        }
        return reply
          .code(200)
          .header('content-type', CALENDAR_CONTENT_TYPE)
          .header('content-disposition', 'inline; filename="keel.ics"')
          .header('x-robots-tag', 'noindex')
          .send(calendar);
      },
    );
  };
}
