import { Button } from '../../../ui/Button';
import { meetingCalendarPath, useCalendarDownload } from '../meeting-schedule.api';

/** "Add to calendar (.ics)" for one scheduled meeting. */
export function MeetingCalendarButton({ meeting }: { meeting: { id: string; name: string } }) {
  const calendar = useCalendarDownload();
  const path = meetingCalendarPath(meeting.id);
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={calendar.busyPath === path}
      onClick={() => calendar.download(path)}
      aria-label={`Add to calendar (.ics): ${meeting.name}`}
    >
      Add to calendar (.ics)
    </Button>
  );
}
