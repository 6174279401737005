import {
  ANNUAL_GOALS_PER_TEAM_YEAR_MAX,
  businessPlanGoalsYear,
  businessPlanSectionTitle,
  emptyBusinessPlanContent,
  fiscalQuarterOf,
  type BusinessPlanQuery,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { listAnnualGoals } from '../annual-goals/index.js';
import { openLongTermIssuesForPlan } from '../issues/index.js';
import { asReader, findOrganization, type Caller } from '../organizations/index.js';
import { quarterPrioritiesForPlan } from '../priorities/index.js';
import { organizationLabels } from '../terminology/index.js';
import { renderBusinessPlanPdf, type BusinessPlanPdfContent } from './business-plan.pdf-document.js';
import { readablePlan } from './business-plan.policy.js';

/** More would not fit on two pages anyway; the plan page shows the whole lists. */
const LIVE_ITEMS_MAX = 30;

/** A file name every browser and file system keeps. */
export const planFileName = (label: string, teamName: string) =>
  [...`${label} - ${teamName}.pdf`]
    .map((character) =>
      character < ' ' || character === '\u007f' || '\\/:*?"<>|'.includes(character) ? ' ' : character,
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

const dayText = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

export function businessPlanPdfUseCases(db: Database) {
  return {
    /** The plan as it reads now, live parts included, in at most two pages; for anyone who may read it. */
    pdf: async (caller: Caller, query: BusinessPlanQuery): Promise<{ fileName: string; content: Buffer }> => {
      const pdf = await asReader(db, caller, async (member): Promise<BusinessPlanPdfContent> => {
        const { organizationId } = member;
        const row = await readablePlan(member, query);
        const [organization, labels] = await Promise.all([
          findOrganization(organizationId),
          organizationLabels(organizationId),
        ]);
        const content = row.content ?? emptyBusinessPlanContent();
        const quarter = fiscalQuarterOf(new Date(), organization?.fiscalYearStartMonth ?? 1);
        const goalsYear = businessPlanGoalsYear(content, quarter.year);
        const scopes = row.isLeadershipTeam ? (['company'] as const) : (['company', 'team'] as const);
        const [goals, priorities, issues] = await Promise.all([
          listAnnualGoals(organizationId, {
            teamId: row.teamId,
            year: goalsYear,
            limit: ANNUAL_GOALS_PER_TEAM_YEAR_MAX,
          }),
          quarterPrioritiesForPlan(organizationId, row.teamId, quarter, scopes, LIVE_ITEMS_MAX),
          openLongTermIssuesForPlan(organizationId, row.teamId, LIVE_ITEMS_MAX),
        ]);
        return {
          organizationName: organization?.name ?? '',
          documentTitle: labels.business_blueprint_label,
          teamName: row.teamName,
          savedLine:
            row.version && row.updatedAt
              ? `Version ${row.version}, saved ${dayText(row.updatedAt)}${row.updatedByName ? ` by ${row.updatedByName}` : ''}`
              : 'Not saved yet',
          content,
          sections: content.sections
            .filter((section) => !section.hidden)
            .map((section) => ({ key: section.key, title: businessPlanSectionTitle(section, labels) })),
          live: { goalsYear, annualGoals: goals, priorities, longTermIssues: issues },
          words: {
            annualGoals: labels.annual_goals_label,
            priorities: labels.priorities_label,
            issues: labels.issues_label,
          },
        };
      });
      // Rendered after the read has given its connection back.
      return {
        fileName: planFileName(pdf.documentTitle, pdf.teamName),
        content: await renderBusinessPlanPdf(pdf),
      };
    },
  };
}
