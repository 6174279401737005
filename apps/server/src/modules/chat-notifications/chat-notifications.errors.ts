import { CHAT_CONNECTIONS_MAX } from '@keel/contract';
import { badRequest, conflict, notFound, staleVersion } from '../../http/errors.js';

export const connectionNotFound = () => notFound('chat.not_found', 'This chat connection does not exist.');
export const teamNotFound = () =>
  badRequest('chat.team_not_found', 'Choose a team of this organization.', [
    { path: 'teamId', message: 'Choose a team of this organization.' },
  ]);
export const alreadyConnected = () =>
  conflict(
    'chat.already_connected',
    'This team already posts to a channel of this provider. Change that connection’s address instead.',
  );
export const tooManyConnections = () =>
  badRequest('chat.too_many', `This organization already has ${CHAT_CONNECTIONS_MAX} chat connections.`);
export const addressRefused = (reason: string) =>
  badRequest('chat.address_refused', reason, [{ path: 'webhookUrl', message: reason }]);
export const stale = () => staleVersion('chat', 'chat connection');
