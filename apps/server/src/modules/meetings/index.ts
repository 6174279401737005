// Meetings: agendas per team and methodology, meetings run live with a stored clock, their history.
export { createMeetingsService, type MeetingsService, type MeetingsServiceDeps } from './meetings.service.js';
export { defineMeetingRecapDraft } from './meetings.recap-draft.job.js';
export type { WrittenRecapDrafter } from './meetings.kit.js';
export { meetingsRoutes } from './meetings.routes.js';
export { meetingTitles } from './meetings.repository.js';
export { teamMeetingsForCalendar } from './meetings.feed.js';
export { teamMeetingsOverview, type TeamMeetingsOverview } from './meetings.overview.js';
export {
  CALENDAR_CONTENT_TYPE,
  calendarOf,
  knownTimeZone,
  localDateTimeAt,
  type AllDayEvent,
  type CalendarEvent,
} from './meetings.calendar.js';
export { concludedMeetingRecap, type ConcludedMeetingRecap } from './meetings.notice.js';
