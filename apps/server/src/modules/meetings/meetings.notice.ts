import type { MeetingRecap } from '@keel/contract';
import { frozenRecap } from './meetings.recap.js';
import { findMeeting } from './meetings.repository.js';

export interface ConcludedMeetingRecap {
  id: string;
  name: string;
  teamId: string;
  teamName: string;
  recap: MeetingRecap;
}

/** A concluded meeting with its frozen recap, for the notices other modules send (chat channels). */
export async function concludedMeetingRecap(
  organizationId: string,
  meetingId: string,
): Promise<ConcludedMeetingRecap | undefined> {
  const row = await findMeeting(organizationId, meetingId);
  if (!row || row.status !== 'concluded' || !row.recap) return undefined;
  return { id: row.id, name: row.name, teamId: row.teamId, teamName: row.teamName, recap: frozenRecap(row.recap) };
}
