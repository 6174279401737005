import { API_KEYS_MAX } from '@keel/contract';
import { badRequest, notFound } from '../../http/errors.js';

export const keyNotFound = () => notFound('api_key.not_found', 'This API key does not exist.');
export const tooManyKeys = () =>
  badRequest(
    'api_key.too_many',
    `This organization already has ${API_KEYS_MAX} API keys in use. Revoke one it no longer needs first.`,
  );
