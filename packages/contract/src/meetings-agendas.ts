import { z } from 'zod';
import type { Methodology } from './organizations.js';
import type { Terminology } from './terminology.js';

/**
 * What a section of a meeting is about: it decides which live objects the section shows (the team's
 * scorecard, priorities, headlines, to-dos, issues) and what the section asks of people (a check-in,
 * ratings at conclude). A team renames, times, orders and hides sections freely; the kind stays.
 */
export const MEETING_SECTION_KINDS = [
  'check_in',
  'scorecard',
  'priorities',
  'headlines',
  'todos',
  'issues',
  'conclude',
  'review',
  'business_plan',
  'org_chart',
  'next_priorities',
  'team_health',
  'swot',
  'annual_plan',
  'commit',
  'account',
  'clear_path',
  'notes',
] as const;
export const meetingSectionKindSchema = z.enum(MEETING_SECTION_KINDS);
export type MeetingSectionKind = z.infer<typeof meetingSectionKindSchema>;

/** The four meeting types every team has, by the slug of their page (`/meetings/{key}/{teamId}`). */
export const BUILT_IN_MEETING_TYPES = [
  'weekly-accountability',
  'weekly-express',
  'quarterly-planning',
  'annual-planning',
] as const;
export type BuiltInMeetingType = (typeof BUILT_IN_MEETING_TYPES)[number];

export const MEETING_TYPE_NAME_MAX = 80;
export const MEETING_SECTION_TITLE_MAX = 80;
export const MEETING_SECTIONS_MAX = 20;
export const MEETING_SECTION_MINUTES_MAX = 600;
/** A team's own meeting types (a monthly one-on-one, a focus day), besides the four built in. */
export const CUSTOM_MEETING_TYPES_MAX = 20;

export const meetingTypeKeySchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'A meeting type key is lowercase words joined by hyphens' })
  .max(60);

export const agendaSectionSchema = z.object({
  kind: meetingSectionKindSchema,
  title: z
    .string()
    .trim()
    .min(1, { error: 'A section needs a title' })
    .max(MEETING_SECTION_TITLE_MAX, {
      error: `A section title must be at most ${MEETING_SECTION_TITLE_MAX} characters`,
    }),
  minutes: z
    .number()
    .int({ error: 'Minutes must be a whole number' })
    .min(0, { error: 'Minutes cannot be negative' })
    .max(MEETING_SECTION_MINUTES_MAX, { error: `A section lasts at most ${MEETING_SECTION_MINUTES_MAX} minutes` }),
  visible: z.boolean().default(true),
});
export type AgendaSection = z.infer<typeof agendaSectionSchema>;

const sectionsSchema = z
  .array(agendaSectionSchema)
  .min(1, { error: 'An agenda needs at least one section' })
  .max(MEETING_SECTIONS_MAX, { error: `An agenda has at most ${MEETING_SECTIONS_MAX} sections` })
  .refine((sections) => sections.some((section) => section.visible), { error: 'Show at least one section' });

export const MEETING_LENGTH_MINUTES_MAX = 1440;

const MEETING_TIME_MESSAGE = 'Give the time the meeting starts as hours and minutes, such as 09:30';

/** A team's regular meeting of one type: its weekday (0 = Sunday … 6 = Saturday), local start and length. */
export const meetingScheduleSchema = z.strictObject({
  weekday: z
    .number({ error: 'Choose the day of the week the team meets' })
    .int({ error: 'Choose the day of the week the team meets' })
    .min(0, { error: 'Choose the day of the week the team meets' })
    .max(6, { error: 'Choose the day of the week the team meets' }),
  time: z
    .string({ error: 'Give the time the meeting starts, such as 09:30' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MEETING_TIME_MESSAGE }),
  /** Null: as long as the agenda's planned minutes. */
  minutes: z
    .number({ error: 'The length is a number of minutes' })
    .int({ error: 'The length is a whole number of minutes' })
    .min(5, { error: 'A meeting lasts at least 5 minutes' })
    .max(MEETING_LENGTH_MINUTES_MAX, { error: `A meeting lasts at most ${MEETING_LENGTH_MINUTES_MAX} minutes (a day)` })
    .nullable(),
});
export type MeetingSchedule = z.infer<typeof meetingScheduleSchema>;

export const meetingTypeSchema = z.object({
  key: meetingTypeKeySchema,
  teamId: z.uuid(),
  name: z.string(),
  builtIn: z.boolean(),
  /** The team changed the built-in agenda (it can go back to the methodology's default). */
  customized: z.boolean(),
  sections: z.array(agendaSectionSchema),
  /** When the team meets for this type, in the organization's time zone; null: no regular day yet. */
  schedule: meetingScheduleSchema.nullable(),
  /** 0 while the team has never saved this type (the default is shown). */
  version: z.number().int().min(0),
});
export type MeetingType = z.infer<typeof meetingTypeSchema>;

export const saveMeetingScheduleRequestSchema = z.strictObject({
  /** Null: the team has no regular day for this type any more. */
  schedule: meetingScheduleSchema.nullable(),
  /** The version of the meeting type the editor saw. */
  version: z.number().int().min(0),
});
export type SaveMeetingScheduleRequest = z.infer<typeof saveMeetingScheduleRequestSchema>;

export const saveMeetingTypeRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: 'A meeting type needs a name' })
    .max(MEETING_TYPE_NAME_MAX, { error: `A name must be at most ${MEETING_TYPE_NAME_MAX} characters` }),
  sections: sectionsSchema,
  /** The version the editor saw (0 when the type was still the default). */
  version: z.number().int().min(0),
});
export type SaveMeetingTypeRequest = z.infer<typeof saveMeetingTypeRequestSchema>;

export const createMeetingTypeRequestSchema = saveMeetingTypeRequestSchema.omit({ version: true });

interface DefaultAgenda {
  key: BuiltInMeetingType;
  name: string;
  sections: readonly AgendaSection[];
}

const section = (kind: MeetingSectionKind, title: string, minutes: number): AgendaSection => ({
  kind,
  title,
  minutes,
  visible: true,
});

const QUARTERLY: readonly AgendaSection[] = [
  section('check_in', 'Check-in', 15),
  section('review', 'Review the prior quarter', 60),
  section('business_plan', 'Review the business plan', 60),
  section('org_chart', 'Review the organizational chart and scorecard', 30),
  section('next_priorities', "Set next quarter's priorities", 120),
  section('issues', 'Solve issues', 120),
  section('notes', 'Next steps', 15),
  section('conclude', 'Conclude', 15),
];

const ANNUAL: readonly AgendaSection[] = [
  section('check_in', 'Day 1 · Check-in', 30),
  section('review', 'Day 1 · Review the prior year', 60),
  section('team_health', 'Day 1 · Team health', 120),
  section('swot', 'Day 1 · SWOT', 90),
  section('business_plan', 'Day 1 · Review the business plan', 120),
  section('annual_plan', 'Day 2 · One-year plan and annual goals', 150),
  section('next_priorities', "Day 2 · Next quarter's priorities", 120),
  section('issues', 'Day 2 · Solve issues', 120),
  section('notes', 'Day 2 · Next steps', 15),
  section('conclude', 'Day 2 · Conclude', 15),
];

/** The neutral weekly agenda (90 minutes), in the organization's own words. */
const weeklyOf = (words: Terminology): readonly AgendaSection[] => [
  section('check_in', 'Check-in', 5),
  section('scorecard', words.scorecard_label, 5),
  section('priorities', words.priorities_label, 5),
  section('headlines', 'Headlines', 5),
  section('todos', words.todos_label, 5),
  section('issues', words.issues_label, 60),
  section('conclude', 'Conclude', 5),
];

const expressOf = (words: Terminology): readonly AgendaSection[] => [
  section('check_in', 'Check-in', 2),
  section('scorecard', words.scorecard_label, 5),
  section('priorities', words.priorities_label, 3),
  section('todos', words.todos_label, 5),
  section('issues', words.issues_label, 12),
  section('conclude', 'Conclude', 3),
];

/**
 * The default agendas of each methodology. They differ in sections, not only in words: a 4DX session
 * is commit / account / clear the path around the scoreboard, an OKR check-in reviews key results
 * and confidence, a Scaling Up weekly centres on metrics and the stuck items.
 */
const PRESET_WEEKLY: Record<Exclude<Methodology, 'custom'>, readonly AgendaSection[]> = {
  eos: [
    section('check_in', 'Segue', 5),
    section('scorecard', 'Scorecard', 5),
    section('priorities', 'Rock review', 5),
    section('headlines', 'Customer and employee headlines', 5),
    section('todos', 'To-do list', 5),
    section('issues', 'IDS', 60),
    section('conclude', 'Conclude', 5),
  ],
  '4dx': [
    section('scorecard', 'Review the scoreboard', 5),
    section('account', 'Account: report on last week’s commitments', 10),
    section('clear_path', 'Clear the path', 10),
    section('commit', 'Commit: one or two for next week', 5),
    section('conclude', 'Conclude', 2),
  ],
  okrs: [
    section('check_in', 'Wins of the week', 5),
    section('priorities', 'Key results and confidence', 20),
    section('scorecard', 'Health metrics', 5),
    section('issues', 'Blockers', 20),
    section('todos', 'Priorities for next week', 5),
    section('conclude', 'Conclude', 5),
  ],
  scaling_up: [
    section('check_in', 'Good news', 5),
    section('scorecard', 'Metrics', 10),
    section('headlines', 'Customer and employee feedback', 10),
    section('priorities', 'Quarterly priorities', 10),
    section('issues', 'Collective challenges', 50),
    section('todos', 'Who does what by when', 5),
    section('conclude', 'Conclude', 5),
  ],
};

/**
 * The four built-in meeting types of a team under a methodology (null = none chosen: the neutral
 * agendas), named and titled in the organization's terminology (the names are the titles of their
 * pages in the web's page catalog).
 */
export function defaultAgendas(methodology: Methodology | null, words: Terminology): DefaultAgenda[] {
  const preset = methodology && methodology !== 'custom' ? PRESET_WEEKLY[methodology] : null;
  const weekly = preset ?? weeklyOf(words);
  return [
    { key: 'weekly-accountability', name: words.weekly_meeting_label, sections: weekly },
    {
      key: 'weekly-express',
      name: `${words.weekly_meeting_label} (express)`,
      sections: methodology === '4dx' ? weekly : expressOf(words),
    },
    { key: 'quarterly-planning', name: words.quarterly_meeting_label, sections: QUARTERLY },
    { key: 'annual-planning', name: 'Annual planning meeting', sections: ANNUAL },
  ];
}

export const isBuiltInMeetingType = (key: string): key is BuiltInMeetingType =>
  (BUILT_IN_MEETING_TYPES as readonly string[]).includes(key);

/** Planned minutes of the visible sections. */
export const plannedMinutes = (sections: readonly AgendaSection[]) =>
  sections.reduce((total, entry) => total + (entry.visible ? entry.minutes : 0), 0);
