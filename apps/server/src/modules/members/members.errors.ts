import { AppError, badRequest, conflict, forbidden, notFound, staleVersion } from '../../http/errors.js';

export const memberNotFound = () => notFound('members.not_found', 'This person is not a member of the organization');
export const invitationNotFound = () => notFound('invitations.not_found', 'Invitation not found');
export const staleMember = () => staleVersion('members', 'member');
export const staleInvitation = () => staleVersion('invitations', 'invitation');

export const lastOwner = () =>
  conflict(
    'members.last_owner',
    'The organization must keep at least one active owner. Make someone else owner first.',
  );
export const ownersOnly = () => forbidden('members.owner_required', 'Only an owner can make or unmake owners');
export const notYourself = () =>
  badRequest('members.not_yourself', 'You cannot deactivate yourself. Ask another administrator.');
export const unknownTeams = () =>
  badRequest('invitations.unknown_team', 'One of the chosen teams does not exist or is archived', [
    { path: 'teamIds', message: 'Unknown team' },
  ]);
export const alreadyMember = () =>
  conflict('invitations.already_member', 'This person is already a member of the organization');
export const alreadyInvited = () =>
  conflict(
    'invitations.already_invited',
    'This person already has an open invitation. Resend it from the pending invitations instead.',
  );
export const invitationClosed = () =>
  badRequest('invitations.closed', 'This invitation was already accepted or revoked and cannot be changed');

/** Links that no longer work: 410 Gone, with a message the accept page shows as it is. */
export const invitationExpired = () =>
  new AppError(
    410,
    'invitations.expired',
    'This invitation has expired. Ask the person who invited you for a new one.',
  );
export const invitationUsed = () =>
  new AppError(
    410,
    'invitations.used',
    'This invitation was already used. Sign in with the account that accepted it, or ask for a new invitation.',
  );
export const invitationRevoked = () =>
  new AppError(
    410,
    'invitations.revoked',
    'This invitation was withdrawn. Ask the person who invited you for a new one.',
  );
export const invitationUnknown = () =>
  new AppError(
    410,
    'invitations.invalid',
    'This invitation link is not valid. Ask the person who invited you for a new one.',
  );
export const wrongAccount = (email: string) =>
  forbidden('invitations.wrong_account', `This invitation is for ${email}. Sign in with that account to accept it.`);
export const signInToAccept = () =>
  new AppError(
    401,
    'invitations.sign_in_required',
    'An account with this e-mail already exists. Sign in to accept the invitation.',
  );
