/**
 * A small RFC 5545 writer for meeting invitations: events carry the organization's time zone
 * (DTSTART;TZID=… with the zone's VTIMEZONE, worked out from the runtime's time zone data), so a weekly
 * meeting at 09:00 stays at 09:00 across the summer-time changes in every calendar.
 */

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** A wall-clock time of the organization's zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface CalendarEvent {
  uid: string;
  start: LocalDateTime;
  minutes: number;
  summary: string;
  description?: string;
  url?: string;
  /** Weekly on this weekday (0 = Sunday … 6 = Saturday), from `start` on. */
  weeklyOn?: number;
  /** Occurrences of a weekly event that do not happen (a meeting of its own replaces them): EXDATE. */
  skipped?: readonly LocalDateTime[];
}

/** A day's entry with no time (a due date): shown on the day, blocking no time. */
export interface AllDayEvent {
  uid: string;
  date: { year: number; month: number; day: number };
  summary: string;
  description?: string;
  url?: string;
}

/** What a subscribed calendar shows for the feed and how often it fetches it again. */
export interface CalendarFeedHeader {
  name: string;
  refreshMinutes: number;
}

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** TEXT values escape backslashes, semicolons, commas and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets go on continuation lines starting with a space, never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A zone the runtime knows, else UTC (an organization's zone is checked when saved; this is the last guard). */
export function knownTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `instant`. */
export function localDateTimeAt(timeZone: string, instant: Date): LocalDateTime {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

const asUtcMs = (local: LocalDateTime) => Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);

/** Minutes the zone is ahead of UTC at `instant`. */
export function offsetMinutesAt(timeZone: string, instant: Date): number {
  const whole = Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
  return Math.round((asUtcMs(localDateTimeAt(timeZone, new Date(whole))) - whole) / MINUTE_MS);
}

/** The instant a wall-clock time of the zone names (the earlier one when it is ambiguous). */
export function instantOf(timeZone: string, local: LocalDateTime): Date {
  const guess = asUtcMs(local);
  const first = guess - offsetMinutesAt(timeZone, new Date(guess)) * MINUTE_MS;
  return new Date(guess - offsetMinutesAt(timeZone, new Date(first)) * MINUTE_MS);
}

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The zone's offset changes within a year, to the minute. */
function transitionsIn(timeZone: string, year: number): Transition[] {
  const found: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let at = Date.UTC(year, 0, 1);
  let offset = offsetMinutesAt(timeZone, new Date(at));
  while (at < end) {
    const next = Math.min(at + DAY_MS, end);
    const nextOffset = offsetMinutesAt(timeZone, new Date(next));
    if (nextOffset !== offset) {
      let low = at;
      let high = next;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutesAt(timeZone, new Date(middle)) === offset) low = middle;
        else high = middle;
      }
      found.push({ at: high, from: offset, to: nextOffset });
    }
    at = next;
    offset = nextOffset;
  }
  return found;
}

const formatOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${pad(Math.floor(size / 60))}${pad(size % 60)}`;
};

const formatLocal = (local: LocalDateTime) =>
  `${pad(local.year, 4)}${pad(local.month)}${pad(local.day)}T${pad(local.hour)}${pad(local.minute)}00`;

const formatDate = (date: AllDayEvent['date']) => `${pad(date.year, 4)}${pad(date.month)}${pad(date.day)}`;

const dayAfter = (date: AllDayEvent['date']) => {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
};

const formatUtc = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** The wall clock just before a transition, in the offset it leaves, and its yearly rule. */
function ruleOf(transition: Transition) {
  const local = new Date(transition.at + transition.from * MINUTE_MS);
  const day = local.getUTCDate();
  const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  const week = day + 7 > daysInMonth ? -1 : Math.ceil(day / 7);
  return {
    start: {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day,
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
    },
    rule: `FREQ=YEARLY;BYMONTH=${local.getUTCMonth() + 1};BYDAY=${week}${BYDAY[local.getUTCDay()]}`,
    clock: `${local.getUTCHours()}:${local.getUTCMinutes()}`,
  };
}

/**
 * The zone's VTIMEZONE from the year before `year`: each change as a yearly rule when the following
 * years repeat it (last Sunday of March…), else each change of those years on its own.
 */
export function timeZoneLines(timeZone: string, year: number): string[] {
  const years = [year - 1, year, year + 1].map((each) => transitionsIn(timeZone, each));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const observance = (transition: Transition, start: LocalDateTime, rule?: string) => {
    const kind = transition.to > transition.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${formatLocal(start)}`,
      ...(rule ? [`RRULE:${rule}`] : []),
      `TZOFFSETFROM:${formatOffset(transition.from)}`,
      `TZOFFSETTO:${formatOffset(transition.to)}`,
      `END:${kind}`,
    );
  };
  const [first, second, third] = years as [Transition[], Transition[], Transition[]];
  const repeats =
    first.length > 0 &&
    first.length === second.length &&
    second.length === third.length &&
    first.every((transition, index) =>
      [second[index]!, third[index]!].every((later) => {
        const [a, b] = [ruleOf(transition), ruleOf(later)];
        return later.from === transition.from && later.to === transition.to && a.rule === b.rule && a.clock === b.clock;
      }),
    );
  if (repeats) {
    for (const transition of first) {
      const { start, rule } = ruleOf(transition);
      observance(transition, start, rule);
    }
  } else if (first.length + second.length + third.length > 0) {
    for (const transition of [...first, ...second, ...third]) observance(transition, ruleOf(transition).start);
  } else {
    const offset = offsetMinutesAt(timeZone, new Date(Date.UTC(year, 0, 1)));
    observance({ at: 0, from: offset, to: offset }, { year: 1970, month: 1, day: 1, hour: 0, minute: 0 });
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

/**
 * A calendar of `events` in `timeZone` (and `allDayEvents`, which have no zone), with CRLF line ends and folded
 * lines, as RFC 5545 asks; `feed` names a subscribed calendar and asks for a fetch every `refreshMinutes`.
 */
export function calendarOf(options: {
  timeZone: string;
  now: Date;
  events: readonly CalendarEvent[];
  allDayEvents?: readonly AllDayEvent[];
  feed?: CalendarFeedHeader;
}): string {
  const timeZone = knownTimeZone(options.timeZone);
  const stamp = formatUtc(options.now);
  const when = (property: string, local: LocalDateTime) =>
    isUtc(timeZone)
      ? `${property}:${formatUtc(instantOf(timeZone, local))}`
      : `${property};TZID=${timeZone}:${formatLocal(local)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Keel//Meetings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (options.feed) {
    const minutes = Math.max(1, Math.round(options.feed.refreshMinutes));
    const refresh = minutes % 60 === 0 ? `PT${minutes / 60}H` : `PT${minutes}M`;
    lines.push(
      `X-WR-CALNAME:${escapeText(options.feed.name)}`,
      `X-WR-TIMEZONE:${timeZone}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
      `X-PUBLISHED-TTL:${refresh}`,
    );
  }
  if (!isUtc(timeZone) && options.events.length > 0) {
    lines.push(...timeZoneLines(timeZone, Math.min(...options.events.map((event) => event.start.year))));
  }
  for (const event of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      when('DTSTART', event.start),
      `DURATION:PT${Math.max(1, Math.round(event.minutes))}M`,
      ...(event.weeklyOn === undefined ? [] : [`RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[event.weeklyOn]}`]),
      ...(event.skipped ?? []).map((skipped) => when('EXDATE', skipped)),
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      'END:VEVENT',
    );
  }
  for (const event of options.allDayEvents ?? []) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${formatDate(event.date)}`,
      `DTEND;VALUE=DATE:${formatDate(dayAfter(event.date))}`,
      'TRANSP:TRANSPARENT',
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The first day on or after `today` (a local date) falling on `weekday`, at `time` (hh:mm). */
export function nextLocalWeekday(today: LocalDateTime, weekday: number, time: string): LocalDateTime {
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day));
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute };
}
