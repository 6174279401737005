import {
  envelope,
  meetingParamsSchema,
  meetingTypeParamsSchema,
  meetingTypeSchema,
  saveMeetingScheduleRequestSchema,
} from '@keel/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import { objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import type { CalendarFile } from './meeting-schedule.service.js';
import { CALENDAR_CONTENT_TYPE } from './meetings.calendar.js';
import type { MeetingsService } from './meetings.service.js';

const org = '/organizations/:organizationId';

const sendCalendar = (reply: FastifyReply, file: CalendarFile) =>
  reply
    .code(200)
    .header('content-type', CALENDAR_CONTENT_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.content);

const calendarResponse = {
  200: z.unknown().describe(`${CALENDAR_CONTENT_TYPE}: an iCalendar file (RFC 5545), as a download`),
};

/** A team's regular meeting day, time and length, and the calendar files of meetings. */
export function meetingScheduleRoutes(service: MeetingsService) {
  return async function register(app: TypedApp) {
    const tags = ['meetings'];

    app.put(
      `${org}/teams/:teamId/meeting-types/:key/schedule`,
      objectRoute(tags, meetingTypeParamsSchema, saveMeetingScheduleRequestSchema, envelope(meetingTypeSchema)),
      async (request) => ({
        data: await service.saveSchedule(
          request.scope,
          request.params.teamId,
          request.params.key,
          request.body,
          clientMeta(request),
        ),
      }),
    );

    app.get(
      `${org}/teams/:teamId/meeting-types/:key/calendar.ics`,
      {
        schema: {
          tags,
          summary: "A team's regular meeting as a calendar file (.ics)",
          description:
            'A weekly event (RRULE) from the next occurrence of the day and time the team set, in the ' +
            "organization's time zone (TZID with its VTIMEZONE); 404 while the type has no regular day.",
          produces: ['text/calendar'],
          params: meetingTypeParamsSchema,
          response: calendarResponse,
        },
      },
      async (request, reply) =>
        sendCalendar(reply, await service.teamCalendar(request.scope, request.params.teamId, request.params.key)),
    );

    app.get(
      `${org}/meetings/:id/calendar.ics`,
      {
        schema: {
          tags,
          summary: 'One meeting as a calendar file (.ics)',
          description:
            "A single event at the meeting's scheduled time in the organization's time zone, as long as its " +
            "type's regular length or else its agenda's planned minutes.",
          produces: ['text/calendar'],
          params: meetingParamsSchema,
          response: calendarResponse,
        },
      },
      async (request, reply) => sendCalendar(reply, await service.meetingCalendar(request.scope, request.params.id)),
    );
  };
}
