import { useState } from 'react';
import type { Department, Issue, IssueHorizon } from '@keel/contract';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useOrganizationId, useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { inputClasses } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { cx } from '../../../ui/cx';
import { useTerminology } from '../../terminology/terminology.api';
import { ConflictBanner } from '../../todos/components/ConflictBanner';
import { usePeople } from '../../todos/todos.api';
import {
  isConflict,
  issueKeys,
  useIssueList,
  useRankIssue,
  useReorderIssues,
  useSentIssues,
  useVoteIssue,
  type IssueListFilters,
} from '../issues.api';
import { CreateIssueForm } from './CreateIssueForm';
import { IssueDialog } from './IssueDialog';
import { IssueList } from './IssueList';

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
  usePageMeta({ title: plural, description: `${plural} of ${teamName}`, robots: 'noindex,nofollow' });
  const user = useSession((state) => state.user);
  const readOnly = user?.role === 'observer';
  const organizationId = useOrganizationId() ?? 'none';
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('short_term');
  const [search, setSearch] = useState('');
  const filters: IssueListFilters =
    tab === 'solved'
      ? { horizon: 'short_term', status: 'solved', search }
      : { horizon: tab, status: 'open', search: '' };
  const list = useIssueList(teamId, filters);
  const people = usePeople();
  const rank = useRankIssue();
  const vote = useVoteIssue();
  const reorder = useReorderIssues(teamId, filters);
  const [openId, setOpenId] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: issueKeys.all(organizationId) });

  const issues: Issue[] = list.data?.pages.flatMap((page) => page.data) ?? [];
  const open = issues.find((issue) => issue.id === openId);
  const mutationError = rank.error ?? vote.error ?? reorder.error;
  const tabs: { id: Tab; label: string }[] = [
    { id: 'short_term', label: 'Short-term' },
    { id: 'long_term', label: 'Long-term' },
    { id: 'solved', label: 'Solved' },
  ];

  return (
    <section aria-labelledby="issues-title" className="mx-auto grid max-w-5xl gap-4 py-6">
      <header>
        <h1 id="issues-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {plural}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {teamName} · {terms.problem_solving_process}
        </p>
      </header>

      {mutationError && isConflict(mutationError) ? (
        <ConflictBanner
          singular={singular}
          onReload={() => {
            rank.reset();
            vote.reset();
            reorder.reset();
            void reload();
          }}
        />
      ) : mutationError ? (
        <Banner tone="error">{errorText(mutationError, `Could not change the ${singular.toLowerCase()}.`)}</Banner>
      ) : null}

      <div role="tablist" aria-label={plural} className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            onClick={() => setTab(item.id)}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
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
          aria-label={`Search solved ${plural.toLowerCase()}`}
          placeholder={`Search solved ${plural.toLowerCase()}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={inputClasses(false)}
        />
      ) : null}

      {list.isPending ? (
        <Spinner className="size-6" label={`Loading ${plural.toLowerCase()}`} />
      ) : list.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {errorText(list.error, `The ${plural.toLowerCase()} could not be loaded.`)}
        </Banner>
      ) : issues.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {tab === 'solved'
            ? search
              ? `No solved ${plural.toLowerCase()} match “${search}”.`
              : `No solved ${plural.toLowerCase()} yet.`
            : `No open ${plural.toLowerCase()} here.${readOnly ? '' : ' Add the first one above.'}`}
        </p>
      ) : (
        <>
          <IssueList
            issues={issues}
            label={tab === 'solved' ? `Solved ${plural.toLowerCase()}` : plural}
            readOnly={readOnly}
            sortable={tab !== 'solved'}
            onOpen={(issue) => setOpenId(issue.id)}
            onRank={(issue, value) => rank.mutate({ issue, rank: value })}
            onVote={(issue) => vote.mutate(issue)}
            onReorder={(ids) =>
              reorder.mutate(ids, {
                onError: (error) =>
                  isConflict(error) ? undefined : toast.error(errorText(error, 'The new order was not saved.')),
              })
            }
          />
          {list.hasNextPage ? (
            <div className="text-center">
              <Button
                variant="secondary"
                size="sm"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Show more
              </Button>
            </div>
          ) : null}
        </>
      )}

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
    </section>
  );
}

/** What this team sent elsewhere stays visible here, read-only. */
function SentTrail({ teamId, plural }: { teamId: string; plural: string }) {
  const sent = useSentIssues(teamId);
  const entries = sent.data?.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-label={`Sent ${plural.toLowerCase()}`} className="text-sm text-slate-600 dark:text-slate-300">
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
