export {
  inviteMembers,
  invitationMailContext,
  queueInvitationMails,
  type CreatedInvitation,
  type InviteMeta,
  type InviteOutcome,
  type InviteRow,
  type SeatCheck,
} from './invite-members.js';
export { countPendingInvitations, liveInvitationEmails } from './members.repository.js';
export { createMembersService, type MembersService } from './members.service.js';
export { membersRoutes } from './members.routes.js';
