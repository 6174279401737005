import { envelope, importParamsSchema, importPreviewSchema, importResultSchema } from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import { NDJSON, answerImport } from './import-stream.js';
import { readImportUpload } from './import-upload.js';
import type { ImportsService } from './imports.service.js';

const tags = ['imports'];
const FORM =
  'multipart/form-data: the text field "teamId" (the team rows without a Team column go to), optionally "mapping" ' +
  '(JSON: { sheet?, columns?: { field: header | null }, milestoneSheet?, milestoneColumns?, owners?: { name: ' +
  'memberId | null } }; absent parts are suggested from the headers), then the file under "file": CSV ' +
  '(UTF-8/UTF-16/Windows-1252; comma, semicolon or tab) or .xlsx, at most 10 MB and 10,000 rows per sheet. ' +
  'Owners match members by full name or e-mail; "owners" gives the rows of an unmatched name to an active member ' +
  '(400 import.unknown_member otherwise), or with null leaves them out. ' +
  'To-dos need an administrator; priorities and issues any member but observers.';

export function importsRoutes(service: ImportsService) {
  return async function register(app: TypedApp) {
    const base = '/organizations/:organizationId/imports/:kind';

    app.post(
      `${base}/preview`,
      {
        schema: {
          tags,
          summary: 'Reads an import file and checks every row; writes nothing',
          description:
            `${FORM} Answers the sheets, the column mapping used, the first 20 rows mapped, every row's problems ` +
            '(such rows would be left out), how many rows would import and the owner names no member matches.',
          consumes: ['multipart/form-data'],
          params: importParamsSchema,
          response: { 200: envelope(importPreviewSchema) },
        },
      },
      async (request) => {
        const caller = request.scope;
        const upload = await readImportUpload(request);
        return { data: await service.preview(caller, request.params.kind, upload) };
      },
    );

    app.post(
      base,
      {
        // Compression would hold back the progress lines until the end.
        compress: false,
        schema: {
          tags,
          summary: 'Imports the rows of a file without problems, in one transaction',
          description:
            `${FORM} Rows with a problem are left out and listed in the result ("skipped", with why); ` +
            'a file with no row to import is refused whole (400 import.invalid_rows, details per row). ' +
            `With "Accept: ${NDJSON}" the answer is 200 streamed as newline-delimited JSON instead: ` +
            '{"type":"progress","stage":"reading|checking|writing","done":n,"total":m} lines, then one ' +
            '{"type":"result","data":{…}} or {"type":"error","status":…,"error":…,"code":…,"details"?:[…]} line. ' +
            'Errors found before the file is read (sign-in, form, size) keep their plain status.',
          consumes: ['multipart/form-data'],
          produces: ['application/json', NDJSON],
          params: importParamsSchema,
          response: {
            201: envelope(importResultSchema),
            200: z.unknown().describe(`${NDJSON}: progress lines, then a result or error line (see above)`),
          },
        },
      },
      async (request, reply) => {
        const caller = request.scope;
        const upload = await readImportUpload(request);
        const { kind } = request.params;
        const meta = clientMeta(request);
        return answerImport(
          request,
          reply,
          (progress) => service.commit(caller, kind, upload, meta, progress),
          'import failed',
        );
      },
    );
  };
}
