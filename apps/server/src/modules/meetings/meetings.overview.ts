import type { MeetingType } from '@keel/contract';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import {
  instantOf,
  knownTimeZone,
  localDateTimeAt,
  nextLocalWeekday,
  type LocalDateTime,
} from './meetings.calendar.js';
import { meetingTypesOf } from './meeting-types.service.js';
import { meetings } from './meetings.table.js';

const DAY_MS = 86_400_000;

interface HeldMeeting {
  id: string;
  typeKey: string;
  name: string;
  scheduledAt: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
}

export interface TeamMeetingsOverview {
  running: { id: string; typeKey: string; name: string; startedAt: Date | null } | null;
  next: { id: string | null; typeKey: string; name: string; startsAt: Date } | null;
  lastConcluded: { id: string; typeKey: string; name: string; endedAt: Date } | null;
}

const columns = {
  id: meetings.id,
  typeKey: meetings.typeKey,
  name: meetings.name,
  scheduledAt: meetings.scheduledAt,
  startedAt: meetings.startedAt,
  endedAt: meetings.endedAt,
};

const sameLocalDay = (a: LocalDateTime, b: LocalDateTime) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** The local date `days` after `local` (its time of day kept). */
function daysAfter(local: LocalDateTime, days: number): LocalDateTime {
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day) + days * DAY_MS);
  return { ...local, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * The next occurrence of each type's regular day and time after `now`, in the organization's zone. As in the
 * calendar feed, an occurrence on a day a meeting of the same type is held or scheduled is replaced by that
 * meeting, so the week after counts instead.
 */
export function nextRegularMeeting(
  types: readonly MeetingType[],
  held: readonly HeldMeeting[],
  timeZone: string,
  now: Date,
) {
  const zone = knownTimeZone(timeZone);
  const today = localDateTimeAt(zone, now);
  const heldDays = held.flatMap((meeting) => {
    const start = meeting.scheduledAt ?? meeting.startedAt;
    return start ? [{ typeKey: meeting.typeKey, day: localDateTimeAt(zone, start) }] : [];
  });
  let best: { typeKey: string; name: string; startsAt: Date } | null = null;
  for (const type of types) {
    if (!type.schedule) continue;
    let local = nextLocalWeekday(today, type.schedule.weekday, type.schedule.time);
    const replaced = (candidate: LocalDateTime) =>
      heldDays.some((meeting) => meeting.typeKey === type.key && sameLocalDay(meeting.day, candidate));
    if (instantOf(zone, local).getTime() <= now.getTime() || replaced(local)) local = daysAfter(local, 7);
    if (replaced(local)) local = daysAfter(local, 7);
    const startsAt = instantOf(zone, local);
    if (!best || startsAt.getTime() < best.startsAt.getTime()) best = { typeKey: type.key, name: type.name, startsAt };
  }
  return best;
}

/**
 * The department overview's meetings of one team: the one running now, the next one (scheduled ahead, or a
 * type's regular day, whichever is sooner) and the last one concluded. A fixed number of statements: three
 * small reads of the team's meetings (the running one by meetings_one_running_per_team_idx, the others by the
 * team's prefix of meetings_team_started_idx) and the team's meeting types.
 */
export async function teamMeetingsOverview(
  organizationId: string,
  teamId: string,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<TeamMeetingsOverview> {
  const db = tenantDb(organizationId);
  const ofTeam = and(eq(meetings.organizationId, organizationId), eq(meetings.teamId, teamId));
  // One after another: a tenant transaction is one connection, which runs one statement at a time anyway.
  const [running] = await db
    .select(columns)
    .from(meetings)
    .where(and(ofTeam, inArray(meetings.status, ['live', 'paused'])))
    .limit(1);
  const [scheduled] = await db
    .select(columns)
    .from(meetings)
    .where(and(ofTeam, eq(meetings.status, 'scheduled'), gte(meetings.scheduledAt, now)))
    .orderBy(asc(meetings.scheduledAt), asc(meetings.id))
    .limit(1);
  const [concluded] = await db
    .select(columns)
    .from(meetings)
    .where(and(ofTeam, eq(meetings.status, 'concluded')))
    .orderBy(sql`${meetings.endedAt} desc nulls last`, desc(meetings.id))
    .limit(1);
  const types = await meetingTypesOf(organizationId, teamId);
  const held = [running, scheduled, concluded].filter((meeting): meeting is HeldMeeting => meeting !== undefined);
  const regular = nextRegularMeeting(types, held, timeZone, now);
  const upcoming =
    scheduled?.scheduledAt && (!regular || scheduled.scheduledAt.getTime() <= regular.startsAt.getTime())
      ? { id: scheduled.id, typeKey: scheduled.typeKey, name: scheduled.name, startsAt: scheduled.scheduledAt }
      : regular && { id: null, ...regular };
  return {
    running: running
      ? { id: running.id, typeKey: running.typeKey, name: running.name, startedAt: running.startedAt }
      : null,
    next: upcoming,
    lastConcluded:
      concluded?.endedAt != null
        ? { id: concluded.id, typeKey: concluded.typeKey, name: concluded.name, endedAt: concluded.endedAt }
        : null,
  };
}
