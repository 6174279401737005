import { defaultAgendas, isBuiltInMeetingType, meetingPlannedMinutes, plannedMinutes } from '@keel/contract';
import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { findOrganization } from '../people/index.js';
import { organizationLabels } from '../terminology/index.js';
import { knownTimeZone, localDateTimeAt, nextLocalWeekday, type CalendarEvent } from './meetings.calendar.js';
import { scheduleOf } from './meeting-schedule.repository.js';
import { meetings, meetingTypes } from './meetings.table.js';

/** More than any organization holds in a feed's window; the feed stays small whatever happens. */
const MEETINGS_MAX = 500;
const REGULAR_MEETINGS_MAX = 200;

const startOf = sql<Date>`coalesce(${meetings.scheduledAt}, ${meetings.startedAt})`;

/**
 * The meetings of `teams` as calendar events in the organization's zone, for a person's calendar feed: each
 * team's regular meeting of a type as a weekly event (from the week its row was made, so its start never
 * moves between fetches), and each meeting scheduled or held within [from, to) on its own. An occurrence of a
 * regular meeting on the day a meeting of the same team and type is scheduled is skipped: that meeting replaces it.
 */
export async function teamMeetingsForCalendar(
  organizationId: string,
  teams: readonly { id: string; name: string }[],
  window: { from: Date; to: Date; timeZone: string; link: (typeKey: string, teamId: string) => string },
): Promise<CalendarEvent[]> {
  if (teams.length === 0) return [];
  const teamIds = teams.map((team) => team.id);
  const teamName = new Map(teams.map((team) => [team.id, team.name]));
  const db = tenantDb(organizationId);
  const [regular, held, organization, words] = await Promise.all([
    db
      .select()
      .from(meetingTypes)
      .where(
        and(
          eq(meetingTypes.organizationId, organizationId),
          inArray(meetingTypes.teamId, teamIds),
          isNotNull(meetingTypes.scheduleWeekday),
          isNotNull(meetingTypes.scheduleTime),
        ),
      )
      .orderBy(asc(meetingTypes.createdAt), asc(meetingTypes.id))
      .limit(REGULAR_MEETINGS_MAX),
    db
      .select({
        id: meetings.id,
        teamId: meetings.teamId,
        typeKey: meetings.typeKey,
        name: meetings.name,
        startsAt: startOf,
        startedAt: meetings.startedAt,
        endedAt: meetings.endedAt,
        sections: meetings.sections,
      })
      .from(meetings)
      .where(
        and(
          eq(meetings.organizationId, organizationId),
          inArray(meetings.teamId, teamIds),
          gte(startOf, window.from),
          lt(startOf, window.to),
        ),
      )
      .orderBy(asc(startOf), asc(meetings.id))
      .limit(MEETINGS_MAX),
    findOrganization(organizationId),
    organizationLabels(organizationId),
  ]);
  const timeZone = knownTimeZone(window.timeZone);
  const defaults = new Map(
    defaultAgendas(organization?.methodology ?? null, words).map((agenda) => [agenda.key, agenda]),
  );
  const typeOf = new Map(regular.map((row) => [`${row.teamId}/${row.key}`, row]));

  const single = held.map((meeting): CalendarEvent => {
    const startsAt = new Date(meeting.startsAt);
    const stored = typeOf.get(`${meeting.teamId}/${meeting.typeKey}`);
    const heldMinutes =
      meeting.startedAt && meeting.endedAt ? (meeting.endedAt.getTime() - meeting.startedAt.getTime()) / 60_000 : null;
    const link = window.link(meeting.typeKey, meeting.teamId);
    return {
      uid: `feed-meeting-${meeting.id}@keel`,
      start: localDateTimeAt(timeZone, startsAt),
      minutes: heldMinutes ?? stored?.scheduleMinutes ?? meetingPlannedMinutes(meeting),
      summary: `${meeting.name}, ${teamName.get(meeting.teamId) ?? ''}`,
      description: `Join: ${link}`,
      url: link,
    };
  });

  const weekly = regular.flatMap((row): CalendarEvent[] => {
    const schedule = scheduleOf(row);
    const builtIn = isBuiltInMeetingType(row.key) ? defaults.get(row.key) : undefined;
    const name = row.name ?? builtIn?.name;
    if (!schedule || !name) return [];
    const start = nextLocalWeekday(localDateTimeAt(timeZone, row.createdAt), schedule.weekday, schedule.time);
    const skipped = single
      .filter((event, index) => {
        const meeting = held[index]!;
        if (meeting.teamId !== row.teamId || meeting.typeKey !== row.key) return false;
        const day = new Date(Date.UTC(event.start.year, event.start.month - 1, event.start.day));
        return (
          day.getUTCDay() === schedule.weekday && day >= new Date(Date.UTC(start.year, start.month - 1, start.day))
        );
      })
      .map(({ start: { year, month, day } }) => ({ ...start, year, month, day }));
    const link = window.link(row.key, row.teamId);
    return [
      {
        uid: `feed-team-${row.teamId}-${row.key}@keel`,
        start,
        minutes: schedule.minutes ?? plannedMinutes(row.sections ?? builtIn?.sections ?? []),
        weeklyOn: schedule.weekday,
        skipped,
        summary: `${name}, ${teamName.get(row.teamId) ?? ''}`,
        description: `Join: ${link}`,
        url: link,
      },
    ];
  });
  return [...weekly, ...single];
}
