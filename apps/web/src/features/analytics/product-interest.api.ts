import { analyticsSummarySchema } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationQuery } from '../../lib/organization-query';

/** The organization's product events counted over 30 and 90 days (owner only: others get 403). */
export const useProductInterestSummary = () =>
  useOrganizationQuery('analytics', ['summary'], (organizationId, { signal }) =>
    apiRequest(`/organizations/${encodeURIComponent(organizationId)}/analytics/summary`, {
      schema: analyticsSummarySchema,
      signal,
    }),
  );
