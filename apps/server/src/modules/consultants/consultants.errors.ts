import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';

export const consultantsOnly = () => forbidden('consultant.consultants_only', 'Only consultant accounts can do this');
export const grantNotFound = () => notFound('consultant.not_found', 'This consultant access does not exist');
export const invalidInvitation = () =>
  badRequest(
    'consultant.invalid_invitation',
    'This consultant invitation link is invalid, has already been used or has expired. Ask the organization for a new one.',
  );
export const invitationForAnotherAddress = () =>
  forbidden(
    'consultant.invitation_for_another_address',
    'This invitation was sent to another e-mail address. Sign in with the consultant account it was sent to.',
  );
export const alreadyRevoked = () =>
  conflict('consultant.already_revoked', 'This consultant access was already revoked');
export const noAccess = () =>
  forbidden('consultant.no_access', 'You do not have consultant access to this organization');
export const notImpersonating = () =>
  badRequest('consultant.not_impersonating', 'You are already working in your own organization');
