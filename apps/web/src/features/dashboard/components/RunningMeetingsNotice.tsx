import { Link } from 'react-router';
import { Banner } from '../../../ui/Banner';
import { buttonClasses } from '../../../ui/Button';
import { useSelectedDepartment } from '../../departments/departments.api';
import { meetingPagePath, useMeetingHistory } from '../../meetings/meetings.api';

/**
 * "Join now" for each meeting of the person's teams running right now (live or paused). Nothing when
 * none is, or when the meetings cannot be read: the rest of the dashboard does not wait for it.
 */
export function RunningMeetingsNotice() {
  const { departments } = useSelectedDepartment();
  const live = useMeetingHistory({ status: 'live', limit: 20 });
  const paused = useMeetingHistory({ status: 'paused', limit: 20 });
  const mine = new Set(departments.map((department) => department.id));
  const running = [...(live.data?.data ?? []), ...(paused.data?.data ?? [])].filter((meeting) =>
    mine.has(meeting.teamId),
  );
  if (running.length === 0) return null;
  return (
    <section aria-label="Meetings running now" className="grid gap-2">
      {running.map((meeting) => (
        <Banner
          key={meeting.id}
          tone="info"
          title={`${meeting.teamName}: ${meeting.name} is ${meeting.status === 'paused' ? 'paused' : 'running now'}`}
          action={
            <Link
              to={meetingPagePath(meeting.typeKey, meeting.teamId)}
              className={buttonClasses('primary', 'sm', 'shrink-0 self-center')}
            >
              Join now
            </Link>
          }
        />
      ))}
    </section>
  );
}
