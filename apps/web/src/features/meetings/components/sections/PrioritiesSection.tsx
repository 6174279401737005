import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Priority, PriorityStatus } from '@keel/contract';
import { errorText } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session-store';
import { Banner } from '../../../../ui/Banner';
import { Button } from '../../../../ui/Button';
import { SaveProblem } from '../../../../ui/ConflictBanner';
import { EmptyNote, LIST_CARD_CLASSES, ListStates } from '../../../../ui/ListPage';
import { TextLink } from '../../../../ui/TextLink';
import { cx } from '../../../../ui/cx';
import { useAssignablePeople } from '../../../people/people.api';
import { PriorityDetailDialog } from '../../../priorities/components/PriorityDetailDialog';
import { PriorityRow } from '../../../priorities/components/PriorityRow';
import {
  useFiscalQuarters,
  usePriorityList,
  useRaiseIssueFromPriority,
  useSetPriorityStatus,
  type QuarterSelection,
} from '../../../priorities/priorities.api';
import { quarterName, STATUS_TEXT } from '../../../priorities/priority-format';
import { useTerminology } from '../../../terminology/terminology.api';
import { LARGE_LIST_TYPE } from './large-type';
import type { MeetingSectionProps } from './section-props';

/** What each owner reports in the meeting; complete and not complete are set at the quarter's close. */
const MEETING_STATUSES: PriorityStatus[] = ['on_track', 'off_track'];

/** Owner by owner, as the team goes through them; the list's own order within an owner. */
const byOwnerName = (priorities: Priority[]) =>
  [...priorities].sort((a, b) => a.owner.name.localeCompare(b.owner.name));

/**
 * The meeting team's priorities of the current quarter, each with its owner: marked on or off track in
 * place, and an off-track one dropped onto the issues list in one click.
 */
export function PrioritiesSection({ meeting, large }: MeetingSectionProps) {
  const terms = useTerminology();
  const plural = terms.priorities_label;
  const readOnly = useSession((state) => state.user?.role === 'observer');
  const fiscal = useFiscalQuarters();
  const people = useAssignablePeople();
  const setStatus = useSetPriorityStatus();
  const raise = useRaiseIssueFromPriority();
  const [raised, setRaised] = useState<ReadonlySet<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);

  const current = fiscal.data?.quarters.find((quarter) => quarter.current) ?? null;
  const selection: QuarterSelection | null = current
    ? { kind: 'quarter', year: current.year, quarter: current.quarter }
    : null;
  const list = usePriorityList(meeting.teamId, selection);
  const priorities = byOwnerName(list.data?.data ?? []);
  const open = priorities.find((priority) => priority.id === openId);
  const reload = () => {
    setStatus.reset();
    void list.refetch();
  };

  const addToIssues = (priority: Priority) =>
    raise.mutate(priority.id, {
      onSuccess: () => {
        setRaised((shown) => new Set(shown).add(priority.id));
        toast.success(`${terms.issue_singular} created: ${priority.title} is off track`);
      },
      onError: (error) => toast.error(errorText(error, `Could not create the ${terms.issue_singular}.`)),
    });

  const actions = (priority: Priority) => (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label={`Status of ${priority.title}`} className="flex flex-wrap gap-2">
        {MEETING_STATUSES.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={priority.status === status ? 'primary' : 'secondary'}
            aria-pressed={priority.status === status}
            loading={
              setStatus.isPending && setStatus.variables.id === priority.id && setStatus.variables.status === status
            }
            onClick={() =>
              priority.status === status
                ? undefined
                : setStatus.mutate({ id: priority.id, version: priority.version, status })
            }
          >
            {STATUS_TEXT[status]}
          </Button>
        ))}
      </div>
      {priority.status !== 'off_track' ? null : raised.has(priority.id) ? (
        <span className="text-sm font-medium text-green-800 dark:text-green-300">Added to {terms.issues_label}</span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={raise.isPending && raise.variables === priority.id}
          onClick={() => addToIssues(priority)}
          aria-label={`Add to ${terms.issues_label}: ${priority.title}`}
        >
          Add to {terms.issues_label}
        </Button>
      )}
    </div>
  );

  return (
    <section aria-label={`${plural} of ${meeting.teamName}`} className={cx('grid gap-3', large && LARGE_LIST_TYPE)}>
      {current ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{quarterName(terms.quarter_label, current)}</p>
      ) : null}
      <SaveProblem
        error={setStatus.error}
        singular={terms.priority_singular}
        fallback="Could not change the status. Please try again."
        onReload={reload}
      />
      {fiscal.isError ? (
        <Banner tone="error">{errorText(fiscal.error, 'The fiscal calendar could not be loaded.')}</Banner>
      ) : (
        <ListStates
          query={list}
          pending={fiscal.isPending || list.isPending}
          loadingLabel={`Loading ${plural}`}
          errorFallback={`The ${plural} could not be loaded.`}
          isEmpty={priorities.length === 0}
          empty={
            <EmptyNote>
              {`${meeting.teamName} has no ${plural} for this ${terms.quarter_label} yet. `}
              <TextLink to={`/departments/${encodeURIComponent(meeting.teamId)}/priorities`}>
                {`${readOnly ? 'Open' : 'Add them on'} the team's ${plural} page`}
              </TextLink>
            </EmptyNote>
          }
        >
          <ul aria-label={plural} className={LIST_CARD_CLASSES}>
            {priorities.map((priority) => (
              <PriorityRow
                key={priority.id}
                priority={priority}
                terms={terms}
                showQuarter={false}
                onOpen={() => setOpenId(priority.id)}
                actions={readOnly || priority.archivedAt ? undefined : actions(priority)}
              />
            ))}
          </ul>
          {list.data?.truncated ? <Banner tone="info">{`Only the first 500 ${plural} are shown.`}</Banner> : null}
        </ListStates>
      )}
      {open ? (
        <PriorityDetailDialog
          priority={open}
          people={people.data ?? []}
          terms={terms}
          readOnly={readOnly}
          onClose={() => setOpenId(null)}
          onReload={reload}
        />
      ) : null}
    </section>
  );
}
