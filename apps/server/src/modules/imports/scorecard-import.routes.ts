import {
  envelope,
  scorecardImportFormSchema,
  scorecardImportParamsSchema,
  scorecardImportPreviewSchema,
  scorecardImportResultSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import { NDJSON, answerImport } from './import-stream.js';
import { readImportUpload } from './import-upload.js';
import type { ScorecardImportService } from './scorecard-import.service.js';

const tags = ['imports'];
const FORM =
  'multipart/form-data: the text field "teamId" (the team the measurables join), optionally "mapping" (JSON: ' +
  '{ sheet?, columns?: { title|owner|goal|group|description|unit|frequency: header | null }, frequency?: ' +
  'weekly|monthly|quarterly, owners?: { name: memberId | null } }; absent parts are suggested from the headers), ' +
  'then the file under "file": CSV or .xlsx, at most 10 MB and 10,000 rows. Ninety\'s scorecard export (Group, ' +
  'Status, Title, Description, Owner, Goal, Average, then a column per week or month) or one row per measurable ' +
  "(Title, Owner, Goal, optionally Unit and Frequency, then period columns), or Keel's own .xlsx export " +
  "(Measurable, Owner, Goal, periods, average and Total ignored, a group's name alone in a row; units from the " +
  "cells' number formats). A column headed by a date " +
  '(11/23/2026, 2026-11-23, Nov 23, 2026, Nov 23 - Nov 29, Nov 2026) is a period: the frequency comes from ' +
  "their spacing, each maps to the organization's period containing it. Administrators only.";

export function scorecardImportRoutes(service: ScorecardImportService) {
  return async function register(app: TypedApp) {
    // A static segment: it is matched before the other kinds' `/imports/:kind` routes.
    const base = '/organizations/:organizationId/imports/scorecard';

    app.post(
      `${base}/preview`,
      {
        schema: {
          tags,
          summary: 'Reads a scorecard file and checks every row and cell; writes nothing',
          description:
            `${FORM} Answers the layout and frequency found, the period columns, each measurable row (owner ` +
            'match, goal read, unit guessed, values counted), every row and cell problem (such rows would be ' +
            'left out) and the owner names no member matches.',
          consumes: ['multipart/form-data'],
          params: scorecardImportParamsSchema,
          response: { 200: envelope(scorecardImportPreviewSchema) },
        },
      },
      async (request) => {
        const upload = await readImportUpload(request, scorecardImportFormSchema);
        return { data: await service.preview(request.scope, upload) };
      },
    );

    app.post(
      base,
      {
        // Compression would hold back the progress lines until the end.
        compress: false,
        schema: {
          tags,
          summary: 'Imports the measurables and values of the rows without problems, in one transaction',
          description:
            `${FORM} Groups are created by name (an existing group of the team with that name is reused); each ` +
            'measurable starts at its earliest imported period and each value keeps the imported goal. Rows with a ' +
            'problem are left out and listed in the result; a file with no row to import is refused whole (400 ' +
            `import.invalid_rows). With "Accept: ${NDJSON}" the answer is 200 streamed as progress lines, then a ` +
            'result or error line, as the other imports.',
          consumes: ['multipart/form-data'],
          produces: ['application/json', NDJSON],
          params: scorecardImportParamsSchema,
          response: {
            201: envelope(scorecardImportResultSchema),
            200: z.unknown().describe(`${NDJSON}: progress lines, then a result or error line (see above)`),
          },
        },
      },
      async (request, reply) => {
        const caller = request.scope;
        const upload = await readImportUpload(request, scorecardImportFormSchema);
        const meta = clientMeta(request);
        return answerImport(
          request,
          reply,
          (progress) => service.commit(caller, upload, meta, progress),
          'scorecard import failed',
        );
      },
    );
  };
}
