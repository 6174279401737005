import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';

export const processNotFound = () => notFound('process.not_found', 'This process does not exist');
export const processVersionNotFound = () =>
  notFound('process.version_not_found', 'This version of the process does not exist');
export const teamNotFound = () => notFound('team.not_found', 'This team does not exist');
export const cannotEdit = () =>
  forbidden(
    'process.read_only',
    'Only administrators, the owner of this process and the members of its team may change it',
  );
export const cannotCreateForTeam = () =>
  forbidden('process.team_read_only', 'Only administrators and the members of a team may add processes to it');
export const ownerNotMember = () =>
  badRequest('process.owner_not_member', 'The owner must be an active member of this organization', [
    { path: 'ownerId', message: 'Not an active member of this organization' },
  ]);
export const nothingToPublish = () =>
  badRequest('process.no_steps', 'Add at least one step before publishing this process', [
    { path: 'steps', message: 'Add at least one step' },
  ]);
export const notPublished = () =>
  conflict('process.not_published', 'This process is not published, so there is nothing to acknowledge yet');
