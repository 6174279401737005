import type { Database } from '../../db/database.js';
import { asReader, type Caller } from '../organizations/index.js';
import { organizationLabels } from '../terminology/index.js';
import * as errors from './org-chart.errors.js';
import { toPublication } from './org-chart.mapping.js';
import { renderOrgChartPdf, type OrgChartPdfContent } from './org-chart.pdf-document.js';
import * as repository from './org-chart.repository.js';

const dayText = (iso: string, timeZone: string) => {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(iso),
    );
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
};

/** A file name every browser and file system keeps. */
const fileNameOf = (label: string, day: string) =>
  [...`${label} ${day}.pdf`]
    .map((character) =>
      character < ' ' || character === '\u007f' || '\\/:*?"<>|'.includes(character) ? ' ' : character,
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** The published chart as a PDF: what everyone sees, never the draft. An empty chart is refused, not an empty file. */
export function orgChartPdfUseCase(db: Database) {
  return {
    chartPdf: async (caller: Caller): Promise<{ fileName: string; content: Buffer }> => {
      const { pdf, fileName } = await asReader(db, caller, async ({ organizationId }) => {
        const row = await repository.latestPublication(organizationId);
        if (!row) throw errors.nothingPublished();
        const publication = toPublication(row);
        if (publication.seats.length === 0) throw errors.emptyPublication();
        const teamIds = [...new Set(publication.seats.flatMap((seat) => seat.teamId ?? []))];
        const [organization, words, teams] = await Promise.all([
          repository.findOrganization(organizationId),
          organizationLabels(organizationId),
          repository.findActiveTeams(organizationId, teamIds),
        ]);
        const day = dayText(publication.publishedAt, organization?.timezone ?? 'UTC');
        const by = publication.publishedBy ? ` by ${publication.publishedBy.name}` : '';
        const content: OrgChartPdfContent = {
          organizationName: organization?.name ?? '',
          chartLabel: words.accountability_chart_label,
          publishedText: `Version ${publication.version}, published ${day}${by}`,
          seats: publication.seats,
          teamNames: new Map(teams.map((team) => [team.id, team.name])),
          teamLabel: words.team_label,
        };
        return {
          pdf: content,
          fileName: fileNameOf(words.accountability_chart_label, publication.publishedAt.slice(0, 10)),
        };
      });
      // Rendered after the read has given its connection back.
      return { fileName, content: await renderOrgChartPdf(pdf) };
    },
  };
}
