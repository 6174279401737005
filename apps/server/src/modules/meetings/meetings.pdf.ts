import { conflict } from '../../http/errors.js';
import type { Caller } from '../organizations/index.js';
import { findMember, findOrganization } from '../people/index.js';
import { organizationLabels } from '../terminology/index.js';
import * as errors from './meetings.errors.js';
import type { MeetingsKit } from './meetings.kit.js';
import { renderMeetingPdf, type MeetingPdfContent } from './meetings.pdf-document.js';
import { frozenRecap } from './meetings.recap.js';
import * as repository from './meetings.repository.js';

const notConcluded = () =>
  conflict('meeting.not_concluded', 'This meeting has not ended yet: its PDF is ready once it is concluded');

/** The zone itself, or UTC for a name this runtime's time-zone data does not know (no 500 for a PDF). */
function knownTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** "Monday 23 November 2026, 09:00–10:05 (Europe/Paris)": the organization's clock, which it names. */
export function meetingTimeText(startedAt: Date, endedAt: Date, timeZone: string): string {
  const zone = knownTimeZone(timeZone);
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const sameDay = day.format(startedAt) === day.format(endedAt);
  const end = sameDay ? time.format(endedAt) : `${day.format(endedAt)}, ${time.format(endedAt)}`;
  return `${day.format(startedAt)}, ${time.format(startedAt)}–${end} (${zone})`;
}

/** A file name that every browser and file system keeps: the meeting's words, without what a path would mind. */
const fileNameOf = (teamName: string, meetingName: string, endedAt: Date) =>
  [...`${teamName} - ${meetingName} - ${endedAt.toISOString().slice(0, 10)}.pdf`]
    .map((character) =>
      character < ' ' || character === '\u007f' || '\\/:*?"<>|'.includes(character) ? ' ' : character,
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** The PDF of a concluded meeting: its frozen recap with who came, how they rated it and the time per section. */
export function meetingPdfUseCases(kit: MeetingsKit) {
  return {
    summaryPdf: async (caller: Caller, id: string): Promise<{ fileName: string; content: Buffer }> => {
      const { content, fileName } = await kit.asReader(caller, async ({ organizationId }) => {
        const row = await repository.findMeeting(organizationId, id);
        if (!row) throw errors.meetingNotFound();
        if (row.status !== 'concluded' || row.recap === null) throw notConcluded();
        const [attendees, organization, words] = await Promise.all([
          repository.attendeesOf(organizationId, [row.id]),
          findOrganization(organizationId),
          organizationLabels(organizationId),
        ]);
        const nameOf = async (userId: string | null) => {
          if (userId === null) return null;
          const attendee = attendees.find((person) => person.userId === userId);
          if (attendee) return attendee.name;
          const member = await findMember(organizationId, userId);
          return member ? `${member.firstName} ${member.lastName}`.trim() : 'a former member';
        };
        const endedAt = row.endedAt ?? row.createdAt;
        const pdf: MeetingPdfContent = {
          organizationName: organization?.name ?? '',
          meetingName: row.name,
          teamName: row.teamName,
          when: meetingTimeText(row.startedAt ?? row.createdAt, endedAt, organization?.timezone ?? 'UTC'),
          facilitator: await nameOf(row.facilitatorId),
          scribe: await nameOf(row.scribeId),
          attendees: attendees.map(({ name, present, rating, comment }) => ({ name, present, rating, comment })),
          sections: row.sections,
          recap: frozenRecap(row.recap),
          writtenRecap: row.writtenRecap,
          words,
        };
        return { content: pdf, fileName: fileNameOf(row.teamName, row.name, endedAt) };
      });
      // Rendered after the read has given its connection back.
      return { fileName, content: await renderMeetingPdf(content) };
    },
  };
}
