import { notFound } from '../../http/errors.js';

export const teamNotFound = () => notFound('dashboard.team_not_found', 'This team does not exist in your organization');
