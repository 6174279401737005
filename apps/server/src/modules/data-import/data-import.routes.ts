import { dataImportResultSchema, envelope } from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import { openSingleFile } from '../../http/file-upload.js';
import type { TypedApp } from '../../http/types.js';
import { DEFAULT_IMPORT_LIMITS } from './data-import.archive.js';
import * as errors from './data-import.errors.js';
import type { DataImportService } from './data-import.service.js';

export const ARCHIVE_FIELD = 'archive';

export function dataImportRoutes(service: DataImportService, maxArchiveBytes = DEFAULT_IMPORT_LIMITS.maxArchiveBytes) {
  return async function register(app: TypedApp) {
    app.post(
      '/organizations/import',
      {
        schema: {
          tags: ['data-export'],
          summary: 'Import an organization from its export archive',
          description:
            'multipart/form-data with the zip made by an export in the field "archive" (at most 2 GB). Creates a new organization owned by the signed-in person with everything the archive holds: ids are given anew, people are matched by e-mail or made invited members (no mail is sent). The archive is checked through before anything is written; a hand-edited archive (bad JSON, another format version, paths outside it, unknown tables or columns, changed files) or a zip bomb is refused with 400 and nothing is imported. Any signed-in person.',
          consumes: ['multipart/form-data'],
          response: { 201: envelope(dataImportResultSchema) },
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
        const result = await service.importArchive(auth.userId, upload.stream, clientMeta(request));
        return reply.code(201).send({ data: result });
      },
    );
  };
}
