import type { Mailer } from '../../mail/mailer.js';
import { invitationMailContext, inviteMembers, queueInvitationMails, type SeatCheck } from '../members/index.js';
import type { InviteMembers } from './member-import.service.js';

/** The members module's invitations, as the import uses them: created, and their mails queued, in its transaction. */
export function membersInviter(deps: { mailer: Mailer; appUrl: string; seats?: SeatCheck | undefined }): InviteMembers {
  return async (organizationId, actor, rows, meta) => {
    const outcome = await inviteMembers(organizationId, actor, rows, meta, deps.seats);
    const context = await invitationMailContext(organizationId, actor.userId);
    return queueInvitationMails(deps, outcome, context);
  };
}
