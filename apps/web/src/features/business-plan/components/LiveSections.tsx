import type { FiscalQuarterInfo, Issue, Priority } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { useIssueList } from '../../issues/issues.api';
import { useFiscalQuarters, usePriorityList } from '../../priorities/priorities.api';
import { quarterName, STATUS_TEXT } from '../../priorities/priority-format';
import { useTerminology } from '../../terminology/terminology.api';

/** The quarter the plan's priorities are of: the organization's current fiscal quarter. */
export const useCurrentQuarter = (): FiscalQuarterInfo | undefined =>
  useFiscalQuarters().data?.quarters.find((quarter) => quarter.current);

/** The company plan lists the company's priorities; a team's plan its team and company ones (not individual). */
export const planPriorities = (priorities: readonly Priority[], isCompanyPlan: boolean) =>
  priorities.filter((priority) =>
    isCompanyPlan ? priority.scope === 'company' : priority.scope === 'company' || priority.scope === 'team',
  );

export function useLivePriorities(teamId: string, isCompanyPlan: boolean) {
  const quarter = useCurrentQuarter();
  const list = usePriorityList(
    teamId,
    quarter ? { kind: 'quarter', year: quarter.year, quarter: quarter.quarter } : null,
  );
  return { quarter, list, items: planPriorities(list.data?.data ?? [], isCompanyPlan) };
}

export const useLongTermIssues = (teamId: string) => {
  const list = useIssueList(teamId, { horizon: 'long_term', status: 'open', search: '' });
  return { list, items: list.data?.pages.flatMap((page) => page.data) ?? ([] as Issue[]) };
};

const MUTED = 'text-sm text-slate-600 dark:text-slate-400';

/** This quarter's priorities of the plan's team, live from the priorities page. */
export function LivePriorities({ teamId, isCompanyPlan }: { teamId: string; isCompanyPlan: boolean }) {
  const terms = useTerminology();
  const { quarter, list, items } = useLivePriorities(teamId, isCompanyPlan);
  if (list.isError) {
    return <Banner tone="error">{errorText(list.error, `The ${terms.priorities_label} could not be loaded.`)}</Banner>;
  }
  if (!quarter || list.isPending) return <Spinner label="Loading" className="size-5" />;
  return (
    <div className="space-y-2">
      <p className={MUTED}>
        {quarterName(terms.quarter_label, quarter)}, live from{' '}
        <TextLink to="/quarterly-priorities">{terms.priorities_label}</TextLink>
      </p>
      {items.length === 0 ? (
        <p className={MUTED}>No {terms.priorities_label} this quarter.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {items.map((priority) => (
            <li key={priority.id} className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium wrap-anywhere">{priority.title}</span>
              <span className="text-slate-700 dark:text-slate-300">
                {priority.owner.name} · {STATUS_TEXT[priority.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The plan's team's open long-term issues, live from the issues page. */
export function LiveLongTermIssues({ teamId }: { teamId: string }) {
  const terms = useTerminology();
  const { list, items } = useLongTermIssues(teamId);
  if (list.isError) {
    return <Banner tone="error">{errorText(list.error, `The ${terms.issues_label} could not be loaded.`)}</Banner>;
  }
  if (list.isPending) return <Spinner label="Loading" className="size-5" />;
  return (
    <div className="space-y-2">
      <p className={MUTED}>
        Open and long-term, live from <TextLink to="/issues">{terms.issues_label}</TextLink>
      </p>
      {items.length === 0 ? (
        <p className={MUTED}>No open long-term {terms.issues_label}.</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {items.map((issue) => (
            <li key={issue.id} className="wrap-anywhere">
              {issue.title}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
