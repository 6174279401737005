// Meetings: agendas per team and methodology, meetings run live with a stored clock, their history.
export { createMeetingsService, type MeetingsService, type MeetingsServiceDeps } from './meetings.service.js';
export { meetingsRoutes } from './meetings.routes.js';
export { meetingTitles } from './meetings.repository.js';
