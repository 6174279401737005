import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';

export const adminRequired = () =>
  forbidden('organizations.admin_required', 'Only an administrator or the owner of the organization can do this');
export const organizationNotFound = () => notFound('organizations.not_found', 'Organization not found');
export const logoNotFound = () => notFound('organizations.logo_not_found', 'This organization has no logo');
export const logoMissing = () =>
  badRequest('organizations.logo_missing', 'Send the image as a file in the form field "logo"');
export const logoEmpty = () => badRequest('organizations.logo_empty', 'The logo file is empty');
export const malformedUpload = () =>
  badRequest('organizations.malformed_upload', 'The upload could not be read. Please try again.');
export const logoTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'organizations.logo_too_large',
    `The logo must be at most ${Math.round(maxBytes / (1024 * 1024))} MB`,
  );
export const logoUnsupportedType = () =>
  new AppError(415, 'organizations.logo_unsupported_type', 'The logo must be a PNG, JPEG, WebP or GIF image');

export const observerReadOnly = () =>
  forbidden('auth.observer_read_only', 'Observers can look but not change anything');
export const consultantAccessRevoked = () =>
  forbidden(
    'consultant.access_revoked',
    'Your consultant access to this organization has been revoked. Return to your own organization to continue.',
  );
