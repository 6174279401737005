import type { Meeting, MeetingPresence } from '@keel/contract';
import { errorText } from '../../../../lib/api-client';
import { Banner } from '../../../../ui/Banner';
import { useMeetingAttendance, useMeetingRoles } from '../../meetings.api';

interface AttendeesPanelProps {
  meeting: Meeting;
  canLead: boolean;
  /** Who has the meeting open now, and on which section (from the realtime hub). */
  here?: readonly MeetingPresence[];
}

const NO_ONE = '';

/** Who is here, and who facilitates and takes notes (chosen among the attendees). */
export function AttendeesPanel({ meeting, canLead, here = [] }: AttendeesPanelProps) {
  const attendance = useMeetingAttendance();
  const roles = useMeetingRoles();
  const concluded = meeting.status === 'concluded';
  const present = meeting.attendees.filter((attendee) => attendee.present).length;
  const sectionOf = new Map(here.map((person) => [person.userId, person.section]));
  const whereIs = (userId: string) => {
    const section = sectionOf.get(userId);
    if (section === undefined) return null;
    return section === meeting.currentSection
      ? 'here'
      : `here, looking at ${meeting.sections[section]?.title ?? 'another section'}`;
  };

  const setRole = (role: 'facilitatorId' | 'scribeId', userId: string) =>
    roles.mutate({
      id: meeting.id,
      facilitatorId: meeting.facilitatorId,
      scribeId: meeting.scribeId,
      [role]: userId === NO_ONE ? null : userId,
    });

  const roleSelect = (role: 'facilitatorId' | 'scribeId', label: string) => (
    <div className="space-y-1">
      <label htmlFor={`meeting-${role}`} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
        {label}
      </label>
      <select
        id={`meeting-${role}`}
        value={meeting[role] ?? NO_ONE}
        disabled={!canLead || concluded || roles.isPending}
        onChange={(event) => setRole(role, event.target.value)}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-50"
      >
        <option value={NO_ONE}>No one</option>
        {meeting.attendees.map((attendee) => (
          <option key={attendee.userId} value={attendee.userId}>
            {attendee.name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-labelledby="attendees-title" className="space-y-3">
      <h2 id="attendees-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        Attendees <span className="text-sm font-normal">{`(${present} of ${meeting.attendees.length} present)`}</span>
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {roleSelect('facilitatorId', 'Facilitator')}
        {roleSelect('scribeId', 'Scribe')}
      </div>
      {meeting.attendees.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">This team has no members listed for the meeting.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {meeting.attendees.map((attendee) => (
            <li key={attendee.userId} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 truncate text-sm text-slate-900 dark:text-slate-50">
                {attendee.name}
                {attendee.userId === meeting.facilitatorId ? ' · facilitator' : ''}
                {attendee.userId === meeting.scribeId ? ' · scribe' : ''}
                {whereIs(attendee.userId) ? (
                  <span className="block text-xs text-emerald-800 dark:text-emerald-300">
                    {whereIs(attendee.userId)}
                  </span>
                ) : null}
              </span>
              <label className="flex shrink-0 items-center gap-2 text-sm text-slate-800 dark:text-slate-100 pointer-coarse:min-h-11">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={attendee.present}
                  disabled={concluded || attendance.isPending}
                  onChange={(event) =>
                    attendance.mutate({ id: meeting.id, userId: attendee.userId, present: event.target.checked })
                  }
                  aria-label={`${attendee.name} is present`}
                />
                <span aria-hidden="true">Present</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {attendance.isError ? (
        <Banner tone="error">
          {errorText(attendance.error, 'The attendance could not be saved. Please try again.')}
        </Banner>
      ) : null}
      {roles.isError ? (
        <Banner tone="error">{errorText(roles.error, 'The roles could not be saved. Please try again.')}</Banner>
      ) : null}
    </section>
  );
}
