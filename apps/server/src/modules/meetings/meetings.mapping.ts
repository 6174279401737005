import {
  averageRatingOf,
  meetingPlannedMinutes,
  sectionSecondsAt,
  type Meeting,
  type MeetingListItem,
  type MeetingSection,
} from '@keel/contract';
import { frozenRecap } from './meetings.recap.js';
import type * as repository from './meetings.repository.js';

/** A meeting as the API shows it, with its attendees, at the server's `now`. */
export function toMeeting(row: repository.MeetingRow, attendees: repository.AttendeeRow[], now: Date): Meeting {
  const people = attendees.map(({ userId, name, present, rating, comment }) => ({
    userId,
    name,
    present,
    rating,
    comment,
  }));
  return {
    id: row.id,
    teamId: row.teamId,
    teamName: row.teamName,
    typeKey: row.typeKey,
    name: row.name,
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    facilitatorId: row.facilitatorId,
    scribeId: row.scribeId,
    sections: row.sections,
    currentSection: row.currentSection,
    sectionStartedAt: row.sectionStartedAt?.toISOString() ?? null,
    attendees: people,
    averageRating: averageRatingOf(people),
    recap: row.recap && frozenRecap(row.recap),
    writtenRecap: row.writtenRecap,
    notes: row.notes,
    notesVersion: row.notesVersion,
    serverNow: now.toISOString(),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A row of a meeting list: its attendees counted and their ratings averaged by the database, not loaded. */
export function toListItem(
  row: repository.MeetingRow,
  tally: repository.AttendeeTally | undefined,
  now: Date,
): MeetingListItem {
  const { sections, ...rest } = toMeeting(row, [], now);
  const spent = sectionSecondsAt({ ...rest, sections }, now.getTime()).reduce((a, b) => a + b, 0);
  const {
    attendees: _attendees,
    serverNow: _serverNow,
    recap: _recap,
    writtenRecap: _writtenRecap,
    notes: _notes,
    notesVersion: _notesVersion,
    ...item
  } = rest;
  return {
    ...item,
    averageRating: tally?.averageRating ?? null,
    plannedMinutes: meetingPlannedMinutes({ sections }),
    spentSeconds: spent,
    attendeeCount: tally?.count ?? 0,
  };
}

/** The sections with the current one's running clock banked into its seconds. */
export function banked(row: repository.MeetingRow, now: Date): MeetingSection[] {
  const seconds = sectionSecondsAt(
    {
      sections: row.sections,
      currentSection: row.currentSection,
      sectionStartedAt: row.sectionStartedAt?.toISOString() ?? null,
    },
    now.getTime(),
  );
  return row.sections.map((section, index) => ({ ...section, spentSeconds: seconds[index]! }));
}

export const isRunning = (row: repository.MeetingRow) => row.status === 'live' || row.status === 'paused';
