import type { Mailer } from '../../mail/mailer.js';
import { invitationMailContext, inviteMembers, sendInvitationMails } from '../members/index.js';
import type { InviteMembers } from './member-import.service.js';

/** The members module's invitations, as the import uses them: created in its transaction, mailed after (answering how). */
export function membersInviter(deps: { mailer: Mailer; appUrl: string }): InviteMembers {
  return async (organizationId, actor, rows, meta) => {
    const outcome = await inviteMembers(organizationId, actor, rows, meta);
    const context = await invitationMailContext(organizationId, actor.userId);
    return () => sendInvitationMails(deps, outcome, context);
  };
}
