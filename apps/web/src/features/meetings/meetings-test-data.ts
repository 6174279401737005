import type { AgendaSection, Meeting, MeetingListItem, MeetingType } from '@keel/contract';
import { ORG_ID, makeUser } from '../../test-utils/fixtures';
import { DEPT, teamFrameRoutes } from '../../test-utils/team-stubs';

/** Test data and stubbed routes of the meetings pages (the team is the test department, Operations). */

export const TEAM = DEPT;
export const MEETING_ID = '55555555-5555-4555-8555-555555555555';
export const ORG = `/organizations/${ORG_ID}`;
export const TYPES = `GET ${ORG}/teams/${TEAM}/meeting-types`;
export const RUNNING = `GET ${ORG}/teams/${TEAM}/running-meeting`;
export const HISTORY = `GET ${ORG}/meetings`;

const section = (kind: AgendaSection['kind'], title: string, minutes: number): AgendaSection => ({
  kind,
  title,
  minutes,
  visible: true,
});

export const makeType = (overrides: Partial<MeetingType> = {}): MeetingType => ({
  key: 'weekly-accountability',
  teamId: TEAM,
  name: 'Weekly Accountability Meeting',
  builtIn: true,
  customized: false,
  sections: [section('check_in', 'Check-in', 5), section('scorecard', 'Numbers', 10), section('issues', 'Issues', 60)],
  schedule: null,
  version: 0,
  ...overrides,
});

export const QUARTERLY = makeType({
  key: 'quarterly-planning',
  name: 'Quarterly Planning Meeting',
  sections: [section('check_in', 'Check-in', 15), section('review', 'Review the prior quarter', 60)],
});

export const makeMeeting = (overrides: Partial<Meeting> = {}): Meeting => ({
  id: MEETING_ID,
  teamId: TEAM,
  teamName: 'Operations',
  typeKey: 'weekly-accountability',
  name: 'Weekly Accountability Meeting',
  status: 'live',
  scheduledAt: null,
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: null,
  facilitatorId: null,
  scribeId: null,
  sections: [
    { kind: 'check_in', title: 'Check-in', minutes: 5, spentSeconds: 300 },
    { kind: 'issues', title: 'Issues', minutes: 60, spentSeconds: 3000 },
  ],
  currentSection: 1,
  sectionStartedAt: null,
  attendees: [{ userId: makeUser().id, name: 'Ada Lovelace', present: true, rating: 9, comment: '' }],
  averageRating: 9,
  recap: null,
  writtenRecap: null,
  notes: '',
  notesVersion: 1,
  serverNow: '2026-11-20T10:00:00.000Z',
  version: 1,
  createdAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

export const makeListItem = (overrides: Partial<MeetingListItem> = {}): MeetingListItem => ({
  id: MEETING_ID,
  teamId: TEAM,
  teamName: 'Operations',
  typeKey: 'weekly-accountability',
  name: 'Weekly Accountability Meeting',
  status: 'concluded',
  scheduledAt: null,
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: '2026-11-20T10:30:00.000Z',
  facilitatorId: null,
  scribeId: null,
  currentSection: 1,
  sectionStartedAt: null,
  averageRating: 8.5,
  version: 3,
  createdAt: '2026-11-20T09:00:00.000Z',
  plannedMinutes: 65,
  spentSeconds: 3900,
  attendeeCount: 4,
  ...overrides,
});

export const historyPage = (items: MeetingListItem[], nextCursor: string | null = null) => ({
  body: { data: items, page: { nextCursor } },
});

/** The signed-in frame, the person's department and the meetings routes, then the test's own. */
export const meetingsRoutes = (overrides: Record<string, unknown> = {}) =>
  teamFrameRoutes(
    {},
    {
      [TYPES]: { body: { data: [makeType(), QUARTERLY] } },
      [RUNNING]: { body: { data: null } },
      [HISTORY]: historyPage([]),
      ...overrides,
    },
  );
