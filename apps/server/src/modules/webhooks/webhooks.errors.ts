import { WEBHOOK_ENDPOINTS_MAX } from '@keel/contract';
import { badRequest, notFound, staleVersion } from '../../http/errors.js';

export const endpointNotFound = () => notFound('webhook.not_found', 'This webhook endpoint does not exist.');
export const deliveryNotFound = () => notFound('webhook.delivery_not_found', 'This delivery does not exist.');
export const tooManyEndpoints = () =>
  badRequest(
    'webhook.too_many',
    `This organization already has ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Remove one it no longer uses first.`,
  );
export const addressRefused = (reason: string) =>
  badRequest('webhook.address_refused', reason, [{ path: 'url', message: reason }]);
export const stale = () => staleVersion('webhook', 'webhook endpoint');
