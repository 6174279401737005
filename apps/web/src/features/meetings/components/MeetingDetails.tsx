import { useSession } from '../../../lib/session-store';
import { ListStates } from '../../../ui/ListPage';
import { LinkedDocuments } from '../../documents/components/LinkedDocuments';
import { useMeeting } from '../meetings.api';
import { hoursMinutes } from './meeting-words';
import { MeetingPdfButton } from './MeetingPdfButton';
import { RecapDecisions } from './live/RecapDecisions';
import { WrittenRecap } from './WrittenRecap';

/** An ended meeting's sections (planned against spent), its attendees with their ratings, what it decided, its documents and its PDF. */
export function MeetingDetails({ id }: { id: string }) {
  const meeting = useMeeting(id);
  const readOnly = useSession((state) => state.user?.role === 'observer');
  const data = meeting.data;
  return (
    <ListStates
      query={meeting}
      spinnerClassName="size-5"
      loadingLabel="Loading the meeting's details"
      errorFallback="The meeting's details could not be loaded."
      isEmpty={false}
      empty={null}
    >
      {data ? (
        <div className="mt-2 grid gap-4 rounded-md bg-slate-50 p-3 sm:grid-cols-2 dark:bg-slate-800">
          <div>
            <p className="mb-1 font-semibold text-slate-900 dark:text-white">Sections</p>
            <ul className="grid gap-1">
              {data.sections.map((section, index) => (
                <li key={`${section.kind}-${index}`} className="flex justify-between gap-3">
                  <span className="wrap-anywhere">{section.title}</span>
                  <span className="shrink-0 tabular-nums">
                    {hoursMinutes(section.minutes * 60)} planned · {hoursMinutes(section.spentSeconds)} spent
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <p className="mb-1 font-semibold text-slate-900 dark:text-white">Attendees</p>
            {data.attendees.length === 0 ? (
              <p>No attendance was recorded.</p>
            ) : (
              <ul className="grid gap-1">
                {data.attendees.map((attendee) => (
                  <li key={attendee.userId} className="flex justify-between gap-3">
                    <span className="wrap-anywhere">
                      {attendee.name}
                      {attendee.present ? '' : ' (absent)'}
                    </span>
                    <span className="shrink-0">
                      {attendee.rating === null ? 'No rating' : `Rated ${attendee.rating}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {data.writtenRecap ? (
            <div className="sm:col-span-2">
              <WrittenRecap meeting={data} />
            </div>
          ) : null}
          {data.recap ? (
            <div className="sm:col-span-2">
              <RecapDecisions recap={data.recap} />
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <LinkedDocuments target="meeting" targetId={data.id} readOnly={readOnly} />
          </div>
          {data.status === 'concluded' ? (
            <div className="sm:col-span-2">
              <MeetingPdfButton meetingId={data.id} meetingName={data.name} />
            </div>
          ) : null}
        </div>
      ) : null}
    </ListStates>
  );
}
