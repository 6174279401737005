import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Department, Headline } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Checkbox } from '../../../ui/Checkbox';
import { ListStates, ShowMore } from '../../../ui/ListPage';
import { Spinner } from '../../../ui/Spinner';
import { useSelectedDepartment } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { ReceivedMessages, SentMessages } from '../components/CascadingMessages';
import { CreateHeadlineForm } from '../components/CreateHeadlineForm';
import { EditHeadlineDialog, STALE_MESSAGE } from '../components/EditHeadlineDialog';
import { HeadlineList } from '../components/HeadlineList';
import { SendMessageDialog } from '../components/SendMessageDialog';
import { usePeople } from '../../people/people.api';
import { isStale, useHeadlineAction, useHeadlines, type HeadlineAction } from '../headlines.api';
import { termPlural } from '../../terminology/term-words';

function TeamHeadlines({ team, departments }: { team: Department; departments: Department[] }) {
  const user = useSession((state) => state.user);
  const terms = useTerminology();
  const readOnly = user?.role === 'observer';
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Headline | null>(null);
  const [sending, setSending] = useState(false);
  const headlines = useHeadlines(team.id, showArchived);
  const people = usePeople();
  const action = useHeadlineAction();
  const stale = action.isError && isStale(action.error);
  const items = headlines.data?.pages.flatMap((page) => page.data) ?? [];

  const run = (input: HeadlineAction, onDone?: (headline: Headline) => void) =>
    action.mutate(input, { onSuccess: (headline) => onDone?.(headline) });

  const archive = (headline: Headline) =>
    run({ kind: 'archive', id: headline.id, version: headline.version }, (archived) =>
      toast(
        (shown) => (
          <span className="flex items-center gap-3">
            Headline archived
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                toast.dismiss(shown.id);
                run({ kind: 'restore', id: archived.id, version: archived.version });
              }}
            >
              Undo
            </Button>
          </span>
        ),
        { duration: 6000 },
      ),
    );

  const reload = async () => {
    action.reset();
    await headlines.refetch();
  };

  const reloadEditing = async () => {
    const result = await headlines.refetch();
    return result.data?.pages.flatMap((page) => page.data).find((item) => item.id === editing?.id);
  };

  return (
    <div className="space-y-6">
      {readOnly ? null : (
        <Card>
          <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">Add a headline</h2>
          <CreateHeadlineForm teamId={team.id} userId={user?.id ?? ''} people={people.data ?? []} />
        </Card>
      )}
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{team.name}</h2>
          <Checkbox
            label="Show archived"
            checked={showArchived}
            onChange={(event) => setShowArchived(event.target.checked)}
          />
        </div>
        {stale ? (
          <Banner
            tone="warning"
            action={
              <Button size="sm" variant="secondary" onClick={() => void reload()}>
                Reload
              </Button>
            }
          >
            {STALE_MESSAGE}
          </Banner>
        ) : action.isError ? (
          <Banner tone="error">
            {errorText(action.error, 'The headline could not be changed. Please try again.')}
          </Banner>
        ) : null}
        <ReceivedMessages teamId={team.id} readOnly={readOnly} />
        <ListStates
          query={headlines}
          loadingLabel="Loading headlines"
          errorFallback="The headlines could not be loaded."
          isEmpty={items.length === 0}
          empty={
            <p className="text-sm text-slate-600 dark:text-slate-400">
              No headlines yet. Share good or bad news about customers and employees for the next meeting.
            </p>
          }
        >
          <HeadlineList
            headlines={items}
            readOnly={readOnly}
            busyId={action.isPending ? (action.variables?.id ?? null) : null}
            onToggleDiscussed={(headline) =>
              run({
                kind: 'discussed',
                id: headline.id,
                version: headline.version,
                discussed: headline.status !== 'discussed',
              })
            }
            onEdit={setEditing}
            onArchive={archive}
            onRestore={(headline) => run({ kind: 'restore', id: headline.id, version: headline.version })}
          />
        </ListStates>
        <ShowMore
          hasMore={headlines.hasNextPage}
          loading={headlines.isFetchingNextPage}
          onMore={() => headlines.fetchNextPage()}
          label="Show more headlines"
          variant="ghost"
        />
      </Card>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Sent cascading messages</h2>
          {readOnly ? null : (
            <Button variant="secondary" onClick={() => setSending(true)}>
              Send to other {termPlural(terms, 'team_label')}
            </Button>
          )}
        </div>
        <SentMessages teamId={team.id} />
      </Card>
      {editing ? (
        <EditHeadlineDialog
          headline={editing}
          people={people.data ?? []}
          onClose={() => setEditing(null)}
          onReload={reloadEditing}
        />
      ) : null}
      {sending ? (
        <SendMessageDialog
          fromTeam={team}
          teams={departments.filter((department) => department.id !== team.id)}
          teamLabel={terms.team_label}
          onClose={() => setSending(false)}
        />
      ) : null}
    </div>
  );
}

export default function HeadlinesPage() {
  usePageMeta({
    title: 'Headlines',
    description: 'Good and bad news about customers and employees.',
    robots: 'noindex,nofollow',
  });
  const { query, departments, selected } = useSelectedDepartment();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl space-y-6 py-6">
      <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Headlines
      </h1>
      {query.isPending ? (
        <Spinner label="Loading" className="size-6" />
      ) : query.isError ? (
        <Banner tone="error">
          {errorText(query.error, 'Your teams could not be loaded. Please refresh the page.')}
        </Banner>
      ) : !selected ? (
        <Banner tone="info">Join a team to see and share its headlines.</Banner>
      ) : (
        <TeamHeadlines key={selected.id} team={selected} departments={departments} />
      )}
    </section>
  );
}
