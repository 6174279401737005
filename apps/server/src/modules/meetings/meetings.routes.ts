import {
  createMeetingTypeRequestSchema,
  emptyMeetingRequestSchema,
  envelope,
  meetingAttendanceRequestSchema,
  meetingListItemSchema,
  meetingListQuerySchema,
  meetingNotesRequestSchema,
  meetingPageSchema,
  meetingParamsSchema,
  meetingRatingRequestSchema,
  meetingRolesRequestSchema,
  meetingSchema,
  meetingTypeParamsSchema,
  meetingTypeSchema,
  navigateMeetingRequestSchema,
  organizationParamsSchema,
  saveMeetingTypeRequestSchema,
  startMeetingRequestSchema,
  successSchema,
  teamMeetingParamsSchema,
  updateWrittenRecapRequestSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import { createChildRoute, createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import { meetingScheduleRoutes } from './meeting-schedule.routes.js';
import { registerMeetingPdfRoute } from './meetings.pdf.routes.js';
import type { MeetingsService } from './meetings.service.js';

const org = '/organizations/:organizationId';
const one = envelope(meetingSchema);
const oneType = envelope(meetingTypeSchema);

export function meetingsRoutes(service: MeetingsService) {
  return async function register(app: TypedApp) {
    const tags = ['meetings'];
    await meetingScheduleRoutes(service)(app);

    app.get(
      `${org}/teams/:teamId/meeting-types`,
      {
        schema: {
          tags,
          description: 'The team’s meeting types: the four built in (its own agenda or the methodology’s) and its own.',
          params: teamMeetingParamsSchema,
          response: { 200: envelope(z.array(meetingTypeSchema)) },
        },
      },
      async (request) => ({ data: await service.listTypes(request.scope, request.params.teamId) }),
    );

    app.post(
      `${org}/teams/:teamId/meeting-types`,
      createChildRoute(tags, teamMeetingParamsSchema, createMeetingTypeRequestSchema, oneType),
      async (request, reply) =>
        reply.code(201).send({
          data: await service.createType(request.scope, request.params.teamId, request.body, clientMeta(request)),
        }),
    );

    app.put(
      `${org}/teams/:teamId/meeting-types/:key`,
      objectRoute(tags, meetingTypeParamsSchema, saveMeetingTypeRequestSchema, oneType),
      async (request) => ({
        data: await service.saveType(
          request.scope,
          request.params.teamId,
          request.params.key,
          request.body,
          clientMeta(request),
        ),
      }),
    );

    app.delete(
      `${org}/teams/:teamId/meeting-types/:key`,
      {
        schema: {
          tags,
          description: 'Deletes a team’s own meeting type; a built-in one goes back to its default agenda.',
          params: meetingTypeParamsSchema,
          response: { 200: successSchema },
        },
      },
      async (request) => {
        await service.deleteType(request.scope, request.params.teamId, request.params.key, clientMeta(request));
        return { success: true as const };
      },
    );

    app.get(
      `${org}/teams/:teamId/running-meeting`,
      {
        schema: {
          tags,
          description: 'The team’s live or paused meeting, or null: what "join now" opens.',
          params: teamMeetingParamsSchema,
          response: { 200: envelope(meetingSchema.nullable()) },
        },
      },
      async (request) => ({ data: await service.running(request.scope, request.params.teamId) }),
    );

    app.post(
      `${org}/meetings`,
      createRoute(
        tags,
        startMeetingRequestSchema,
        one,
        'Starts a meeting now, or schedules it when `scheduledAt` is given.',
      ),
      async (request, reply) =>
        reply.code(201).send({ data: await service.start(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${org}/meetings`,
      {
        schema: {
          tags,
          description: 'Meetings newest first (the history), by team, type, status and date.',
          params: organizationParamsSchema,
          querystring: meetingListQuerySchema,
          response: { 200: meetingPageSchema },
        },
      },
      async (request) => service.list(request.scope, request.query),
    );

    app.get(
      `${org}/meetings/active`,
      {
        schema: {
          tags,
          description: 'Admins: every live or paused meeting of the organization.',
          params: organizationParamsSchema,
          response: { 200: envelope(z.array(meetingListItemSchema)) },
        },
      },
      async (request) => ({ data: await service.active(request.scope) }),
    );

    app.get(
      `${org}/meetings/:id`,
      { schema: { tags, params: meetingParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(request.scope, request.params.id) }),
    );
    registerMeetingPdfRoute(app, service);

    const action = objectRoute(tags, meetingParamsSchema, emptyMeetingRequestSchema, one);
    app.post(`${org}/meetings/:id/start`, action, async (request) => ({
      data: await service.begin(request.scope, request.params.id),
    }));
    app.post(`${org}/meetings/:id/pause`, action, async (request) => ({
      data: await service.pause(request.scope, request.params.id),
    }));
    app.post(`${org}/meetings/:id/resume`, action, async (request) => ({
      data: await service.resume(request.scope, request.params.id),
    }));
    app.post(`${org}/meetings/:id/conclude`, action, async (request) => ({
      data: await service.conclude(request.scope, request.params.id, clientMeta(request)),
    }));
    app.post(`${org}/meetings/:id/end`, action, async (request) => ({
      data: await service.end(request.scope, request.params.id, clientMeta(request)),
    }));

    app.post(
      `${org}/meetings/:id/navigate`,
      objectRoute(tags, meetingParamsSchema, navigateMeetingRequestSchema, one),
      async (request) => ({ data: await service.navigate(request.scope, request.params.id, request.body) }),
    );
    app.put(
      `${org}/meetings/:id/notes`,
      objectRoute(tags, meetingParamsSchema, meetingNotesRequestSchema, one),
      async (request) => ({ data: await service.saveNotes(request.scope, request.params.id, request.body) }),
    );
    app.patch(
      `${org}/meetings/:id/written-recap`,
      objectRoute(tags, meetingParamsSchema, updateWrittenRecapRequestSchema, one),
      async (request) => ({
        data: await service.updateWrittenRecap(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );
    app.put(
      `${org}/meetings/:id/rating`,
      objectRoute(tags, meetingParamsSchema, meetingRatingRequestSchema, one),
      async (request) => ({ data: await service.rate(request.scope, request.params.id, request.body) }),
    );
    app.put(
      `${org}/meetings/:id/attendance`,
      objectRoute(tags, meetingParamsSchema, meetingAttendanceRequestSchema, one),
      async (request) => ({ data: await service.attendance(request.scope, request.params.id, request.body) }),
    );
    app.put(
      `${org}/meetings/:id/roles`,
      objectRoute(tags, meetingParamsSchema, meetingRolesRequestSchema, one),
      async (request) => ({ data: await service.roles(request.scope, request.params.id, request.body) }),
    );
  };
}
