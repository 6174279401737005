import { countOf } from '../../../lib/words';
import { EmptyNote, LIST_CARD_CLASSES, ListStates } from '../../../ui/ListPage';
import { TextLink } from '../../../ui/TextLink';
import { useMeetingHistory } from '../meetings.api';
import { MeetingCalendarButton } from './MeetingCalendarButton';
import { STATUS_NAMES, formatDateTime, hoursMinutes, isRunning, meetingWhen } from './meeting-words';
import { meetingPagePath } from '../meetings.api';

const RECENT_COUNT = 5;

/** The team's last few meetings, with the way to the whole history. */
export function RecentMeetings({ teamId }: { teamId: string }) {
  const history = useMeetingHistory({ teamId, limit: RECENT_COUNT });
  const meetings = history.data?.data ?? [];
  return (
    <section aria-labelledby="recent-meetings" className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-meetings" className="text-lg font-semibold text-slate-900 dark:text-white">
          Recent meetings
        </h2>
        <TextLink
          to="/meeting-history"
          className="pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
        >
          See the meeting history
        </TextLink>
      </div>
      <ListStates
        query={history}
        loadingLabel="Loading recent meetings"
        errorFallback="The recent meetings could not be loaded."
        isEmpty={meetings.length === 0}
        empty={<EmptyNote>This team has not held a meeting yet.</EmptyNote>}
      >
        <ul className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`}>
          {meetings.map((meeting) => (
            <li key={meeting.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3 text-sm">
              <span className="font-medium text-slate-900 wrap-anywhere dark:text-white">
                {isRunning(meeting.status) ? (
                  <TextLink to={meetingPagePath(meeting.typeKey, meeting.teamId)}>{meeting.name}</TextLink>
                ) : (
                  meeting.name
                )}
              </span>
              <span className="text-slate-600 dark:text-slate-300">
                {formatDateTime(meetingWhen(meeting))} · {STATUS_NAMES[meeting.status]} ·{' '}
                {hoursMinutes(meeting.spentSeconds)} spent · {countOf(meeting.attendeeCount, 'attendee', 'attendees')}
              </span>
              {meeting.status === 'scheduled' ? <MeetingCalendarButton meeting={meeting} /> : null}
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
