import { meetingParamsSchema } from '@keel/contract';
import { z } from 'zod';
import type { TypedApp } from '../../http/types.js';
import { PDF_CONTENT_TYPE } from '../../pdf/pdf-document.js';
import type { MeetingsService } from './meetings.service.js';
import { sendFileDownload } from '../../http/file-download.js';

export function registerMeetingPdfRoute(app: TypedApp, service: MeetingsService) {
  app.get(
    '/organizations/:organizationId/meetings/:id/summary.pdf',
    {
      schema: {
        tags: ['meetings'],
        summary: 'A concluded meeting’s record as a PDF',
        description:
          'The meeting’s name, team, day and hours in the organization’s time zone, facilitator and scribe, who ' +
          'was present or absent with their ratings, the average rating, each section’s time planned and spent, ' +
          'the new to-dos (owner, due date), the issues solved, the messages cascaded and the week’s to-do ' +
          'completion, as frozen when it ended. A meeting that has not ended answers 409 (meeting.not_concluded). ' +
          'Anyone who may read the meeting, observers included.',
        produces: [PDF_CONTENT_TYPE],
        params: meetingParamsSchema,
        response: { 200: z.unknown().describe(`${PDF_CONTENT_TYPE}: the document, as a download`) },
      },
    },
    async (request, reply) => {
      const file = await service.summaryPdf(request.scope, request.params.id);
      return sendFileDownload(reply, file, PDF_CONTENT_TYPE);
    },
  );
}
