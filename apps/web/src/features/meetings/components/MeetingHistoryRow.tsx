import { useState } from 'react';
import type { MeetingListItem } from '@keel/contract';
import { countOf } from '../../../lib/words';
import { Button } from '../../../ui/Button';
import { TextLink } from '../../../ui/TextLink';
import { meetingPagePath } from '../meetings.api';
import { MeetingCalendarButton } from './MeetingCalendarButton';
import { MeetingDetails } from './MeetingDetails';
import { STATUS_NAMES, averageRatingText, formatDateTime, hoursMinutes, isRunning, meetingWhen } from './meeting-words';

/** One meeting of the history; a running one links to its page, an ended one opens its details in place. */
export function MeetingHistoryRow({ meeting }: { meeting: MeetingListItem }) {
  const [open, setOpen] = useState(false);
  const detailsId = `meeting-details-${meeting.id}`;
  return (
    <li className="grid gap-2 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium text-slate-900 wrap-anywhere dark:text-white">
          {isRunning(meeting.status) ? (
            <TextLink to={meetingPagePath(meeting.typeKey, meeting.teamId)}>{meeting.name}</TextLink>
          ) : (
            meeting.name
          )}
          <span className="font-normal text-slate-600 dark:text-slate-300"> · {meeting.teamName}</span>
        </p>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {STATUS_NAMES[meeting.status]}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-4 dark:text-slate-300">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Date</dt>
          <dd>{formatDateTime(meetingWhen(meeting))}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Planned / spent</dt>
          <dd>
            {hoursMinutes(meeting.plannedMinutes * 60)} / {hoursMinutes(meeting.spentSeconds)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Attendees</dt>
          <dd>{countOf(meeting.attendeeCount, 'person', 'people')}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Average rating</dt>
          <dd>{averageRatingText(meeting.averageRating)}</dd>
        </div>
      </dl>
      {meeting.status === 'scheduled' ? (
        <div>
          <MeetingCalendarButton meeting={meeting} />
        </div>
      ) : null}
      {meeting.status === 'concluded' ? (
        <div>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? `Hide details of ${meeting.name}` : `Show details of ${meeting.name}`}
          </Button>
          {open ? (
            <div id={detailsId}>
              <MeetingDetails id={meeting.id} />
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
