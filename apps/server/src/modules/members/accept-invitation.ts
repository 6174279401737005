import { LEGAL_VERSION, type NewPersonAcceptance } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inTenant } from '../../db/scope.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  EmailTakenError,
  findUserByEmail,
  hashPassword,
  insertLegalAcceptance,
  insertUser,
  type AccessClaims,
} from '../auth/index.js';
import { activateInvitedMembership, findMembership, findUserById, insertMembership } from '../people/index.js';
import { findActiveTeams, insertTeamMemberships } from '../teams/index.js';
import * as errors from './members.errors.js';
import { claimOpenInvitation } from './members.repository.js';

export interface AcceptInput {
  tokenHash: string;
  organizationId: string;
  claims: AccessClaims | null;
  person: NewPersonAcceptance | null;
  meta: { ipAddress: string; userAgent: string };
  now: Date;
}

/**
 * One transaction: the invitation is claimed (only the first of two concurrent accepts gets it),
 * then the account, membership and team memberships are written. Any refusal rolls the claim back,
 * so a refused attempt changes nothing and the link still works for the right person.
 */
export async function acceptInvitation(db: Database, input: AcceptInput): Promise<string> {
  const passwordHash = input.person ? await hashPassword(input.person.password) : null;
  const { organizationId } = input;
  return inTenant(db, { organizationId, userId: input.claims?.userId ?? null }, async () => {
    const invitation = await claimOpenInvitation(organizationId, input.tokenHash, input.now);
    if (!invitation) throw errors.invitationUsed();

    const userId = await resolveAccount(invitation.email, input, passwordHash);
    // Invited people are invited members since the invitation (see inviteMembers); older invitations are not.
    if (!(await activateInvitedMembership(organizationId, userId, invitation.role))) {
      if (await findMembership(organizationId, userId)) throw errors.alreadyMember();
      await insertMembership(organizationId, userId, invitation.role);
    }
    const teams = await findActiveTeams(organizationId, invitation.teamIds);
    await insertTeamMemberships(
      organizationId,
      userId,
      teams.map((team) => team.id),
    );
    await recordAuditEvent(organizationId, {
      actorUserId: userId,
      action: 'invitation.accepted',
      targetType: 'invitation',
      targetId: invitation.id,
      summary: { email: invitation.email, role: invitation.role, teamIds: teams.map((team) => team.id) },
      ...input.meta,
    });
    return userId;
  });
}

async function resolveAccount(email: string, input: AcceptInput, passwordHash: string | null): Promise<string> {
  if (input.claims) {
    const user = await findUserById(input.claims.userId);
    if (!user || user.email.toLowerCase() !== email.toLowerCase()) throw errors.wrongAccount(email);
    if (user.status !== 'active') throw errors.wrongAccount(email);
    return user.id;
  }
  const person = input.person;
  if (!person || !passwordHash) throw errors.signInToAccept();
  // A placeholder of an invited person is completed by insertUser; a real account signs in instead.
  const existing = await findUserByEmail(email);
  if (existing && existing.status !== 'invited') throw errors.signInToAccept();
  let user;
  try {
    user = await insertUser({ email, firstName: person.firstName, lastName: person.lastName, passwordHash });
  } catch (error) {
    if (error instanceof EmailTakenError) throw errors.signInToAccept();
    throw error;
  }
  await insertLegalAcceptance({
    userId: user.id,
    termsAccepted: person.legalAgreement.termsAccepted,
    privacyAccepted: person.legalAgreement.privacyAccepted,
    acceptedAt:
      new Date(person.legalAgreement.acceptedAt) > new Date(0) ? new Date(person.legalAgreement.acceptedAt) : input.now,
    version: person.legalAgreement.version || LEGAL_VERSION,
    userAgent: (person.legalAgreement.userAgent || input.meta.userAgent).slice(0, 1000),
    ipAddress: input.meta.ipAddress,
  });
  return user.id;
}
