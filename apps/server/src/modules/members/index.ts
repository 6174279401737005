export {
  inviteMembers,
  invitationMailContext,
  sendInvitationMails,
  type CreatedInvitation,
  type InviteMeta,
  type InviteOutcome,
  type InviteRow,
} from './invite-members.js';
export { liveInvitationEmails } from './members.repository.js';
export { createMembersService, type MembersService } from './members.service.js';
export { membersRoutes } from './members.routes.js';
