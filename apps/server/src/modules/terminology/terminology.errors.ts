import { notFound } from '../../http/errors.js';

/** Another organization's terminology is not "forbidden" but absent: its existence is not revealed. */
export const organizationNotFound = () => notFound('terminology.organization_not_found', 'Organization not found');
