import {
  envelope,
  memberImportPreviewSchema,
  memberImportResultSchema,
  organizationParamsSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import { NDJSON, answerImport } from '../imports/index.js';
import { readMemberImportUpload } from './member-import.upload.js';
import type { MemberImportService } from './member-import.service.js';

const tags = ['members'];
const FORM =
  'multipart/form-data with the file under "file": CSV (UTF-8/UTF-16/Windows-1252; comma, semicolon or tab) or ' +
  '.xlsx, at most 10 MB and 10,000 rows. Columns (first row, matched by name): E-mail (required), First name, ' +
  'Last name, Role (owner, admin, member or observer; empty = member; only an owner invites owners), Teams ' +
  '(names separated by ; or ,). Administrators only.';

export function memberImportRoutes(service: MemberImportService) {
  return async function register(app: TypedApp) {
    // A static segment: it takes precedence over the to-dos/issues/priorities imports' `:kind`.
    const base = '/organizations/:organizationId/imports/members';

    app.post(
      `${base}/preview`,
      {
        schema: {
          tags,
          summary: 'Reads a file of people to invite and checks every row; writes nothing',
          description: `${FORM} Answers each row's status (new, skipped: already a member or invited, invalid) and every row's problems.`,
          consumes: ['multipart/form-data'],
          params: organizationParamsSchema,
          response: { 200: envelope(memberImportPreviewSchema) },
        },
      },
      async (request) => {
        const caller = request.scope;
        const file = await readMemberImportUpload(request);
        return { data: await service.preview(caller, file) };
      },
    );

    app.post(
      base,
      {
        // Compression would hold back the progress lines until the end.
        compress: false,
        schema: {
          tags,
          summary: 'Invites every valid new person of the file, in one transaction',
          description:
            `${FORM} Rows with problems are left out and counted; members and open invitations are skipped, so ` +
            'importing the same file again changes nothing. The invitations are mailed after the transaction commits. ' +
            `With "Accept: ${NDJSON}" the answer is 200 streamed as newline-delimited JSON: progress lines, then one ` +
            'result or error line, as the other imports stream. 503 member_import.not_yet while invitations cannot be sent.',
          consumes: ['multipart/form-data'],
          produces: ['application/json', NDJSON],
          params: organizationParamsSchema,
          response: {
            201: envelope(memberImportResultSchema),
            200: z.unknown().describe(`${NDJSON}: progress lines, then a result or error line`),
          },
        },
      },
      async (request, reply) => {
        const caller = request.scope;
        const file = await readMemberImportUpload(request);
        const meta = clientMeta(request);
        return answerImport(
          request,
          reply,
          (progress) => service.commit(caller, file, meta, progress),
          'member import failed',
        );
      },
    );
  };
}
