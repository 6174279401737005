import {
  averageRatingOf,
  meetingPlannedMinutes,
  periodAt,
  periodStartOf,
  todayIn,
  type MeetingRecap,
  type MeetingSection,
  type Terminology,
} from '@keel/contract';
import type { Mailer, OutgoingMail } from '../../mail/mailer.js';
import { cascadingMessagesSentBetween } from '../headlines/index.js';
import { issuesSolvedBetween } from '../issues/index.js';
import { organizationCalendar } from '../people/index.js';
import { organizationLabels } from '../terminology/index.js';
import { todoCompletionByPeriod, todosCreatedBetween } from '../todos/index.js';
import type { AttendeeRow } from './meetings.repository.js';
import type { StoredMeetingRecap } from './meetings.table.js';

/** A stored recap as the contract shows it: one frozen before meetings had notes has empty notes. */
export const frozenRecap = (recap: StoredMeetingRecap): MeetingRecap => ({ ...recap, notes: recap.notes ?? '' });

/**
 * What the meeting did while it ran (`from`..`to`), read in its transaction as it ends: to-dos created,
 * issues solved and messages cascaded by the team, the to-dos due in the meeting's week and how many
 * are done, attendance and ratings, time planned and spent, and the notes as they stand.
 */
export async function recapOf(
  organizationId: string,
  meeting: { teamId: string; startedAt: Date; endedAt: Date; sections: MeetingSection[]; notes: string },
  attendees: readonly AttendeeRow[],
): Promise<MeetingRecap> {
  const { teamId, startedAt, endedAt } = meeting;
  const calendar = await organizationCalendar(organizationId);
  const week = periodAt(periodStartOf(todayIn(calendar.timeZone, endedAt), 'weekly', calendar), 'weekly', calendar);
  const [newTodos, solvedIssues, cascadingMessages, completion] = await Promise.all([
    todosCreatedBetween(organizationId, teamId, startedAt, endedAt),
    issuesSolvedBetween(organizationId, teamId, startedAt, endedAt),
    cascadingMessagesSentBetween(organizationId, teamId, startedAt, endedAt),
    todoCompletionByPeriod(organizationId, { teamIds: [teamId], ownerIds: [] }, [week], calendar.timeZone),
  ]);
  const count = completion.teams.get(teamId)?.get(week.start);
  return {
    newTodos,
    solvedIssues,
    cascadingMessages,
    todoCompletion: count && count.due > 0 ? { due: count.due, done: count.doneOnTime } : null,
    averageRating: averageRatingOf(attendees),
    present: attendees.filter((attendee) => attendee.present).length,
    expected: attendees.length,
    plannedMinutes: meetingPlannedMinutes(meeting),
    spentSeconds: meeting.sections.reduce((total, section) => total + section.spentSeconds, 0),
    notes: meeting.notes,
  };
}

const clock = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
};

const list = (heading: string, lines: readonly string[]) =>
  lines.length === 0 ? [] : [heading, ...lines.map((line) => `- ${line}`), ''];

/**
 * The summary each attendee receives, and the catch-up for team members who missed the meeting: the
 * same record, said differently.
 */
/** The organization's words a meeting's record uses (its terminology). */
export type RecapWords = Pick<Terminology, 'todos_label' | 'issues_label'>;

export function recapMail(input: {
  organizationId: string;
  words: RecapWords;
  to: string;
  firstName: string;
  present: boolean;
  meetingName: string;
  teamName: string;
  recap: MeetingRecap;
  /** The recap in words the assistant drafted (or the facilitator wrote): the mail opens with it. */
  writtenRecap?: string | null | undefined;
  sections: readonly MeetingSection[];
  link: string;
}): OutgoingMail {
  const { recap, words } = input;
  const greeting = input.firstName.trim() ? `Hello ${input.firstName.trim()},` : 'Hello,';
  const opening = input.present
    ? `Here is what the ${input.teamName} ${input.meetingName} decided.`
    : `You missed the ${input.teamName} ${input.meetingName}. Here is what it decided.`;
  const completion = recap.todoCompletion
    ? `${words.todos_label} due this week: ${recap.todoCompletion.done} of ${recap.todoCompletion.due} done (${Math.round((100 * recap.todoCompletion.done) / recap.todoCompletion.due)}%).`
    : `No ${words.todos_label} were due this week.`;
  const rating =
    recap.averageRating === null
      ? 'Nobody rated the meeting.'
      : `Average rating: ${recap.averageRating.toFixed(1)} / 10.`;
  const text = [
    greeting,
    '',
    opening,
    '',
    ...(input.writtenRecap?.trim() ? ['Recap (drafted by the assistant):', input.writtenRecap.trim(), ''] : []),
    ...list(
      `New ${words.todos_label}:`,
      recap.newTodos.map((todo) => `${todo.title} (${todo.ownerName}, due ${todo.dueDate})`),
    ),
    ...list(
      `${words.issues_label} solved:`,
      recap.solvedIssues.map((issue) => issue.title),
    ),
    ...list(
      'Messages to other teams:',
      recap.cascadingMessages.map((message) => message.text),
    ),
    ...(recap.notes.trim() ? ['Notes:', recap.notes, ''] : []),
    completion,
    rating,
    `Attendance: ${recap.present} of ${recap.expected}. Time: ${clock(recap.spentSeconds)} of ${recap.plannedMinutes} min planned.`,
    '',
    ...list(
      'Time per section:',
      input.sections.map((section) => `${section.title}: ${clock(section.spentSeconds)} of ${section.minutes} min`),
    ),
    `The meeting's record: ${input.link}`,
  ].join('\n');
  return {
    to: input.to,
    subject: input.present
      ? `Summary: ${input.teamName} ${input.meetingName}`
      : `What you missed: ${input.teamName} ${input.meetingName}`,
    text,
    organizationId: input.organizationId,
  };
}

/** The summary for those present and the catch-up for those who missed it, queued in the current transaction. */
export async function queueRecapMails(
  mailer: Mailer,
  appUrl: string | undefined,
  organizationId: string,
  meeting: { name: string; teamName: string; sections: readonly MeetingSection[] },
  attendees: readonly AttendeeRow[],
  recap: MeetingRecap,
  writtenRecap: string | null,
) {
  const link = `${(appUrl ?? '').replace(/\/+$/, '')}/meeting-history`;
  const words = await organizationLabels(organizationId);
  for (const attendee of attendees) {
    await mailer.enqueue(
      recapMail({
        organizationId,
        words,
        to: attendee.email,
        firstName: attendee.firstName,
        present: attendee.present,
        meetingName: meeting.name,
        teamName: meeting.teamName,
        recap,
        writtenRecap,
        sections: meeting.sections,
        link,
      }),
    );
  }
}
