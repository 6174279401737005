import { organizationParamsSchema, scorecardExportQuerySchema } from '@keel/contract';
import { z } from 'zod';
import type { TypedApp } from '../../http/types.js';
import { XLSX_CONTENT_TYPE, type ScorecardExportService } from './scorecard.export.js';

export function scorecardExportRoutes(service: ScorecardExportService) {
  return async function register(app: TypedApp) {
    app.get(
      '/organizations/:organizationId/scorecard/export',
      {
        schema: {
          tags: ['scorecard'],
          summary: "A team's scorecard view as an Excel workbook (.xlsx)",
          description:
            'The same grid as GET …/scorecard with the same query (teamId, frequency, view, or from and to, ' +
            'includeArchived): the header row first (measurable, owner, goal, one column per period headed by its ' +
            "first day as a date cell, the view's average, total), a row with each group's name alone, one row per " +
            "measurable; the team, frequency and view are in the sheet's name, print header and workbook properties, " +
            "so the scorecard import reads the file back. Numbers stay numbers with their unit's " +
            'format (percent, currency with its code, time as h:mm, yes/no as text); each cell is filled green, ' +
            'yellow, red or grey as on the page; notes are cell comments. Anyone who may read the scorecard, ' +
            'observers included.',
          produces: [XLSX_CONTENT_TYPE],
          params: organizationParamsSchema,
          querystring: scorecardExportQuerySchema,
          response: { 200: z.unknown().describe(`${XLSX_CONTENT_TYPE}: the workbook, as a download`) },
        },
      },
      async (request, reply) => {
        const file = await service.exportXlsx(request.scope, request.query);
        return reply
          .code(200)
          .header('content-type', XLSX_CONTENT_TYPE)
          .header(
            'content-disposition',
            `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.content);
      },
    );
  };
}
