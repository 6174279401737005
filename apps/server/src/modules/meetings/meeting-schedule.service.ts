import {
  isBuiltInMeetingType,
  meetingPlannedMinutes,
  plannedMinutes,
  type MeetingSchedule,
  type MeetingType,
  type SaveMeetingScheduleRequest,
} from '@keel/contract';
import { notFound } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import type { Caller, RequestMeta } from '../organizations/index.js';
import { organizationCalendar } from '../people/index.js';
import { requireMeetingType } from './meeting-types.service.js';
import * as scheduleRepository from './meeting-schedule.repository.js';
import {
  CALENDAR_CONTENT_TYPE,
  calendarOf,
  knownTimeZone,
  localDateTimeAt,
  nextLocalWeekday,
} from './meetings.calendar.js';
import * as errors from './meetings.errors.js';
import type { MeetingsKit } from './meetings.kit.js';
import * as repository from './meetings.repository.js';

export interface CalendarFile {
  fileName: string;
  content: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A file name from a label: ASCII words joined by hyphens ("Weekly Accountability Meeting" → "weekly-accountability-meeting"). */
const fileNameOf = (label: string, suffix: string) =>
  `${
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'meeting'
  }-${suffix}.ics`;

const noSchedule = () => notFound('meeting.no_schedule', 'This team has no regular day and time for this meeting yet');

/** "Tuesday 31 March 2026 at 09:00": a meeting's start on the organization's clock, for subjects and texts. */
export function formatMeetingTime(timeZone: string, instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: knownTimeZone(timeZone),
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute}`;
}

/** The length of a meeting: the type's regular length when it has one, else its agenda's planned minutes. */
const lengthOf = (schedule: MeetingSchedule | null | undefined, planned: number) => schedule?.minutes ?? planned;

const agendaText = (sections: readonly { title: string; minutes: number }[]) =>
  sections.map((section) => `${section.title} (${section.minutes} min)`).join('\n');

/** The .ics of one meeting: a single event at its scheduled (or started) time. */
function meetingCalendarOf(
  meeting: repository.MeetingRow,
  options: { timeZone: string; minutes: number; now: Date; link: string },
): CalendarFile {
  const start = meeting.scheduledAt ?? meeting.startedAt ?? meeting.createdAt;
  const timeZone = knownTimeZone(options.timeZone);
  const local = localDateTimeAt(timeZone, start);
  const content = calendarOf({
    timeZone,
    now: options.now,
    events: [
      {
        uid: `meeting-${meeting.id}@keel`,
        start: local,
        minutes: options.minutes,
        summary: `${meeting.name}, ${meeting.teamName}`,
        description: `Agenda:\n${agendaText(meeting.sections)}\n\nJoin: ${options.link}`,
        url: options.link,
      },
    ],
  });
  const day = `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
  return { fileName: fileNameOf(meeting.name, day), content };
}

const pageLink = (appUrl: string | undefined, typeKey: string, teamId: string) =>
  `${(appUrl ?? '').replace(/\/+$/, '')}/meetings/${encodeURIComponent(typeKey)}/${encodeURIComponent(teamId)}`;

/**
 * Invites each attendee of a meeting just scheduled, in the caller's transaction: one mail each with the
 * meeting's .ics attached (queued, so a schedule that rolls back invites nobody).
 */
export async function inviteAttendees(
  deps: { mailer?: Mailer | undefined; appUrl?: string | undefined; now: () => Date },
  organizationId: string,
  meeting: repository.MeetingRow,
  type: Pick<MeetingType, 'schedule'>,
): Promise<void> {
  if (!deps.mailer || !meeting.scheduledAt) return;
  const { timeZone } = await organizationCalendar(organizationId);
  const link = pageLink(deps.appUrl, meeting.typeKey, meeting.teamId);
  const minutes = lengthOf(type.schedule, meetingPlannedMinutes(meeting));
  const file = meetingCalendarOf(meeting, { timeZone, minutes, now: deps.now(), link });
  const when = formatMeetingTime(timeZone, meeting.scheduledAt);
  const attendees = await repository.attendeesOf(organizationId, [meeting.id]);
  for (const attendee of attendees) {
    await deps.mailer.enqueue({
      organizationId,
      to: attendee.email,
      subject: `Invitation: ${meeting.name}, ${when}`,
      text: [
        `Hello ${attendee.firstName},`,
        '',
        `${meeting.teamName} meets for the ${meeting.name} on ${when} (${knownTimeZone(timeZone)} time), for ${minutes} minutes.`,
        'The attached calendar file adds it to your calendar.',
        '',
        `Agenda:\n${agendaText(meeting.sections)}`,
        '',
        `Join it here when it starts: ${link}`,
      ].join('\n'),
      attachments: [{ filename: file.fileName, contentType: CALENDAR_CONTENT_TYPE, content: file.content }],
    });
  }
}

/** A team's regular meeting of each type, and the calendar files of meetings and regular meetings. */
export function meetingScheduleUseCases(kit: MeetingsKit, appUrl: string | undefined) {
  const { now, asReader, asWriter, audit, publish, requireTeam } = kit;

  return {
    saveSchedule: async (
      caller: Caller,
      teamId: string,
      key: string,
      request: SaveMeetingScheduleRequest,
      meta: RequestMeta,
    ): Promise<MeetingType> => {
      const saved = await asWriter(caller, async (member) => {
        const { organizationId } = member;
        await requireTeam(organizationId, teamId);
        const existing = await repository.findMeetingType(organizationId, teamId, key);
        let row: Awaited<ReturnType<typeof scheduleRepository.updateMeetingTypeSchedule>>;
        if (existing) {
          row = await scheduleRepository.updateMeetingTypeSchedule(
            organizationId,
            existing.id,
            request.version,
            request.schedule,
          );
        } else if (isBuiltInMeetingType(key)) {
          row =
            request.version === 0
              ? await scheduleRepository.insertScheduledDefaultType(organizationId, {
                  teamId,
                  key,
                  schedule: request.schedule,
                })
              : undefined;
        } else {
          throw errors.meetingTypeNotFound();
        }
        if (!row) throw errors.staleMeetingType();
        await audit(
          member,
          'meeting.schedule_saved',
          meta,
          { type: 'meeting_type', id: row.id },
          { teamId, key, schedule: request.schedule },
        );
        return requireMeetingType(organizationId, teamId, key);
      });
      publish(caller, 'updated', { id: teamId, teamId });
      return saved;
    },

    /** One meeting as an .ics file: a single event at its scheduled time, in the organization's zone. */
    meetingCalendar: (caller: Caller, id: string): Promise<CalendarFile> =>
      asReader(caller, async ({ organizationId }) => {
        const meeting = await repository.findMeeting(organizationId, id);
        if (!meeting) throw errors.meetingNotFound();
        const [{ timeZone }, stored] = await Promise.all([
          organizationCalendar(organizationId),
          repository.findMeetingType(organizationId, meeting.teamId, meeting.typeKey),
        ]);
        const minutes = lengthOf(stored ? scheduleRepository.scheduleOf(stored) : null, meetingPlannedMinutes(meeting));
        return meetingCalendarOf(meeting, {
          timeZone,
          minutes,
          now: now(),
          link: pageLink(appUrl, meeting.typeKey, meeting.teamId),
        });
      }),

    /** A team's regular meeting of one type as an .ics file: a weekly event from its next occurrence on. */
    teamCalendar: (caller: Caller, teamId: string, key: string): Promise<CalendarFile> =>
      asReader(caller, async ({ organizationId }) => {
        const team = await requireTeam(organizationId, teamId);
        const type = await requireMeetingType(organizationId, teamId, key);
        const schedule = type.schedule;
        if (!schedule) throw noSchedule();
        const timeZone = knownTimeZone((await organizationCalendar(organizationId)).timeZone);
        const at = now();
        const visible = type.sections.filter((section) => section.visible);
        const link = pageLink(appUrl, key, teamId);
        const content = calendarOf({
          timeZone,
          now: at,
          events: [
            {
              uid: `team-${teamId}-${key}@keel`,
              start: nextLocalWeekday(localDateTimeAt(timeZone, at), schedule.weekday, schedule.time),
              minutes: lengthOf(schedule, plannedMinutes(type.sections)),
              weeklyOn: schedule.weekday,
              summary: `${type.name}, ${team.name}`,
              description: `Every ${WEEKDAYS[schedule.weekday]} at ${schedule.time}.\n\nAgenda:\n${agendaText(visible)}\n\nJoin: ${link}`,
              url: link,
            },
          ],
        });
        return { fileName: fileNameOf(`${team.name} ${type.name}`, 'weekly'), content };
      }),
  };
}
