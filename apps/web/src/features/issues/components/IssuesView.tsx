import { useState } from 'react';
import type { Department, Issue, IssueHorizon } from '@keel/contract';
import { useTeamListPage } from '../../../lib/team-list-page';
import { SaveProblem } from '../../../ui/ConflictBanner';
import { inputClasses } from '../../../ui/Field';
import { EmptyNote, ListPage, ListStates, ShowMore } from '../../../ui/ListPage';
import { cx } from '../../../ui/cx';
import { ImportLink } from '../../imports/components/ImportLink';
import { useTerminology } from '../../terminology/terminology.api';
import { usePeople } from '../../people/people.api';
import { useIssueList, useSentIssues, type IssueListFilters } from '../issues.api';
import { inRankOrder } from '../issue-order';
import { CreateIssueForm } from './CreateIssueForm';
import { IssueDialog } from './IssueDialog';
import { IssueList } from './IssueList';
import { useIssueListChanges } from '../use-issue-list-changes';

interface IssuesViewProps {
  teamId: string;
  teamName: string;
  departments: Department[];
}

type Tab = IssueHorizon | 'solved';

/** One team's issues: short-term and long-term open lists in hand-made order, top three, votes; solved ones searchable. */
export function IssuesView({ teamId, teamName, departments }: IssuesViewProps) {
  const terms = useTerminology();
  const plural = terms.issues_label;
  const singular = terms.issue_singular;
  const { user, readOnly, reload } = useTeamListPage(plural, teamName, 'issue');
  const [tab, setTab] = useState<Tab>('short_term');
  const [search, setSearch] = useState('');
  const filters: IssueListFilters =
    tab === 'solved'
      ? { horizon: 'short_term', status: 'solved', search }
      : { horizon: tab, status: 'open', search: '' };
  const list = useIssueList(teamId, filters);
  const people = usePeople();
  const changes = useIssueListChanges(teamId, filters);
  const [openId, setOpenId] = useState<string | null>(null);

  const loaded: Issue[] = list.data?.pages.flatMap((page) => page.data) ?? [];
  const issues = tab === 'solved' ? loaded : inRankOrder(loaded);
  const open = issues.find((issue) => issue.id === openId);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'short_term', label: 'Short-term' },
    { id: 'long_term', label: 'Long-term' },
    { id: 'solved', label: 'Solved' },
  ];

  return (
    <ListPage
      titleId="issues-title"
      title={plural}
      subtitle={
        <>
          {teamName} · {terms.problem_solving_process}
        </>
      }
      actions={readOnly ? null : <ImportLink to="/issues/import" label={`Import ${plural}`} />}
    >
      <SaveProblem
        error={changes.error}
        singular={singular}
        fallback={`Could not change the ${singular}.`}
        onReload={() => {
          changes.reset();
          void reload();
        }}
      />

      <div role="tablist" aria-label={plural} className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            onClick={() => setTab(item.id)}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium pointer-coarse:min-h-11',
              tab === item.id
                ? 'border-blue-600 text-blue-700 dark:text-blue-300'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>

      {tab !== 'solved' && !readOnly && user ? (
        <CreateIssueForm teamId={teamId} horizon={tab} people={people.data ?? []} singular={singular} />
      ) : null}

      {tab === 'solved' ? (
        <input
          type="search"
          aria-label={`Search solved ${plural}`}
          placeholder={`Search solved ${plural}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={inputClasses(false)}
        />
      ) : null}

      <ListStates
        query={list}
        loadingLabel={`Loading ${plural}`}
        errorFallback={`The ${plural} could not be loaded.`}
        isEmpty={issues.length === 0}
        empty={
          <EmptyNote>
            {tab === 'solved'
              ? search
                ? `No solved ${plural} match “${search}”.`
                : `No solved ${plural} yet.`
              : `No open ${plural} here.${readOnly ? '' : ' Add the first one above.'}`}
          </EmptyNote>
        }
      >
        <>
          <IssueList
            issues={issues}
            label={tab === 'solved' ? `Solved ${plural}` : plural}
            readOnly={readOnly}
            sortable={tab !== 'solved'}
            onOpen={(issue) => setOpenId(issue.id)}
            onRank={changes.onRank}
            onVote={changes.onVote}
            onReorder={changes.onReorder}
          />
          <ShowMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => list.fetchNextPage()}
            className="text-center"
          />
        </>
      </ListStates>

      <SentTrail teamId={teamId} plural={plural} />

      {open && user ? (
        <IssueDialog
          issue={open}
          people={people.data ?? []}
          departments={departments}
          currentUserId={user.id}
          readOnly={readOnly}
          terms={terms}
          onClose={() => setOpenId(null)}
          onReload={reload}
        />
      ) : null}
    </ListPage>
  );
}

/** What this team sent elsewhere stays visible here, read-only. */
function SentTrail({ teamId, plural }: { teamId: string; plural: string }) {
  const sent = useSentIssues(teamId);
  const entries = sent.data?.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-label={`Sent ${plural}`} className="text-sm text-slate-600 dark:text-slate-300">
      <h2 className="mb-1 font-semibold text-slate-900 dark:text-white">Sent to other teams</h2>
      <ul className="grid gap-1">
        {entries.map((entry) => (
          <li key={entry.id}>
            “{entry.issueTitle}” sent to {entry.toTeam?.name ?? 'another team'}
            {entry.actor ? ` by ${entry.actor.name}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
