import type { MeetingSchedule } from '@keel/contract';
import { countOf } from '../../../lib/words';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Meets every Tuesday at 09:30 for 90 minutes" (the agenda's planned minutes when no length was set). */
export const scheduleText = (schedule: MeetingSchedule, plannedMinutes: number) =>
  `Meets every ${WEEKDAYS[schedule.weekday]} at ${schedule.time} for ${countOf(schedule.minutes ?? plannedMinutes, 'minute', 'minutes')}`;
