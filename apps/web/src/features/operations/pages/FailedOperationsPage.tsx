import { useState } from 'react';
import { FAILED_OPERATIONS_BATCH_MAX, type JobKind } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { EmptyNote, ListPage, ListStates, ShowMore } from '../../../ui/ListPage';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FailedOperationsList } from '../components/FailedOperationsList';
import { KindFilter } from '../components/KindFilter';
import { SelectionBar } from '../components/SelectionBar';
import { useNow } from '../components/time-hooks';
import {
  useDiscardFailedOperations,
  useFailedOperationCounts,
  useFailedOperations,
  useRetryFailedOperations,
} from '../operations.api';
import { jobKindLabel } from '../words';

const operations = (count: number) => countOf(count, 'operation', 'operations');

/**
 * /admin/failed-operations (admins and owners): background work that failed after all its attempts,
 * filtered by kind with live counts, retried or discarded one or many at a time.
 */
export default function FailedOperationsPage() {
  usePageMeta({
    title: 'Failed operations',
    description: 'Background work that failed, to retry or discard',
    robots: 'noindex,nofollow',
  });
  const [kind, setKind] = useState<JobKind | null>(null);
  const list = useFailedOperations(kind);
  const counts = useFailedOperationCounts();
  const retry = useRetryFailedOperations();
  const discard = useDiscardFailedOperations();
  const now = useNow(30_000);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** The ids the discard dialog asks about, fixed when it opens so a live refresh cannot change them. */
  const [discarding, setDiscarding] = useState<string[] | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  // Only what is on screen counts: a row that left the list (done, discarded elsewhere) is no longer chosen.
  const chosen = rows.filter((row) => selected.has(row.id)).map((row) => row.id);

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const changeKind = (next: JobKind | null) => {
    setKind(next);
    setSelected(new Set());
  };

  const runRetry = () => {
    setActionError(null);
    retry.mutate(chosen, {
      onSuccess: ({ count }) => {
        setSelected(new Set());
        toast.success(`${operations(count)} sent back to the queue`);
      },
      onError: (error) => setActionError(errorText(error, 'The operations could not be retried. Please try again.')),
    });
  };

  const runDiscard = (ids: string[]) => {
    setActionError(null);
    discard.mutate(ids, {
      onSuccess: ({ count }) => {
        setSelected(new Set());
        toast.success(`${operations(count)} discarded`);
      },
      onError: (error) => setActionError(errorText(error, 'The operations could not be discarded. Please try again.')),
      onSettled: () => setDiscarding(null),
    });
  };

  return (
    <ListPage
      titleId="failed-operations-title"
      title="Failed operations"
      subtitle="Background work (such as sending a mail) that failed after all its attempts. Retry it once the cause is fixed, or discard it."
    >
      <KindFilter counts={counts.data} kind={kind} onChange={changeKind} />
      {actionError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="ghost" onClick={() => setActionError(null)}>
              Dismiss
            </Button>
          }
        >
          {actionError}
        </Banner>
      ) : null}
      <ListStates
        query={list}
        loadingLabel="Loading failed operations…"
        errorFallback="The failed operations could not be loaded. Please try again."
        isEmpty={rows.length === 0}
        empty={
          <EmptyNote>
            {kind
              ? `No failed operations of this kind (${jobKindLabel(kind)}).`
              : 'No failed operations. Background work that fails after all its attempts shows here.'}
          </EmptyNote>
        }
      >
        <SelectionBar
          selectedCount={chosen.length}
          shownCount={rows.length}
          busy={retry.isPending || discard.isPending}
          blockedBecause={
            chosen.length > FAILED_OPERATIONS_BATCH_MAX
              ? `choose at most ${FAILED_OPERATIONS_BATCH_MAX} to retry or discard at once`
              : undefined
          }
          onSelectAll={(on) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set())}
          onRetry={runRetry}
          onDiscard={() => setDiscarding(chosen)}
        />
        <FailedOperationsList operations={rows} selected={selected} onSelect={select} now={now} />
        <ShowMore
          hasMore={Boolean(list.hasNextPage)}
          loading={list.isFetchingNextPage}
          onMore={() => list.fetchNextPage()}
          className="flex justify-center"
        />
      </ListStates>
      {discarding ? (
        <ConfirmDialog
          title={`Discard ${operations(discarding.length)}?`}
          confirmLabel={`Discard ${operations(discarding.length)}`}
          danger
          busy={discard.isPending}
          onConfirm={() => runDiscard(discarding)}
          onCancel={() => setDiscarding(null)}
        >
          {discarding.length === 1
            ? 'It will not be tried again, so what it was for will not happen (a mail will not be sent).'
            : 'They will not be tried again, so what they were for will not happen (a mail will not be sent).'}{' '}
          This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </ListPage>
  );
}
