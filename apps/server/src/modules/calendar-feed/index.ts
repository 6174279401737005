// A person's calendar feed: a secret address calendars subscribe to, with their teams' meetings and their due dates.
export { createCalendarFeedService, type CalendarFeedService } from './calendar-feed.service.js';
export { calendarFeedRoutes } from './calendar-feed.routes.js';
