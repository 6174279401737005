import { businessPlanGoalsYear, businessPlanSectionTitle, type BusinessPlan } from '@keel/contract';
import { useTerminology } from '../../terminology/terminology.api';
import { GOAL_STATUS_LABELS, useAnnualGoals } from '../annual-goals.api';
import { isWrittenSection } from '../plan-content';
import { useCurrentQuarter, useLivePriorities, useLongTermIssues } from './LiveSections';
import { SectionView } from './SectionFields';

/**
 * Printing shows only this: the app's chrome and the editing page are left out, and the plan is set small in two
 * columns so that a full plan fits two A4 or Letter pages (the margins fit both).
 */
export const PLAN_PRINT_CSS = `
@page { margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  body * { visibility: hidden; }
  aside, header, footer, [data-print-hide] { display: none !important; }
  .min-h-dvh { min-height: 0 !important; }
  main { padding: 0 !important; }
  #business-plan-print, #business-plan-print * { visibility: visible; color: #0f172a !important; }
  #business-plan-print { position: absolute; left: 0; top: 0; width: 100%; font-size: 8pt; line-height: 1.3; }
  #business-plan-print * { font-size: inherit !important; line-height: inherit !important; }
  #business-plan-print h1 { font-size: 12pt !important; }
  #business-plan-print h2 { font-size: 9pt !important; }
}
`;

/** The plan as printed: every visible section with its title, the live lists as they are now. */
export function PlanPrintView({ plan }: { plan: BusinessPlan }) {
  const terms = useTerminology();
  const quarter = useCurrentQuarter();
  const goalsYear = businessPlanGoalsYear(plan.content, quarter?.year ?? new Date().getFullYear());
  const goals = useAnnualGoals(goalsYear, plan.teamId);
  const priorities = useLivePriorities(plan.teamId, plan.isCompanyPlan);
  const issues = useLongTermIssues(plan.teamId);
  const visible = plan.content.sections.filter((section) => !section.hidden);

  return (
    <div id="business-plan-print" className="hidden print:block">
      <h1 className="text-base font-bold">
        {terms.business_blueprint_label}: {plan.teamName}
      </h1>
      <p className="mb-2">
        {plan.version ? `Version ${plan.version}` : 'Not saved yet'}
        {plan.updatedBy ? `, saved by ${plan.updatedBy.name}` : ''}
      </p>
      <div className="columns-2 gap-6">
        {visible.map((section) => (
          <section key={section.key} className="mb-2 break-inside-avoid">
            <h2 className="mb-0.5 border-b border-slate-300 font-bold">{businessPlanSectionTitle(section, terms)}</h2>
            {isWrittenSection(section.key) ? <SectionView sectionKey={section.key} content={plan.content} /> : null}
            {section.key === 'one_year_plan' ? (
              <ul className="list-disc pl-4">
                {(goals.data?.data ?? []).map((goal) => (
                  <li key={goal.id}>
                    {goal.title}
                    {goal.owner ? ` — ${goal.owner.name}` : ''}, {GOAL_STATUS_LABELS[goal.status]}
                    {goal.target ? `, ${goal.target}` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            {section.key === 'quarterly_priorities' ? (
              <ul className="list-disc pl-4">
                {priorities.items.map((priority) => (
                  <li key={priority.id}>
                    {priority.title} — {priority.owner.name}
                  </li>
                ))}
              </ul>
            ) : null}
            {section.key === 'long_term_issues' ? (
              <ol className="list-decimal pl-4">
                {issues.items.map((issue) => (
                  <li key={issue.id}>{issue.title}</li>
                ))}
              </ol>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
