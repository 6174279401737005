import type { DashboardHeadline, DashboardIssue } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { useTerminology } from '../../terminology/terminology.api';
import { useDashboardSection } from '../dashboard.api';
import { useQuickAdd } from '../quick-add-store';
import { ItemLink, TeamTag } from './ItemLink';
import { SectionCard, listClasses } from './SectionCard';

const HORIZON = { short_term: 'Short term', long_term: 'Long term' } as const;
const HEADLINE_TYPE = { customer: 'Customer', employee: 'Employee', other: 'Other' } as const;

function IssueItem({ issue }: { issue: DashboardIssue }) {
  return (
    <li className="grid gap-0.5 py-2">
      <span>
        {issue.priorityRank !== null ? (
          <span className="mr-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
            Top {issue.priorityRank}
          </span>
        ) : null}
        <ItemLink kind="issue" teamId={issue.team.id}>
          {issue.title}
        </ItemLink>
      </span>
      <p className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>{HORIZON[issue.horizon]}</span>
        <TeamTag name={issue.team.name} />
      </p>
    </li>
  );
}

function HeadlineItem({ headline }: { headline: DashboardHeadline }) {
  return (
    <li className="grid gap-0.5 py-2">
      <ItemLink kind="headline" teamId={headline.team.id}>
        {headline.text}
      </ItemLink>
      <p className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>{HEADLINE_TYPE[headline.type]}</span>
        <span>{headline.owner.name}</span>
        {headline.status === 'discussed' ? <span>Discussed</span> : null}
        <TeamTag name={headline.team.name} />
      </p>
    </li>
  );
}

export function IssuesSection() {
  const terms = useTerminology();
  const showQuickAdd = useQuickAdd((state) => state.show);
  const query = useDashboardSection('issues');
  const issues = query.data?.issues;
  return (
    <SectionCard
      title={`My ${terms.issues_label}`}
      loading={query.isPending}
      failed={query.isError}
      total={issues?.total}
      shown={issues?.items.length}
      viewAll={{ to: '/issues', label: `All ${terms.issues_label}` }}
      isEmpty={(issues?.items.length ?? 0) === 0}
      empty={
        <>
          No open {terms.issues_label} owned by you.{' '}
          <Button variant="secondary" size="sm" onClick={() => showQuickAdd('issue')}>
            New {terms.issue_singular}
          </Button>
        </>
      }
    >
      <ul className={listClasses}>
        {issues?.items.map((issue) => (
          <IssueItem key={issue.id} issue={issue} />
        ))}
      </ul>
    </SectionCard>
  );
}

export function HeadlinesSection() {
  const showQuickAdd = useQuickAdd((state) => state.show);
  const query = useDashboardSection('headlines');
  const headlines = query.data?.headlines;
  return (
    <SectionCard
      title="Recent headlines"
      loading={query.isPending}
      failed={query.isError}
      total={headlines?.total}
      shown={headlines?.items.length}
      viewAll={{ to: '/headlines', label: 'All headlines' }}
      isEmpty={(headlines?.items.length ?? 0) === 0}
      empty={
        <>
          No headlines from you or your teams yet.{' '}
          <Button variant="secondary" size="sm" onClick={() => showQuickAdd('headline')}>
            Share a headline
          </Button>
        </>
      }
    >
      <ul className={listClasses}>
        {headlines?.items.map((headline) => (
          <HeadlineItem key={headline.id} headline={headline} />
        ))}
      </ul>
    </SectionCard>
  );
}
