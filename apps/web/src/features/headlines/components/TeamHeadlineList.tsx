import { useState, type ReactNode } from 'react';
import type { Headline } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ListStates, ShowMore } from '../../../ui/ListPage';
import { undoToast } from '../../../ui/undo-toast';
import { usePeople } from '../../people/people.api';
import { isStale, useHeadlineAction, type HeadlineAction, type useHeadlines } from '../headlines.api';
import { EditHeadlineDialog, STALE_MESSAGE } from './EditHeadlineDialog';
import { HeadlineList } from './HeadlineList';

interface TeamHeadlineListProps {
  /** The team's headlines query (paged). */
  headlines: ReturnType<typeof useHeadlines>;
  /** What of the loaded headlines to show (all of them, or a meeting's). */
  items: Headline[];
  readOnly: boolean;
  empty: ReactNode;
}

/**
 * A team's headlines with what can be done to each (discussed, edit, archive with undo, restore), a stale
 * change answered with Reload, and more loaded on demand: the headlines page and a meeting's section.
 */
export function TeamHeadlineList({ headlines, items, readOnly, empty }: TeamHeadlineListProps) {
  const [editing, setEditing] = useState<Headline | null>(null);
  const people = usePeople();
  const action = useHeadlineAction();
  const stale = action.isError && isStale(action.error);

  const run = (input: HeadlineAction, onDone?: (headline: Headline) => void) =>
    action.mutate(input, { onSuccess: (headline) => onDone?.(headline) });

  const archive = (headline: Headline) =>
    run({ kind: 'archive', id: headline.id, version: headline.version }, (archived) =>
      undoToast('Headline archived', () => run({ kind: 'restore', id: archived.id, version: archived.version })),
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
    <>
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
        <Banner tone="error">{errorText(action.error, 'The headline could not be changed. Please try again.')}</Banner>
      ) : null}
      <ListStates
        query={headlines}
        loadingLabel="Loading headlines"
        errorFallback="The headlines could not be loaded."
        isEmpty={items.length === 0}
        empty={empty}
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
      {editing ? (
        <EditHeadlineDialog
          headline={editing}
          people={people.data ?? []}
          onClose={() => setEditing(null)}
          onReload={reloadEditing}
        />
      ) : null}
    </>
  );
}
