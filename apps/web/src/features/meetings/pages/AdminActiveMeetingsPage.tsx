import { useState } from 'react';
import toast from 'react-hot-toast';
import type { MeetingListItem } from '@keel/contract';
import { errorText } from '../../../lib/api-error';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyNote, LIST_CARD_CLASSES, ListPage, ListStates } from '../../../ui/ListPage';
import { useActiveMeetings, useMeetingAction } from '../meetings.api';
import { STATUS_NAMES, formatDateTime } from '../components/meeting-words';

/** /admin/active-meetings: every running meeting of the organization, and the way to end a stuck one. */
export default function AdminActiveMeetingsPage() {
  usePageMeta({
    title: 'Active meetings',
    description: 'Every meeting running in your organization right now',
    robots: 'noindex,nofollow',
  });
  const active = useActiveMeetings();
  const [ending, setEnding] = useState<MeetingListItem | null>(null);
  const meetings = active.data ?? [];
  return (
    <ListPage
      titleId="active-meetings-title"
      title="Active meetings"
      subtitle="Every meeting running in your organization right now. End one that was left running."
    >
      <ListStates
        query={active}
        loadingLabel="Loading active meetings"
        errorFallback="The active meetings could not be loaded."
        isEmpty={meetings.length === 0}
        empty={<EmptyNote>No meeting is running.</EmptyNote>}
      >
        <ul
          aria-label="Active meetings"
          className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`}
        >
          {meetings.map((meeting) => (
            <ActiveMeetingRow key={meeting.id} meeting={meeting} onEnd={() => setEnding(meeting)} />
          ))}
        </ul>
      </ListStates>
      {ending ? <EndMeetingConfirm meeting={ending} onDone={() => setEnding(null)} /> : null}
    </ListPage>
  );
}

function ActiveMeetingRow({ meeting, onEnd }: { meeting: MeetingListItem; onEnd: () => void }) {
  const section = meeting.currentSection + 1;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900 wrap-anywhere dark:text-white">
          {meeting.name}
          <span className="font-normal text-slate-600 dark:text-slate-300"> · {meeting.teamName}</span>
        </p>
        <p className="text-slate-700 dark:text-slate-300">
          {STATUS_NAMES[meeting.status]} · started {meeting.startedAt ? formatDateTime(meeting.startedAt) : 'not yet'} ·
          section {section}
        </p>
      </div>
      <Button
        size="sm"
        variant="danger"
        onClick={onEnd}
        aria-label={`End meeting: ${meeting.name} of ${meeting.teamName}`}
      >
        End meeting
      </Button>
    </li>
  );
}

function EndMeetingConfirm({ meeting, onDone }: { meeting: MeetingListItem; onDone: () => void }) {
  const action = useMeetingAction();
  const confirm = () =>
    action.mutate(
      { id: meeting.id, action: 'end' },
      {
        onSuccess: () => {
          toast.success(`Ended ${meeting.name} of ${meeting.teamName}.`);
          onDone();
        },
      },
    );
  return (
    <ConfirmDialog
      title={`End ${meeting.name}?`}
      confirmLabel="End meeting"
      danger
      busy={action.isPending}
      onConfirm={confirm}
      onCancel={onDone}
    >
      <p>
        The meeting of {meeting.teamName} ends for everyone in it now. Use this for a meeting that was left running.
      </p>
      {action.error ? (
        <Banner tone="error" className="mt-3">
          {errorText(action.error, 'The meeting could not be ended. Please try again.')}
        </Banner>
      ) : null}
    </ConfirmDialog>
  );
}
