import { badRequest, notFound } from '../../http/errors.js';

export const headlineNotFound = () => notFound('headline.not_found', 'This headline does not exist');
export const teamNotFound = () => notFound('team.not_found', 'This team does not exist');
export const messageNotFound = () => notFound('cascading_message.not_found', 'This cascading message does not exist');
export const notAMember = (path: string, what: string) =>
  badRequest('headline.person_not_member', `${what} must be a member of this organization`, [
    { path, message: 'Not a member of this organization' },
  ]);
export const cannotSendToOwnTeam = () =>
  badRequest('cascading_message.own_team', 'A cascading message goes to other teams, not to the team sending it', [
    { path: 'toTeamIds', message: 'Remove the sending team' },
  ]);
