export {
  createMemberImportService,
  type InvitationDraft,
  type InviteMembers,
  type MemberImportService,
} from './member-import.service.js';
export { memberImportRoutes } from './member-import.routes.js';
export { membersInviter } from './member-import.invitations.js';
