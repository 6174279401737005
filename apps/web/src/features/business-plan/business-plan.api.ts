import {
  businessPlanSchema,
  businessPlanVersionPageSchema,
  businessPlanVersionSchema,
  type RestoreBusinessPlanRequest,
  type SaveBusinessPlanRequest,
  type ShareBusinessPlanRequest,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { downloadApiFile } from '../../lib/file-download';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationInfiniteQuery, useOrganizationQuery } from '../../lib/organization-query';

/** Queries are keyed ['organizations', id, 'business_plan', …]: a save anywhere (realtime) refreshes them. */
const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/business-plan`;

/** Which plan: a team's, the company's (no team), or the one a share link names. */
export interface PlanSelection {
  teamId?: string | undefined;
  share?: string | undefined;
}

const queryOf = (selection: PlanSelection) => {
  const query = new URLSearchParams();
  if (selection.share) query.set('share', selection.share);
  else if (selection.teamId) query.set('teamId', selection.teamId);
  const text = query.toString();
  return text ? `?${text}` : '';
};

export const useBusinessPlan = (selection: PlanSelection) =>
  useOrganizationQuery('business_plan', ['plan', selection.share ?? selection.teamId ?? 'company'], (organizationId) =>
    apiRequest(`${base(organizationId)}${queryOf(selection)}`, { schema: businessPlanSchema }),
  );

const VERSIONS_PAGE = 20;

export const useBusinessPlanVersions = (teamId: string) =>
  useOrganizationInfiniteQuery(
    'business_plan',
    ['versions', teamId],
    (organizationId, { pageParam }) => {
      const query = new URLSearchParams({ teamId, limit: String(VERSIONS_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(`${base(organizationId)}/versions?${query}`, { schema: businessPlanVersionPageSchema });
    },
    { initialPageParam: null as string | null, getNextPageParam: (last) => last.page.nextCursor },
  );

export const useBusinessPlanVersion = (teamId: string, version: number | null) =>
  useOrganizationQuery(
    'business_plan',
    ['version', teamId, version],
    (organizationId) =>
      apiRequest(`${base(organizationId)}/version?${new URLSearchParams({ teamId, version: String(version) })}`, {
        schema: businessPlanVersionSchema,
      }),
    { enabled: version !== null, staleTime: Infinity },
  );

export const useSaveBusinessPlan = () =>
  useOrganizationMutation(['business_plan'], (organizationId, body: SaveBusinessPlanRequest) =>
    apiRequest(base(organizationId), { schema: businessPlanSchema, method: 'PUT', body }),
  );

export const useRestoreBusinessPlan = () =>
  useOrganizationMutation(['business_plan'], (organizationId, body: RestoreBusinessPlanRequest) =>
    apiRequest(`${base(organizationId)}/restore`, { schema: businessPlanSchema, method: 'POST', body }),
  );

export const useShareBusinessPlan = () =>
  useOrganizationMutation(['business_plan'], (organizationId, body: ShareBusinessPlanRequest) =>
    apiRequest(`${base(organizationId)}/share`, { schema: businessPlanSchema, method: 'PUT', body }),
  );

/** Downloads the plan's PDF (at most two pages) with the signed-in person's credentials. */
export const downloadBusinessPlanPdf = (organizationId: string, selection: PlanSelection) =>
  downloadApiFile(`${base(organizationId)}/pdf${queryOf(selection)}`, 'business-plan.pdf');

/** The address that opens this plan read-only for anyone of the organization. */
export const shareLinkOf = (token: string) =>
  `${window.location.origin}/business-blueprint?share=${encodeURIComponent(token)}`;
