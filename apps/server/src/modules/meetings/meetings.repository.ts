import type { AgendaSection, MeetingListQuery, MeetingSection, MeetingStatus } from '@keel/contract';
import { uuidSchema } from '@keel/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { newestFirstAfter, preciseTimestamp, preciseTimestampSchema } from '../../http/pagination.js';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { listDepartmentMembers, teamView } from '../teams/index.js';
import { meetingMatches } from './meetings-search.js';
import { meetingAttendees, meetings, meetingTypes } from './meetings.table.js';

// Meeting types

export async function storedMeetingTypes(organizationId: string, teamId: string) {
  return tenantDb(organizationId)
    .select()
    .from(meetingTypes)
    .where(and(eq(meetingTypes.organizationId, organizationId), eq(meetingTypes.teamId, teamId)))
    .orderBy(asc(meetingTypes.createdAt), asc(meetingTypes.id))
    .limit(100);
}
export type MeetingTypeRow = Awaited<ReturnType<typeof storedMeetingTypes>>[number];

export async function findMeetingType(organizationId: string, teamId: string, key: string) {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(meetingTypes)
    .where(
      and(eq(meetingTypes.organizationId, organizationId), eq(meetingTypes.teamId, teamId), eq(meetingTypes.key, key)),
    );
  return row;
}

export async function insertMeetingType(
  organizationId: string,
  values: { teamId: string; key: string; name: string; sections: AgendaSection[] },
) {
  const [row] = await tenantDb(organizationId)
    .insert(meetingTypes)
    .values({ organizationId, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Answers the row only when it was still at `version`. */
export async function updateMeetingType(
  organizationId: string,
  id: string,
  version: number,
  changes: { name: string; sections: AgendaSection[] },
) {
  const [row] = await tenantDb(organizationId)
    .update(meetingTypes)
    .set({ ...changes, updatedAt: new Date(), version: version + 1 })
    .where(
      and(eq(meetingTypes.organizationId, organizationId), eq(meetingTypes.id, id), eq(meetingTypes.version, version)),
    )
    .returning();
  return row;
}

export async function deleteMeetingType(organizationId: string, id: string) {
  await tenantDb(organizationId)
    .delete(meetingTypes)
    .where(and(eq(meetingTypes.organizationId, organizationId), eq(meetingTypes.id, id)));
}

// Meetings

const team = teamView('meeting_team');

const meetingColumns = {
  id: meetings.id,
  teamId: meetings.teamId,
  teamName: team.name,
  typeKey: meetings.typeKey,
  name: meetings.name,
  status: meetings.status,
  scheduledAt: meetings.scheduledAt,
  startedAt: meetings.startedAt,
  endedAt: meetings.endedAt,
  facilitatorId: meetings.facilitatorId,
  scribeId: meetings.scribeId,
  sections: meetings.sections,
  currentSection: meetings.currentSection,
  sectionStartedAt: meetings.sectionStartedAt,
  recap: meetings.recap,
  writtenRecap: meetings.writtenRecap,
  notes: meetings.notes,
  notesVersion: meetings.notesVersion,
  version: meetings.version,
  createdAt: meetings.createdAt,
  position: preciseTimestamp(meetings.createdAt),
};

export const meetingCursorShape = z.tuple([preciseTimestampSchema, uuidSchema]);

const selectMeetings = (organizationId: string, where: SQL | undefined) =>
  tenantDb(organizationId)
    .select(meetingColumns)
    .from(meetings)
    .innerJoin(team, eq(team.id, meetings.teamId))
    .where(and(eq(meetings.organizationId, organizationId), where));

export type MeetingRow = Awaited<ReturnType<typeof selectMeetings>>[number];

export async function findMeeting(organizationId: string, id: string): Promise<MeetingRow | undefined> {
  const [row] = await selectMeetings(organizationId, eq(meetings.id, id));
  return row;
}

/** The team's live or paused meeting, if one is running. */
export async function findRunningMeeting(organizationId: string, teamId: string): Promise<MeetingRow | undefined> {
  const [row] = await selectMeetings(
    organizationId,
    and(eq(meetings.teamId, teamId), inArray(meetings.status, ['live', 'paused'])),
  );
  return row;
}

/** Every running meeting of the organization (at most 200): the admins' view of active meetings. */
export async function runningMeetings(organizationId: string) {
  return selectMeetings(organizationId, inArray(meetings.status, ['live', 'paused']))
    .orderBy(asc(meetings.startedAt), asc(meetings.id))
    .limit(200);
}

export interface MeetingInsert {
  teamId: string;
  typeKey: string;
  name: string;
  status: MeetingStatus;
  scheduledAt: Date | null;
  startedAt: Date | null;
  sectionStartedAt: Date | null;
  facilitatorId: string | null;
  scribeId: string | null;
  sections: MeetingSection[];
  createdById: string;
}

/** Answers undefined when the team already has a running meeting (the partial unique index). */
export async function insertMeeting(organizationId: string, values: MeetingInsert) {
  const [row] = await tenantDb(organizationId)
    .insert(meetings)
    .values({ organizationId, ...values })
    .onConflictDoNothing()
    .returning({ id: meetings.id });
  return row?.id;
}

export type MeetingChanges = Partial<
  Pick<
    typeof meetings.$inferInsert,
    | 'status'
    | 'startedAt'
    | 'endedAt'
    | 'facilitatorId'
    | 'scribeId'
    | 'sections'
    | 'currentSection'
    | 'sectionStartedAt'
    | 'recap'
    | 'writtenRecap'
  >
>;

/**
 * Writes a meeting still at `version` (answers false otherwise). Starting a meeting may meet another
 * running one of the team: that answers 'running'.
 */
export async function updateMeeting(
  organizationId: string,
  id: string,
  version: number,
  changes: MeetingChanges,
): Promise<boolean | 'running'> {
  try {
    const rows = await tenantDb(organizationId)
      .update(meetings)
      .set({ ...changes, updatedAt: new Date(), version: version + 1 })
      .where(and(eq(meetings.organizationId, organizationId), eq(meetings.id, id), eq(meetings.version, version)))
      .returning({ id: meetings.id });
    return rows.length > 0;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'running';
    throw error;
  }
}

/**
 * Saves the notes of a running meeting whose notes are still at `notesVersion` (answers false otherwise, or
 * when the meeting stopped running meanwhile). The meeting's `version` rises too, so a conclude that read the
 * meeting before this save is refused instead of freezing older notes into the recap.
 */
export async function updateMeetingNotes(organizationId: string, id: string, notesVersion: number, notes: string) {
  const rows = await tenantDb(organizationId)
    .update(meetings)
    .set({
      notes,
      notesVersion: notesVersion + 1,
      version: sql`${meetings.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(meetings.organizationId, organizationId),
        eq(meetings.id, id),
        eq(meetings.notesVersion, notesVersion),
        inArray(meetings.status, ['live', 'paused']),
      ),
    )
    .returning({ id: meetings.id });
  return rows.length > 0;
}

/** Meetings newest first, keyset-paged by (created, id). */
export async function listMeetings(
  organizationId: string,
  query: MeetingListQuery,
  after: z.infer<typeof meetingCursorShape> | undefined,
) {
  const since = query.from ? new Date(query.from) : undefined;
  const until = query.to ? new Date(query.to) : undefined;
  const when = sql`coalesce(${meetings.startedAt}, ${meetings.scheduledAt}, ${meetings.createdAt})`;
  return selectMeetings(
    organizationId,
    and(
      query.teamId ? eq(meetings.teamId, query.teamId) : undefined,
      query.typeKey ? eq(meetings.typeKey, query.typeKey) : undefined,
      query.status ? eq(meetings.status, query.status) : undefined,
      since ? gte(when, since) : undefined,
      until ? lte(when, until) : undefined,
      query.search ? meetingMatches(query.search, team.name) : undefined,
      after ? newestFirstAfter(meetings.createdAt, meetings.id, after) : undefined,
    ),
  )
    .orderBy(desc(meetings.createdAt), desc(meetings.id))
    .limit(query.limit + 1);
}

// Attendees

const person = personView('attendee');

export async function attendeesOf(organizationId: string, meetingIds: readonly string[]) {
  if (meetingIds.length === 0) return [];
  return tenantDb(organizationId)
    .select({
      meetingId: meetingAttendees.meetingId,
      userId: meetingAttendees.userId,
      name: personName(person),
      firstName: person.firstName,
      email: person.email,
      present: meetingAttendees.present,
      rating: meetingAttendees.rating,
      comment: meetingAttendees.comment,
    })
    .from(meetingAttendees)
    .innerJoin(person, eq(person.id, meetingAttendees.userId))
    .where(
      and(eq(meetingAttendees.organizationId, organizationId), inArray(meetingAttendees.meetingId, [...meetingIds])),
    )
    .orderBy(asc(meetingAttendees.meetingId), asc(meetingAttendees.position), asc(meetingAttendees.userId));
}
export type AttendeeRow = Awaited<ReturnType<typeof attendeesOf>>[number];

/** How many people each meeting lists (present or not), in one grouped read: what the lists show. */
export interface AttendeeTally {
  count: number;
  /** The mean of the ratings given (null: none yet), as the meeting itself averages them. */
  averageRating: number | null;
}

export async function attendeeTallies(organizationId: string, meetingIds: readonly string[]) {
  if (meetingIds.length === 0) return new Map<string, AttendeeTally>();
  const rows = await tenantDb(organizationId)
    .select({
      meetingId: meetingAttendees.meetingId,
      count: sql<number>`count(*)::int`,
      averageRating: sql<number | null>`avg(${meetingAttendees.rating})::float8`,
    })
    .from(meetingAttendees)
    .where(
      and(eq(meetingAttendees.organizationId, organizationId), inArray(meetingAttendees.meetingId, [...meetingIds])),
    )
    .groupBy(meetingAttendees.meetingId);
  return new Map(rows.map(({ meetingId, count, averageRating }) => [meetingId, { count, averageRating }]));
}

/** The team's members still active in the organization, by name: who a meeting expects. */
export async function teamMemberIds(organizationId: string, teamId: string): Promise<string[]> {
  return (await listDepartmentMembers(organizationId, teamId)).map((row) => row.userId);
}

export async function insertAttendees(
  organizationId: string,
  meetingId: string,
  attendees: readonly { userId: string; present: boolean }[],
) {
  if (attendees.length === 0) return;
  await tenantDb(organizationId)
    .insert(meetingAttendees)
    .values(attendees.map((attendee, position) => ({ organizationId, meetingId, position, ...attendee })))
    .onConflictDoNothing();
}

/** Marks a person present or absent; someone not expected (a guest from another team) joins the list. */
export async function setAttendance(organizationId: string, meetingId: string, userId: string, present: boolean) {
  await tenantDb(organizationId)
    .insert(meetingAttendees)
    .values({
      organizationId,
      meetingId,
      userId,
      present,
      position: sql`(select coalesce(max(position), -1) + 1
      from ${meetingAttendees} where meeting_id = ${meetingId}::uuid)`,
    })
    .onConflictDoUpdate({ target: [meetingAttendees.meetingId, meetingAttendees.userId], set: { present } });
}

/** A person's rating (they are present, since they give it). */
export async function setRating(
  organizationId: string,
  meetingId: string,
  userId: string,
  rating: number,
  comment: string,
) {
  await tenantDb(organizationId)
    .insert(meetingAttendees)
    .values({
      organizationId,
      meetingId,
      userId,
      present: true,
      rating,
      comment,
      position: sql`(select
      coalesce(max(position), -1) + 1 from ${meetingAttendees} where meeting_id = ${meetingId}::uuid)`,
    })
    .onConflictDoUpdate({
      target: [meetingAttendees.meetingId, meetingAttendees.userId],
      set: { present: true, rating, comment },
    });
}

/** The titles of the given meetings of the organization, by id (absent: no such meeting): for links shown elsewhere. */
export async function meetingTitles(organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tenantDb(organizationId)
    .select({ id: meetings.id, title: meetings.name })
    .from(meetings)
    .where(and(eq(meetings.organizationId, organizationId), inArray(meetings.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Stores the recap the model drafted on a concluded meeting that has none yet (a retried job drafts it once). */
export async function saveDraftedRecap(organizationId: string, id: string, text: string): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .update(meetings)
    .set({
      writtenRecap: { text, drafted: true },
      updatedAt: new Date(),
      version: sql`${meetings.version} + 1`,
    })
    .where(
      and(
        eq(meetings.organizationId, organizationId),
        eq(meetings.id, id),
        eq(meetings.status, 'concluded'),
        isNull(meetings.writtenRecap),
      ),
    )
    .returning({ id: meetings.id });
  return rows.length > 0;
}
