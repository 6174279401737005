import type { AgendaSection, MeetingRecap, MeetingSection, MeetingWrittenRecap } from '@keel/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { primaryId, tenantIsolationPolicy, timestampColumn, versionedTimestamps } from '../../db/table-helpers.js';
import { organizationColumn, personColumn, users } from '../people/people.table.js';
import { teamColumn } from '../teams/teams.table.js';

/**
 * A team's agenda for one meeting type: a built-in type's row exists only once the team changed its
 * default; a team's own types (a monthly one-on-one) always have one.
 */
export const meetingTypes = pgTable(
  'meeting_types',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    key: text('key').notNull(),
    /** Null with `sections` on a built-in type the team only scheduled: its agenda is still the default. */
    name: text('name'),
    sections: jsonb('sections').$type<AgendaSection[]>(),
    /** The team's regular meeting of this type, in the organization's time zone: 0 = Sunday … 6 = Saturday. */
    scheduleWeekday: smallint('schedule_weekday'),
    /** Local start, hh:mm; null when the type has no regular day. */
    scheduleTime: text('schedule_time'),
    /** Null: as long as the agenda's planned minutes. */
    scheduleMinutes: smallint('schedule_minutes'),
    ...versionedTimestamps(),
  },
  (table) => [
    uniqueIndex('meeting_types_team_key_idx').on(table.organizationId, table.teamId, table.key),
    tenantIsolationPolicy(),
  ],
);

/** A recap as stored: those frozen before meetings had notes have none. */
export type StoredMeetingRecap = Omit<MeetingRecap, 'notes'> & { notes?: string };

export const MEETING_STATUS_VALUES = ['scheduled', 'live', 'paused', 'concluded'] as const;

/**
 * One meeting. Its agenda is copied in when it starts (editing the type later changes no meeting), and
 * its clock is stored, not kept in a process: `section_started_at` plus each section's banked seconds
 * give the time spent at any instant, through a refresh, a lost network or a server restart.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    typeKey: text('type_key').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: MEETING_STATUS_VALUES }).notNull(),
    scheduledAt: timestampColumn('scheduled_at'),
    startedAt: timestampColumn('started_at'),
    endedAt: timestampColumn('ended_at'),
    facilitatorId: uuid('facilitator_id').references(() => users.id, { onDelete: 'set null' }),
    scribeId: uuid('scribe_id').references(() => users.id, { onDelete: 'set null' }),
    sections: jsonb('sections').$type<MeetingSection[]>().notNull(),
    currentSection: smallint('current_section').notNull().default(0),
    sectionStartedAt: timestampColumn('section_started_at'),
    /** Frozen when the meeting concludes: what it decided, solved and assigned, and how it was rated. */
    recap: jsonb('recap').$type<StoredMeetingRecap>(),
    /** The recap in words the assistant's model drafted after it concluded (and the facilitator may edit). */
    writtenRecap: jsonb('written_recap').$type<MeetingWrittenRecap>(),
    /** Written while the meeting runs, frozen into the recap when it concludes. */
    notes: text('notes').notNull().default(''),
    /** Each save of the notes names it, so a save over someone else's text is refused (not the meeting's `version`). */
    notesVersion: integer('notes_version').notNull().default(1),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...versionedTimestamps(),
  },
  (table) => [
    index('meetings_team_started_idx').on(table.organizationId, table.teamId, table.startedAt),
    index('meetings_history_idx').on(table.organizationId, table.createdAt, table.id),
    // One running meeting per team: a second "start" finds the first and offers to join it.
    uniqueIndex('meetings_one_running_per_team_idx')
      .on(table.organizationId, table.teamId)
      .where(sql`status in ('live', 'paused')`),
    tenantIsolationPolicy(),
  ],
);

export const meetingAttendees = pgTable(
  'meeting_attendees',
  {
    organizationId: organizationColumn(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    present: boolean('present').notNull().default(false),
    rating: smallint('rating'),
    comment: text('comment').notNull().default(''),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.meetingId, table.userId] }),
    index('meeting_attendees_user_idx').on(table.organizationId, table.userId),
    tenantIsolationPolicy(),
  ],
);
