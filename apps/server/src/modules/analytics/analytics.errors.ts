import { forbidden } from '../../http/errors.js';

export const ownerRequired = () =>
  forbidden('analytics.owner_required', 'Only the owner of the organization can see its product analytics');
