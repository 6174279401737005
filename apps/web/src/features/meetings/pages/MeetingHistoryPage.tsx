import { usePageMeta } from '../../../lib/page-meta';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-error';
import { Button } from '../../../ui/Button';
import { LIST_CARD_CLASSES, ListPage, ShowMore } from '../../../ui/ListPage';
import { Spinner } from '../../../ui/Spinner';
import { Banner } from '../../../ui/Banner';
import { useMyDepartments } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { termPlural } from '../../terminology/term-words';
import { useMeetingHistory } from '../meetings.api';
import {
  MeetingHistoryFilters,
  filterFromParams,
  historyQueryOf,
  paramsOfFilter,
  type HistoryFilter,
} from '../components/MeetingHistoryFilters';
import { MeetingHistoryRow } from '../components/MeetingHistoryRow';

const PAGE_SIZE = 25;

/** /meeting-history: the meetings of the person's teams, newest first, filtered and paged. */
export default function MeetingHistoryPage() {
  usePageMeta({ title: 'Meeting history', description: 'The meetings of your teams', robots: 'noindex,nofollow' });
  const terms = useTerminology();
  const departments = useMyDepartments();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const setFilter = useCallback(
    (next: HistoryFilter) => setParams(paramsOfFilter(next), { replace: true }),
    [setParams],
  );
  return (
    <ListPage
      titleId="meeting-history-title"
      title="Meeting history"
      subtitle={`The meetings of your ${termPlural(terms, 'department_label')}, newest first.`}
    >
      {departments.isPending ? (
        <Spinner className="size-6" label="Loading meeting history" />
      ) : departments.isError ? (
        <Banner tone="error">Your {termPlural(terms, 'department_label')} could not be loaded.</Banner>
      ) : (
        <>
          <MeetingHistoryFilters
            filter={filter}
            departments={departments.data.departments}
            teamLabel={terms.department_label}
            onChange={setFilter}
          />
          <HistoryList key={JSON.stringify(filter)} query={historyQueryOf(filter)} />
        </>
      )}
    </ListPage>
  );
}

type HistoryQuery = ReturnType<typeof historyQueryOf>;

/** The pages loaded so far: the first, then one per "Load more", each from the cursor of the one before. */
function HistoryList({ query }: { query: HistoryQuery }) {
  const [cursors, setCursors] = useState<string[]>([]);
  return (
    <ul aria-label="Meetings" className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`}>
      <HistoryPage
        query={query}
        cursor={undefined}
        isLast={cursors.length === 0}
        onMore={(next) => setCursors([next])}
      />
      {cursors.map((cursor, index) => (
        <HistoryPage
          key={cursor}
          query={query}
          cursor={cursor}
          isLast={index === cursors.length - 1}
          onMore={(next) => setCursors((loaded) => [...loaded, next])}
        />
      ))}
    </ul>
  );
}

function noMatchText({ search, ...others }: HistoryQuery) {
  if (!search) return 'No meeting matches these filters.';
  return Object.keys(others).length > 0
    ? `No meeting matches “${search}” with these filters.`
    : `No meeting matches “${search}”.`;
}

interface HistoryPageProps {
  query: HistoryQuery;
  cursor: string | undefined;
  isLast: boolean;
  onMore: (cursor: string) => void;
}

function HistoryPage({ query, cursor, isLast, onMore }: HistoryPageProps) {
  const page = useMeetingHistory({ ...query, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  const meetings = page.data?.data ?? [];
  const nextCursor = page.data?.page.nextCursor ?? null;
  if (page.isPending) {
    return (
      <li className="p-3">
        <Spinner className="size-6" label="Loading meetings" />
      </li>
    );
  }
  if (page.isError) {
    return (
      <li className="p-3">
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void page.refetch()}>
              Try again
            </Button>
          }
        >
          {errorText(page.error, 'The meetings could not be loaded.')}
        </Banner>
      </li>
    );
  }
  if (cursor === undefined && meetings.length === 0) {
    return <li className="p-6 text-center text-slate-700 dark:text-slate-300">{noMatchText(query)}</li>;
  }
  return (
    <>
      {meetings.map((meeting) => (
        <MeetingHistoryRow key={meeting.id} meeting={meeting} />
      ))}
      {isLast && nextCursor ? (
        <li className="p-3 text-center">
          <ShowMore hasMore loading={false} label="Load more" onMore={() => onMore(nextCursor)} />
        </li>
      ) : null}
    </>
  );
}
