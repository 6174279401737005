import { isAdmin, type MemberScope } from '../organizations/index.js';
import * as errors from './meetings.errors.js';

/**
 * Who leads a meeting (moves it along, keeps its notes): its facilitator or scribe, an admin, or anyone
 * while it has no facilitator.
 */
export function requireLead(member: MemberScope, meeting: { facilitatorId: string | null; scribeId: string | null }) {
  if (meeting.facilitatorId === null || isAdmin(member.role)) return;
  if (member.userId !== meeting.facilitatorId && member.userId !== meeting.scribeId) throw errors.onlyFacilitator();
}
