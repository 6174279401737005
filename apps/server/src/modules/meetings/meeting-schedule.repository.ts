import type { MeetingSchedule } from '@keel/contract';
import { and, eq, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { meetingTypes } from './meetings.table.js';

const scheduleColumns = (schedule: MeetingSchedule | null) => ({
  scheduleWeekday: schedule?.weekday ?? null,
  scheduleTime: schedule?.time ?? null,
  scheduleMinutes: schedule?.minutes ?? null,
});

/** The schedule kept on a meeting type's row, or null when the type has no regular day. */
export function scheduleOf(row: {
  scheduleWeekday: number | null;
  scheduleTime: string | null;
  scheduleMinutes: number | null;
}): MeetingSchedule | null {
  if (row.scheduleWeekday === null || row.scheduleTime === null) return null;
  return { weekday: row.scheduleWeekday, time: row.scheduleTime, minutes: row.scheduleMinutes };
}

/** A built-in type scheduled before its agenda was ever changed: a row with no name and no sections. */
export async function insertScheduledDefaultType(
  organizationId: string,
  values: { teamId: string; key: string; schedule: MeetingSchedule | null },
) {
  const [row] = await tenantDb(organizationId)
    .insert(meetingTypes)
    .values({ organizationId, teamId: values.teamId, key: values.key, ...scheduleColumns(values.schedule) })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Answers the row only when it was still at `version`. */
export async function updateMeetingTypeSchedule(
  organizationId: string,
  id: string,
  version: number,
  schedule: MeetingSchedule | null,
) {
  const [row] = await tenantDb(organizationId)
    .update(meetingTypes)
    .set({ ...scheduleColumns(schedule), updatedAt: new Date(), version: version + 1 })
    .where(
      and(eq(meetingTypes.organizationId, organizationId), eq(meetingTypes.id, id), eq(meetingTypes.version, version)),
    )
    .returning();
  return row;
}

/** A built-in type goes back to the default agenda and keeps its schedule. */
export async function clearMeetingTypeAgenda(organizationId: string, id: string) {
  await tenantDb(organizationId)
    .update(meetingTypes)
    .set({ name: null, sections: null, updatedAt: new Date(), version: sql`${meetingTypes.version} + 1` })
    .where(and(eq(meetingTypes.organizationId, organizationId), eq(meetingTypes.id, id)));
}
