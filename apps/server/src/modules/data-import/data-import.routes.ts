import { dataImportListSchema, dataImportSchema, envelope, uuidSchema } from '@keel/contract';
import { z } from 'zod';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import { openSingleFile } from '../../http/file-upload.js';
import type { TypedApp } from '../../http/types.js';
import { DEFAULT_IMPORT_LIMITS } from './data-import.archive.js';
import * as errors from './data-import.errors.js';
import type { DataImportService } from './data-import.service.js';

export const ARCHIVE_FIELD = 'archive';
const tags = ['data-export'];

export function dataImportRoutes(service: DataImportService, maxArchiveBytes = DEFAULT_IMPORT_LIMITS.maxArchiveBytes) {
  return async function register(app: TypedApp) {
    app.post(
      '/organizations/import',
      {
        schema: {
          tags,
          summary: 'Import an organization from its export archive',
          description:
            'multipart/form-data with the zip made by an export in the field "archive" (at most 2 GB). Answers 202 with the import, which a background job carries out: follow it with GET /organizations/imports/{importId}. It makes a new organization owned by the signed-in person with everything the archive holds: ids are given anew; people are found by e-mail or given an account, and those who were members are invited to join (never let in unasked). An archive that is plainly no export of Keel (not a zip, paths outside it, another format version, a zip bomb by its sizes) is refused at once with 400; one edited by hand inside (bad JSON, unknown tables or columns, changed files) makes the import fail with the reason, and nothing of it is kept. Any signed-in person.',
          consumes: ['multipart/form-data'],
          response: { 202: envelope(dataImportSchema) },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const upload = await openSingleFile(request, {
          field: ARCHIVE_FIELD,
          maxBytes: maxArchiveBytes,
          missing: errors.archiveMissing,
          malformed: errors.uploadMalformed,
        });
        const started = await service.start(auth.userId, upload.stream, clientMeta(request));
        return reply.code(202).send({ data: started });
      },
    );

    app.get(
      '/organizations/imports',
      {
        schema: {
          tags,
          summary: "The signed-in person's latest imports",
          response: { 200: dataImportListSchema },
        },
      },
      async (request) => ({ data: await service.list(requireAuth(request).userId) }),
    );

    app.get(
      '/organizations/imports/:importId',
      {
        schema: {
          tags,
          summary: 'One import of the signed-in person: its progress, then its outcome or why it failed',
          params: z.object({ importId: uuidSchema }),
          response: { 200: envelope(dataImportSchema) },
        },
      },
      async (request) => ({ data: await service.get(requireAuth(request).userId, request.params.importId) }),
    );
  };
}
