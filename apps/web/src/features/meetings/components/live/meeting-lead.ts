import type { Meeting, User } from '@keel/contract';

/**
 * Mirrors the server's rule: the facilitator, the scribe, an admin, or anyone while the meeting has no
 * facilitator moves the meeting along. The server still decides; this only avoids offering dead buttons.
 */
export function canLeadMeeting(meeting: Pick<Meeting, 'facilitatorId' | 'scribeId'>, user: User | null): boolean {
  if (!user) return false;
  if (meeting.facilitatorId === null) return true;
  if (user.role === 'owner' || user.role === 'admin') return true;
  return user.id === meeting.facilitatorId || user.id === meeting.scribeId;
}
