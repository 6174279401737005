import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PROCESS_SEARCH_MAX, PROCESS_STATUSES, type ProcessStatus } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { importWithReload } from '../../../lib/chunk-reload';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { EmptyNote, ListPage, ListStates, ShowMore } from '../../../ui/ListPage';
import { Spinner } from '../../../ui/Spinner';
import { cx } from '../../../ui/cx';
import { useMyDepartments } from '../../departments/departments.api';
import { usePeople } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import { CreateProcessDialog } from '../components/CreateProcessDialog';
import { ProcessList } from '../components/ProcessList';
import { ProcessView } from '../components/ProcessView';
import { STATUS_NAMES } from '../components/process-words';
import { useProcess, useProcesses } from '../processes.api';

/** The editor brings TipTap: loaded only when someone edits, so reading a process stays light. */
const ProcessEditor = lazy(() =>
  importWithReload(() => import('../components/ProcessEditor')).then((module) => ({ default: module.ProcessEditor })),
);

const isStatus = (value: string | null): value is ProcessStatus =>
  value !== null && (PROCESS_STATUSES as readonly string[]).includes(value);

/** `/processes`: the list (team, status, search) or, with `?process=<id>`, one process to read or edit. */
export default function ProcessesPage() {
  const terms = useTerminology();
  usePageMeta({
    title: terms.processes_label,
    description: 'How the work is done, step by step, and who follows it.',
    robots: 'noindex,nofollow',
  });
  const [params, setParams] = useSearchParams();
  const processId = params.get('process');
  return processId ? (
    <OneProcess key={processId} id={processId} backHref={`/processes?${withoutProcess(params)}`} />
  ) : (
    <ProcessIndex params={params} setParams={setParams} />
  );
}

const withoutProcess = (params: URLSearchParams) => {
  const next = new URLSearchParams(params);
  next.delete('process');
  return next.toString();
};

interface ProcessIndexProps {
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
}

function ProcessIndex({ params, setParams }: ProcessIndexProps) {
  const terms = useTerminology();
  const user = useSession((state) => state.user);
  const teams = useMyDepartments();
  const allTeams = teams.data?.departments ?? [];
  const isAdmin = user?.role === 'admin' || user?.role === 'owner';
  const writableTeams = allTeams.filter((team) => isAdmin || team.is_member);
  const teamId = params.get('team');
  const status = isStatus(params.get('status')) ? (params.get('status') as ProcessStatus) : 'published';
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [creating, setCreating] = useState(false);
  const list = useProcesses({ teamId, status, search: params.get('search') ?? '' });
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const open = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('process', id);
    return `/processes?${next}`;
  };

  return (
    <ListPage
      titleId="page-title"
      title={terms.processes_label}
      subtitle="How the work is done, step by step, and how many people follow each one."
      actions={
        user?.role !== 'observer' && writableTeams.length > 0 ? (
          <Button onClick={() => setCreating(true)}>New {terms.process_singular}</Button>
        ) : undefined
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={terms.team_label}
          value={teamId ?? ''}
          onChange={(event) => update({ team: event.target.value || null })}
        >
          <option value="">All</option>
          {allTeams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            update({ search: search.trim() || null });
          }}
        >
          <TextField
            label="Search by title"
            type="search"
            value={search}
            maxLength={PROCESS_SEARCH_MAX}
            onChange={(event) => setSearch(event.target.value)}
            onBlur={() => update({ search: search.trim() || null })}
          />
        </form>
      </div>
      <nav aria-label="Status" className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700">
        {PROCESS_STATUSES.map((tab) => (
          <button
            key={tab}
            type="button"
            aria-pressed={tab === status}
            onClick={() => update({ status: tab })}
            className={cx(
              '-mb-px min-h-11 border-b-2 px-3 text-sm font-medium',
              tab === status
                ? 'border-brand text-slate-900 dark:text-white'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            {STATUS_NAMES[tab]}
          </button>
        ))}
      </nav>
      <ListStates
        query={list}
        loadingLabel={`Loading ${terms.processes_label}`}
        errorFallback={`The ${terms.processes_label} could not be loaded. Please try again.`}
        isEmpty={items.length === 0}
        empty={
          <EmptyNote>
            {params.get('search')
              ? `No ${STATUS_NAMES[status].toLowerCase()} ${terms.processes_label} match “${params.get('search')}”.`
              : status === 'published'
                ? `No published ${terms.processes_label} yet. Write down how a piece of work is done, then publish it so everyone can follow it.`
                : `No ${STATUS_NAMES[status].toLowerCase()} ${terms.processes_label}.`}
          </EmptyNote>
        }
      >
        <ProcessList
          processes={items}
          label={`${STATUS_NAMES[status]} ${terms.processes_label}`}
          hrefOf={(process) => open(process.id)}
        />
        <ShowMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => list.fetchNextPage()} />
      </ListStates>
      {creating ? (
        <CreateProcessDialog
          teams={writableTeams}
          defaultTeamId={teamId ?? undefined}
          onClose={() => setCreating(false)}
          onCreated={(process) => {
            setCreating(false);
            const next = new URLSearchParams(params);
            next.set('process', process.id);
            next.set('edit', '1');
            setParams(next);
          }}
        />
      ) : null}
    </ListPage>
  );
}

function OneProcess({ id, backHref }: { id: string; backHref: string }) {
  const terms = useTerminology();
  const user = useSession((state) => state.user);
  const [params, setParams] = useSearchParams();
  const process = useProcess(id);
  const teams = useMyDepartments();
  const people = usePeople();
  const editing = params.get('edit') === '1' && process.data?.canEdit === true;
  const setEditing = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('edit', '1');
    else next.delete('edit');
    setParams(next, { replace: true });
  };
  return (
    <section aria-labelledby="page-title" className="mx-auto grid max-w-4xl gap-4 py-6">
      <div className="print:hidden">
        <Link to={backHref} className="text-sm text-blue-800 underline dark:text-blue-300">
          All {terms.processes_label}
        </Link>
      </div>
      <h1 id="page-title" className="sr-only">
        {terms.process_singular}
      </h1>
      {process.isPending ? (
        <Spinner label={`Loading the ${terms.process_singular}`} className="size-6" />
      ) : process.isError ? (
        <Banner tone="error">{errorText(process.error, `This ${terms.process_singular} could not be loaded.`)}</Banner>
      ) : editing ? (
        <Suspense fallback={<Spinner label="Loading the editor" className="size-6" />}>
          <ProcessEditor
            process={process.data}
            teams={(teams.data?.departments ?? []).filter(
              (team) =>
                team.is_member || team.id === process.data.teamId || user?.role === 'admin' || user?.role === 'owner',
            )}
            people={people.data ?? []}
            onDone={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <ProcessView process={process.data} readOnly={user?.role === 'observer'} onEdit={() => setEditing(true)} />
      )}
    </section>
  );
}
