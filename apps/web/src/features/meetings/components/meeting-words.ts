import type { MeetingSectionKind, MeetingStatus, Terminology } from '@keel/contract';

/** What each kind of section is about, in plain words (the kind itself stays when a team renames a section). */
export const SECTION_KIND_NAMES: Record<MeetingSectionKind, string> = {
  check_in: 'Check-in',
  scorecard: 'Numbers',
  priorities: 'Priorities',
  headlines: 'Headlines',
  todos: 'Action items',
  issues: 'Problem solving',
  conclude: 'Wrap-up and ratings',
  review: 'Review',
  business_plan: 'Business plan',
  org_chart: 'Organizational chart',
  next_priorities: 'Next priorities',
  team_health: 'Team health',
  swot: 'SWOT',
  annual_plan: 'Annual plan',
  commit: 'Commitments',
  account: 'Accountability report',
  clear_path: 'Clearing the path',
  notes: 'Notes',
};

/** A kind's name; the kinds that show a renamable concept use the organization's word for it. */
export function sectionKindName(kind: MeetingSectionKind, terms: Terminology): string {
  if (kind === 'scorecard') return terms.scorecard_label;
  if (kind === 'priorities') return terms.priorities_label;
  if (kind === 'todos') return terms.todos_label;
  if (kind === 'issues') return terms.issues_label;
  return SECTION_KIND_NAMES[kind];
}

export const STATUS_NAMES: Record<MeetingStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Running',
  paused: 'Paused',
  concluded: 'Ended',
};

/** Seconds as h:mm (e.g. 1:05 for 65 minutes); minutes are floored. */
export function hoursMinutes(seconds: number): string {
  const totalMinutes = Math.floor(Math.max(0, seconds) / 60);
  return `${Math.floor(totalMinutes / 60)}:${String(totalMinutes % 60).padStart(2, '0')}`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** The instant a meeting happened or is planned for. */
export const meetingWhen = (meeting: { startedAt: string | null; scheduledAt: string | null; createdAt: string }) =>
  meeting.startedAt ?? meeting.scheduledAt ?? meeting.createdAt;

export const isRunning = (status: MeetingStatus) => status === 'live' || status === 'paused';

export const averageRatingText = (rating: number | null) => (rating === null ? 'No ratings' : rating.toFixed(1));
