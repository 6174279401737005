import {
  orgChartDraftSchema,
  orgChartHolderHistorySchema,
  orgChartPublicationSchema,
  orgChartSchema,
  orgChartSeatSchema,
  successSchema,
  type CreateOrgChartSeatRequest,
  type MoveOrgChartSeatRequest,
  type UpdateOrgChartSeatRequest,
} from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { downloadApiFile } from '../../lib/file-download';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';

const ENTITY = 'org_chart';
const chartPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/org-chart${rest}`;

/** The published chart everyone reads, and whether the caller may edit the draft. */
export const useOrgChart = () =>
  useOrganizationQuery(ENTITY, ['published'], (organizationId, { signal }) =>
    apiRequest(chartPath(organizationId), { schema: orgChartSchema, signal }),
  );

export const useOrgChartDraft = (enabled: boolean) =>
  useOrganizationQuery(
    ENTITY,
    ['draft'],
    (organizationId, { signal }) =>
      apiRequest(chartPath(organizationId, '/draft'), { schema: orgChartDraftSchema, signal }),
    { enabled },
  );

export const useSeatHistory = (seatId: string | null) =>
  useOrganizationQuery(
    ENTITY,
    ['history', seatId ?? 'none'],
    (organizationId, { signal }) =>
      apiRequest(chartPath(organizationId, `/seats/${seatId ?? ''}/history`), {
        schema: orgChartHolderHistorySchema,
        signal,
      }),
    { enabled: seatId !== null },
  );

/** The seats one person held, as the chart's publications recorded them (newest first). */
export const usePersonSeatHistory = (userId: string | null) =>
  useOrganizationQuery(
    ENTITY,
    ['person-history', userId ?? 'none'],
    (organizationId, { signal }) =>
      apiRequest(chartPath(organizationId, `/people/${userId ?? ''}/history`), {
        schema: orgChartHolderHistorySchema,
        signal,
      }),
    { enabled: userId !== null },
  );

export const useCreateSeat = () =>
  useOrganizationMutation([ENTITY], (organizationId, body: CreateOrgChartSeatRequest) =>
    apiRequest(chartPath(organizationId, '/seats'), { schema: orgChartSeatSchema, method: 'POST', body }),
  );

export const useUpdateSeat = () =>
  useOrganizationMutation([ENTITY], (organizationId, { id, ...body }: UpdateOrgChartSeatRequest & { id: string }) =>
    apiRequest(chartPath(organizationId, `/seats/${id}`), { schema: orgChartSeatSchema, method: 'PATCH', body }),
  );

export const useMoveSeat = () =>
  useOrganizationMutation([ENTITY], (organizationId, { id, ...body }: MoveOrgChartSeatRequest & { id: string }) =>
    apiRequest(chartPath(organizationId, `/seats/${id}/move`), { schema: orgChartSeatSchema, method: 'POST', body }),
  );

export const useDeleteSeat = () =>
  useOrganizationMutation([ENTITY], (organizationId, id: string) =>
    apiRequest(chartPath(organizationId, `/seats/${id}`), { schema: successSchema, method: 'DELETE' }),
  );

export const usePublishChart = () =>
  useOrganizationMutation([ENTITY], (organizationId, _: void) =>
    apiRequest(chartPath(organizationId, '/publish'), { schema: orgChartPublicationSchema, method: 'POST' }),
  );

export const useDiscardDraft = () =>
  useOrganizationMutation([ENTITY], (organizationId, _: void) =>
    apiRequest(chartPath(organizationId, '/discard'), { schema: successSchema, method: 'POST' }),
  );

export const useSuggestSeats = () =>
  useOrganizationMutation([ENTITY], (organizationId, _: void) =>
    apiRequest(chartPath(organizationId, '/suggested-seats'), { schema: successSchema, method: 'POST' }),
  );

/** The published chart as the server draws it in a PDF, under the name the server gives. */
export const downloadChartPdf = (organizationId: string, fallbackName: string) =>
  downloadApiFile(chartPath(organizationId, '/export.pdf'), fallbackName);
