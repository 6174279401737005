import type { Database } from '../../db/database.js';
import { asReader, type Caller } from '../organizations/index.js';
import { findOrganization } from '../people/index.js';
import { organizationLabels } from '../terminology/index.js';
import * as errors from './processes.errors.js';
import { renderProcessPdf, type ProcessPdfContent } from './processes.pdf-document.js';
import * as repository from './processes.repository.js';

/** A file name every browser and file system keeps: the process's words without what a path would mind. */
export const processFileName = (title: string) =>
  [...`${title}.pdf`]
    .map((character) =>
      character < ' ' || character === '\u007f' || '\\/:*?"<>|'.includes(character) ? ' ' : character,
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

const STATUS_TEXT = { draft: 'Draft', published: 'Published', archived: 'Archived' } as const;

/** The PDF of one process as it stands now, for anyone who may read it. */
export function createProcessPdfService(deps: { db: Database }) {
  return {
    pdf: async (caller: Caller, id: string): Promise<{ fileName: string; content: Buffer }> => {
      const content = await asReader(deps.db, caller, async ({ organizationId, userId }) => {
        const row = await repository.findProcessSummary(organizationId, userId, id);
        if (!row) throw errors.processNotFound();
        const [steps, organization, words] = await Promise.all([
          repository.findProcessSteps(organizationId, id),
          findOrganization(organizationId),
          organizationLabels(organizationId),
        ]);
        const pdf: ProcessPdfContent = {
          organizationName: organization?.name ?? '',
          processWord: words.process_singular,
          title: row.title,
          teamName: row.teamName,
          ownerName: row.ownerId ? `${row.ownerFirstName ?? ''} ${row.ownerLastName ?? ''}`.trim() : null,
          statusText:
            row.status === 'published' && row.publishedVersion !== null
              ? `Published (version ${row.publishedVersion})`
              : STATUS_TEXT[row.status],
          nextReviewOn: row.nextReviewOn,
          purpose: row.purpose,
          steps: steps ?? [],
        };
        return pdf;
      });
      // Rendered after the read has given its connection back.
      return { fileName: processFileName(content.title) || 'process.pdf', content: await renderProcessPdf(content) };
    },
  };
}

export type ProcessPdfService = ReturnType<typeof createProcessPdfService>;
