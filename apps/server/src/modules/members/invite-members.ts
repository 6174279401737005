import { INVITATION_TTL_DAYS, type InvitationDelivery, type Role } from '@keel/contract';
import type { Mailer } from '../../mail/mailer.js';
import { recordAuditEvent } from '../audit/index.js';
import { newInvitationToken } from './invitation-token.js';
import * as repository from './members.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InviteRow {
  email: string;
  role: Role;
  teamIds: string[];
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export interface InviteMeta {
  ipAddress: string;
  userAgent: string;
  now?: Date;
}

export interface CreatedInvitation {
  invitation: repository.InvitationRow;
  /** The secret of the link; only its hash is stored, so it exists only until the mail is sent. */
  token: string;
  firstName?: string | undefined;
}

/**
 * Refuses, inside the inviting transaction, invitations that would pass the organization's plan (billing's seat
 * limit); absent on a server without billing.
 */
export type SeatCheck = (organizationId: string, newSeats: number) => Promise<void>;

export interface InviteOutcome {
  organizationId: string;
  created: CreatedInvitation[];
  skipped: { email: string; reason: 'member' | 'invited' | 'duplicate' }[];
}

export const invitationExpiry = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);

/**
 * Invites people inside the caller's `inTenant` transaction (the caller has checked the actor is an
 * admin and the teams exist). Addresses that are already members, already invited, or repeated in
 * `rows` are skipped, so running the same list twice creates nothing the second time. Each invited
 * person becomes an invited member at once, so work can be given to them before they accept. Queue their
 * mails in the same transaction with `queueInvitationMails`: they go out once it commits.
 */
export async function inviteMembers(
  organizationId: string,
  actor: { userId: string },
  rows: readonly InviteRow[],
  meta: InviteMeta,
  seats?: SeatCheck,
): Promise<InviteOutcome> {
  const emails = rows.map((row) => row.email.trim());
  const [members, invited] = await Promise.all([
    repository.memberEmails(organizationId, emails),
    repository.openInvitationEmails(organizationId, emails),
  ]);
  const seen = new Set<string>();
  const skipped: InviteOutcome['skipped'] = [];
  const fresh: { row: InviteRow; email: string; token: string; tokenHash: string }[] = [];
  for (const row of rows) {
    const email = row.email.trim();
    const key = email.toLowerCase();
    if (members.has(key)) skipped.push({ email, reason: 'member' });
    else if (invited.has(key)) skipped.push({ email, reason: 'invited' });
    else if (seen.has(key)) skipped.push({ email, reason: 'duplicate' });
    else fresh.push({ row, email, ...newInvitationToken() });
    seen.add(key);
  }
  // Observers are free; everyone else takes a seat once they accept.
  await seats?.(organizationId, fresh.filter(({ row }) => row.role !== 'observer').length);
  const expiresAt = invitationExpiry(meta.now ?? new Date());
  const inserted = await repository.insertInvitations(
    organizationId,
    fresh.map(({ row, email, tokenHash }) => ({
      email,
      role: row.role,
      teamIds: [...new Set(row.teamIds)],
      tokenHash,
      invitedById: actor.userId,
      expiresAt,
    })),
  );
  await repository.insertInvitedPeople(
    organizationId,
    fresh.map(({ row, email }) => ({
      email,
      firstName: row.firstName?.trim() ?? '',
      lastName: row.lastName?.trim() ?? '',
      role: row.role,
    })),
  );
  const byHash = new Map(inserted.map((row) => [row.tokenHash, row]));
  const created: CreatedInvitation[] = [];
  for (const item of fresh) {
    const invitation = byHash.get(item.tokenHash);
    if (!invitation) continue;
    created.push({ invitation, token: item.token, firstName: item.row.firstName });
    await recordAuditEvent(organizationId, {
      actorUserId: actor.userId,
      action: 'invitation.created',
      targetType: 'invitation',
      targetId: invitation.id,
      summary: { email: invitation.email, role: invitation.role, teamIds: invitation.teamIds },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
  }
  return { organizationId, created, skipped };
}

export const acceptLink = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}/accept-invitation?token=${encodeURIComponent(token)}`;

export interface InvitationMailContext {
  organizationName: string;
  inviterName: string | null;
}

/** Inside the organization's scope: who the mails say invites, and to what. */
export async function invitationMailContext(organizationId: string, inviterId: string): Promise<InvitationMailContext> {
  return repository.mailContext(organizationId, inviterId);
}

/**
 * In the inviting transaction: one queued mail per created invitation, sent after the commit by the
 * background jobs (retried, and listed on failed operations if it never goes through). Without mail
 * set up the mails are only logged, so the links are answered to the administrator who invited (the
 * caller's response), the one person besides the invitee allowed to hold them.
 */
export async function queueInvitationMails(
  deps: { mailer: Mailer; appUrl: string },
  outcome: Pick<InviteOutcome, 'organizationId' | 'created'>,
  context: InvitationMailContext,
): Promise<InvitationDelivery> {
  const mailed = deps.mailer.mode === 'smtp';
  const unmailed: InvitationDelivery['unmailed'] = [];
  for (const { invitation, token, firstName } of outcome.created) {
    const link = acceptLink(deps.appUrl, token);
    const who = context.inviterName ?? 'An administrator';
    await deps.mailer.enqueue({
      to: invitation.email,
      organizationId: outcome.organizationId,
      subject: `You are invited to ${context.organizationName} on Keel`,
      text: `Hello${firstName ? ` ${firstName}` : ''},\n\n${who} invites you to join ${context.organizationName} on Keel as ${invitation.role}.\n\nAccept the invitation within ${INVITATION_TTL_DAYS} days:\n\n${link}\n\nIf you did not expect this mail, ignore it.\n`,
    });
    if (!mailed) unmailed.push({ email: invitation.email, link });
  }
  return { mailed, unmailed };
}
