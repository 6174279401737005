import type { Meeting, MeetingAttendee } from '@keel/contract';
import { ORG_ID, makeUser } from '../../../../test-utils/fixtures';
import { DEPT } from '../../../../test-utils/team-stubs';

export const MEETING_ID = '55555555-5555-4555-8555-555555555555';
export const ME = makeUser().id;
export const GRACE = '66666666-6666-4666-8666-666666666666';
export const MEETING_PATH = `/organizations/${ORG_ID}/meetings/${MEETING_ID}`;
export const RUNNING_PATH = `/organizations/${ORG_ID}/teams/${DEPT}/running-meeting`;

export const attendee = (userId: string, name: string, overrides: Partial<MeetingAttendee> = {}): MeetingAttendee => ({
  userId,
  name,
  present: true,
  rating: null,
  comment: '',
  ...overrides,
});

/** A weekly meeting in its second section (the scorecard), facilitated by the signed-in person. */
export function makeMeeting(overrides: Partial<Meeting> = {}): Meeting {
  return {
    id: MEETING_ID,
    teamId: DEPT,
    teamName: 'Operations',
    typeKey: 'weekly-accountability',
    name: 'Weekly meeting',
    status: 'live',
    scheduledAt: null,
    startedAt: '2026-11-26T09:55:00.000Z',
    endedAt: null,
    facilitatorId: ME,
    scribeId: null,
    sections: [
      { kind: 'check_in', title: 'Check-in', minutes: 5, spentSeconds: 300 },
      { kind: 'scorecard', title: 'Numbers', minutes: 5, spentSeconds: 0 },
      { kind: 'priorities', title: 'Big Goals', minutes: 5, spentSeconds: 0 },
      { kind: 'conclude', title: 'Conclude', minutes: 5, spentSeconds: 0 },
    ],
    currentSection: 1,
    sectionStartedAt: '2026-11-26T09:58:00.000Z',
    attendees: [attendee(ME, 'Ada Lovelace'), attendee(GRACE, 'Grace Hopper')],
    averageRating: null,
    recap: null,
    writtenRecap: null,
    notes: '',
    notesVersion: 1,
    serverNow: '2026-11-26T10:00:00.000Z',
    version: 3,
    createdAt: '2026-11-26T09:55:00.000Z',
    ...overrides,
  };
}

export const meetingReply = (meeting: Meeting) => ({ body: { data: meeting } });
