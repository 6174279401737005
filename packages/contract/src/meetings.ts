import { z } from 'zod';
import { isoDateTimeSchema, pageOf, uuidSchema, versionSchema } from './common.js';
import { meetingSectionKindSchema, meetingTypeKeySchema } from './meetings-agendas.js';

export const MEETING_STATUSES = ['scheduled', 'live', 'paused', 'concluded'] as const;
export const meetingStatusSchema = z.enum(MEETING_STATUSES);
export type MeetingStatus = z.infer<typeof meetingStatusSchema>;

export const MEETING_RATING_MIN = 1;
export const MEETING_RATING_MAX = 10;
export const MEETING_COMMENT_MAX = 500;
/** A meeting is planned at most this far ahead. */
export const MEETING_SCHEDULE_DAYS_MAX = 366;
/** The longest text the meeting history searches for. */
export const MEETING_SEARCH_MAX = 200;
/** The longest notes a meeting keeps. */
export const MEETING_NOTES_MAX = 20_000;

/** A section of one meeting: the agenda's section as it stood when the meeting started, and its clock. */
export const meetingSectionSchema = z.object({
  kind: meetingSectionKindSchema,
  title: z.string(),
  minutes: z.number().int().min(0),
  /** Seconds spent in the section before its clock last started (see `sectionStartedAt`). */
  spentSeconds: z.number().int().min(0),
});
export type MeetingSection = z.infer<typeof meetingSectionSchema>;

export const meetingAttendeeSchema = z.object({
  userId: uuidSchema,
  name: z.string(),
  present: z.boolean(),
  rating: z.number().int().min(MEETING_RATING_MIN).max(MEETING_RATING_MAX).nullable(),
  comment: z.string(),
});
export type MeetingAttendee = z.infer<typeof meetingAttendeeSchema>;

/** What a concluded meeting did, frozen when it ended: the meeting-history record and the summary mail. */
export const meetingRecapSchema = z.object({
  newTodos: z.array(z.object({ id: uuidSchema, title: z.string(), ownerName: z.string(), dueDate: z.string() })),
  solvedIssues: z.array(z.object({ id: uuidSchema, title: z.string() })),
  cascadingMessages: z.array(z.object({ id: uuidSchema, text: z.string() })),
  /** The team's to-dos due in the meeting's week, and how many of them were done by its end (null: none due). */
  todoCompletion: z.object({ due: z.number().int().min(0), done: z.number().int().min(0) }).nullable(),
  averageRating: z.number().nullable(),
  present: z.number().int().min(0),
  expected: z.number().int().min(0),
  plannedMinutes: z.number().int().min(0),
  spentSeconds: z.number().int().min(0),
  /** The meeting's notes as they stood when it ended (recaps frozen before notes existed have none). */
  notes: z.string().default(''),
});
export type MeetingRecap = z.infer<typeof meetingRecapSchema>;

export const WRITTEN_RECAP_MAX = 5_000;
/**
 * A short recap in words, drafted by the priority assistant's model from the record once the meeting concluded
 * (only where an administrator turned the model on); `drafted` until the facilitator edits it.
 */
export const meetingWrittenRecapSchema = z.object({
  text: z.string(),
  /** True while it stands as the model wrote it; false once a person edited it. */
  drafted: z.boolean(),
});
export type MeetingWrittenRecap = z.infer<typeof meetingWrittenRecapSchema>;

export const updateWrittenRecapRequestSchema = z.strictObject({
  text: z.string().trim().min(1, 'Write the recap, or leave it as it was').max(WRITTEN_RECAP_MAX),
  version: versionSchema,
});
export type UpdateWrittenRecapRequest = z.infer<typeof updateWrittenRecapRequestSchema>;

export const meetingSchema = z.object({
  id: uuidSchema,
  teamId: uuidSchema,
  teamName: z.string(),
  typeKey: meetingTypeKeySchema,
  name: z.string(),
  status: meetingStatusSchema,
  scheduledAt: isoDateTimeSchema.nullable(),
  startedAt: isoDateTimeSchema.nullable(),
  endedAt: isoDateTimeSchema.nullable(),
  facilitatorId: uuidSchema.nullable(),
  scribeId: uuidSchema.nullable(),
  sections: z.array(meetingSectionSchema),
  currentSection: z.number().int().min(0),
  /** When the current section's clock last started; null while paused, scheduled or concluded. */
  sectionStartedAt: isoDateTimeSchema.nullable(),
  attendees: z.array(meetingAttendeeSchema),
  averageRating: z.number().nullable(),
  /** Set when the meeting concluded. */
  recap: meetingRecapSchema.nullable(),
  /** The recap in words, at the top of the record; null offline, before it is drafted, or when drafting failed. */
  writtenRecap: meetingWrittenRecapSchema.nullable().default(null),
  /** What the facilitator or scribe wrote down while the meeting ran. */
  notes: z.string(),
  /** Raised by each save of the notes, apart from `version`: typing notes never makes a move stale. */
  notesVersion: versionSchema,
  /** The server's clock when it answered: pages run the timers from it, not from their own clock. */
  serverNow: isoDateTimeSchema,
  version: versionSchema,
  createdAt: isoDateTimeSchema,
});
export type Meeting = z.infer<typeof meetingSchema>;

export const meetingListItemSchema = meetingSchema
  .omit({
    sections: true,
    attendees: true,
    serverNow: true,
    recap: true,
    writtenRecap: true,
    notes: true,
    notesVersion: true,
  })
  .extend({
    plannedMinutes: z.number().int().min(0),
    spentSeconds: z.number().int().min(0),
    attendeeCount: z.number().int().min(0),
  });
export type MeetingListItem = z.infer<typeof meetingListItemSchema>;
export const meetingPageSchema = pageOf(meetingListItemSchema);

export const meetingListQuerySchema = z.object({
  teamId: uuidSchema.optional(),
  typeKey: meetingTypeKeySchema.optional(),
  status: meetingStatusSchema.optional(),
  /** Meetings started (or scheduled) on or after this instant. */
  from: isoDateTimeSchema.optional(),
  to: isoDateTimeSchema.optional(),
  /** Words in the meeting's name, its team's name, or its recap's to-dos, solved issues, cascaded messages and notes. */
  search: z
    .string()
    .trim()
    .max(MEETING_SEARCH_MAX, { error: `A search is at most ${MEETING_SEARCH_MAX} characters` })
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type MeetingListQuery = z.infer<typeof meetingListQuerySchema>;

export const startMeetingRequestSchema = z.strictObject({
  teamId: uuidSchema,
  typeKey: meetingTypeKeySchema,
  /** Absent: the meeting starts now. Present: it is scheduled (at most a year ahead). */
  scheduledAt: isoDateTimeSchema.optional(),
  facilitatorId: uuidSchema.nullable().optional(),
  scribeId: uuidSchema.nullable().optional(),
});
export type StartMeetingRequest = z.infer<typeof startMeetingRequestSchema>;

/**
 * Moving the agenda names the section the mover saw as current: when two facilitators race, the
 * second move finds the meeting elsewhere and is refused with the meeting as it now is.
 */
export const navigateMeetingRequestSchema = z.strictObject({
  from: z.number().int().min(0),
  to: z.number().int().min(0),
});

/** Saving the notes names the notes version the writer last saw: a save over someone else's text is refused. */
export const meetingNotesRequestSchema = z.strictObject({
  notes: z
    .string()
    .overwrite((notes) => notes.trimEnd())
    .max(MEETING_NOTES_MAX, { error: `Notes are at most ${MEETING_NOTES_MAX} characters` }),
  notesVersion: versionSchema,
});
export type MeetingNotesRequest = z.infer<typeof meetingNotesRequestSchema>;

export const meetingRatingRequestSchema = z.strictObject({
  rating: z
    .number()
    .int({ error: 'A rating is a whole number from 1 to 10' })
    .min(MEETING_RATING_MIN, { error: 'A rating is a whole number from 1 to 10' })
    .max(MEETING_RATING_MAX, { error: 'A rating is a whole number from 1 to 10' }),
  comment: z
    .string()
    .trim()
    .max(MEETING_COMMENT_MAX, { error: `A comment must be at most ${MEETING_COMMENT_MAX} characters` })
    .optional(),
});

export const meetingAttendanceRequestSchema = z.strictObject({ userId: uuidSchema, present: z.boolean() });

export const meetingRolesRequestSchema = z.strictObject({
  facilitatorId: uuidSchema.nullable(),
  scribeId: uuidSchema.nullable(),
});

export const emptyMeetingRequestSchema = z.strictObject({});

/** Seconds spent in each section at `now`: what was banked plus the running clock of the current one. */
export function sectionSecondsAt(
  meeting: Pick<Meeting, 'sections' | 'currentSection' | 'sectionStartedAt'>,
  now: number,
): number[] {
  const running =
    meeting.sectionStartedAt === null
      ? 0
      : Math.max(0, Math.floor((now - Date.parse(meeting.sectionStartedAt)) / 1000));
  return meeting.sections.map(
    (section, index) => section.spentSeconds + (index === meeting.currentSection ? running : 0),
  );
}

/** Minutes planned for the meeting's sections. */
export const meetingPlannedMinutes = (meeting: Pick<Meeting, 'sections'>) =>
  meeting.sections.reduce((total, section) => total + section.minutes, 0);

/** The average of the ratings given (null before any). */
export function averageRatingOf(attendees: readonly Pick<MeetingAttendee, 'rating'>[]): number | null {
  const ratings = attendees.flatMap((attendee) => (attendee.rating === null ? [] : [attendee.rating]));
  return ratings.length === 0 ? null : ratings.reduce((a, b) => a + b, 0) / ratings.length;
}

export const meetingParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });
export const teamMeetingParamsSchema = z.object({ organizationId: uuidSchema, teamId: uuidSchema });
export const meetingTypeParamsSchema = z.object({
  organizationId: uuidSchema,
  teamId: uuidSchema,
  key: meetingTypeKeySchema,
});
