import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  closedQuarterSchema,
  type CloseQuarterRequest,
  type CreateMilestoneRequest,
  type CreatePriorityRequest,
  type CreatePriorityUpdateRequest,
  fiscalQuartersSchema,
  type PriorityAttachment,
  priorityAttachmentListSchema,
  priorityAttachmentSchema,
  priorityCreatedSchema,
  priorityListSchema,
  prioritySchema,
  type PriorityStatus,
  priorityUpdatePageSchema,
  priorityUpdateSchema,
  raisedIssueSchema,
  successSchema,
  type UpdateMilestoneRequest,
  type UpdatePriorityRequest,
} from '@keel/contract';
import { ApiError, apiFetch, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { organizationKey, requireOrganization, useOrganizationQuery } from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';

/** Which priorities a list shows: one quarter, or the coming quarters (planning). */
export type QuarterSelection = { kind: 'quarter'; year: number; quarter: number } | { kind: 'planning' };

/** Queries are keyed ['organizations', id, 'priority', …] (useOrganizationQuery), the prefix the realtime client invalidates. */
const orgPath = (organizationId: string, rest: string) => `/organizations/${encodeURIComponent(organizationId)}${rest}`;
const prioritiesPath = (organizationId: string, rest = '') => orgPath(organizationId, `/priorities${rest}`);

export { isConflict } from '../../lib/api-client';

export const useFiscalQuarters = () =>
  useOrganizationQuery(
    'fiscal-quarters',
    [],
    (organizationId) =>
      apiRequest(orgPath(organizationId, '/fiscal-quarters'), { schema: fiscalQuartersSchema.shape.data }),
    { staleTime: 60 * 60_000 },
  );

export const usePriorityList = (teamId: string | null, selection: QuarterSelection | null, includeArchived = false) =>
  useOrganizationQuery(
    'priority',
    ['list', teamId ?? 'none', selection ?? { kind: 'planning' }, includeArchived],
    (organizationId) => {
      const query = new URLSearchParams({ teamId: teamId ?? '' });
      if (selection?.kind === 'quarter') {
        query.set('year', String(selection.year));
        query.set('quarter', String(selection.quarter));
      } else query.set('planning', 'true');
      if (includeArchived) query.set('includeArchived', 'true');
      return apiRequestWhole(prioritiesPath(organizationId, `?${query.toString()}`), { schema: priorityListSchema });
    },
    { enabled: teamId !== null && selection !== null },
  );

export const usePriorityUpdates = (priorityId: string) =>
  useOrganizationQuery('priority', ['updates', priorityId], (organizationId) =>
    apiRequestWhole(prioritiesPath(organizationId, `/${priorityId}/updates?limit=50`), {
      schema: priorityUpdatePageSchema,
    }),
  );

export const usePriorityAttachments = (priorityId: string) =>
  useOrganizationQuery('priority', ['attachments', priorityId], (organizationId) =>
    apiRequest(prioritiesPath(organizationId, `/${priorityId}/attachments`), {
      schema: priorityAttachmentListSchema.shape.data,
    }),
  );

export const useCreatePriorities = () =>
  useOrganizationMutation(['priority'], (organizationId, request: CreatePriorityRequest) =>
    apiRequest(prioritiesPath(organizationId), {
      schema: priorityCreatedSchema.shape.data,
      method: 'POST',
      body: request,
    }),
  );

export const useUpdatePriority = () =>
  useOrganizationMutation(['priority'], (organizationId, { id, ...body }: UpdatePriorityRequest & { id: string }) =>
    apiRequest(prioritiesPath(organizationId, `/${id}`), { schema: prioritySchema, method: 'PATCH', body }),
  );

export const useSetPriorityStatus = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { id, ...body }: { id: string; version: number; status: PriorityStatus }) =>
      apiRequest(prioritiesPath(organizationId, `/${id}/status`), { schema: prioritySchema, method: 'POST', body }),
  );

export const useArchivePriority = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { id, version, restore }: { id: string; version: number; restore?: boolean }) =>
      apiRequest(prioritiesPath(organizationId, `/${id}/${restore ? 'restore' : 'archive'}`), {
        schema: prioritySchema,
        method: 'POST',
        body: { version },
      }),
  );

export const useAddMilestone = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { priorityId, ...body }: CreateMilestoneRequest & { priorityId: string }) =>
      apiRequest(prioritiesPath(organizationId, `/${priorityId}/milestones`), {
        schema: prioritySchema,
        method: 'POST',
        body,
      }),
  );

export const useUpdateMilestone = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { priorityId, id, ...body }: UpdateMilestoneRequest & { priorityId: string; id: string }) =>
      apiRequest(prioritiesPath(organizationId, `/${priorityId}/milestones/${id}`), {
        schema: prioritySchema,
        method: 'PATCH',
        body,
      }),
  );

export const useDeleteMilestone = () =>
  useOrganizationMutation(['priority'], (organizationId, { priorityId, id }: { priorityId: string; id: string }) =>
    apiRequest(prioritiesPath(organizationId, `/${priorityId}/milestones/${id}`), {
      schema: prioritySchema,
      method: 'DELETE',
    }),
  );

export const useReorderMilestones = () =>
  useOrganizationMutation(['priority'], (organizationId, { priorityId, ids }: { priorityId: string; ids: string[] }) =>
    apiRequest(prioritiesPath(organizationId, `/${priorityId}/milestones/order`), {
      schema: prioritySchema,
      method: 'PUT',
      body: { ids },
    }),
  );

export const useAddPriorityUpdate = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { priorityId, ...body }: CreatePriorityUpdateRequest & { priorityId: string }) =>
      apiRequest(prioritiesPath(organizationId, `/${priorityId}/updates`), {
        schema: priorityUpdateSchema,
        method: 'POST',
        body,
      }),
  );

export const useUploadAttachment = () =>
  useOrganizationMutation(['priority'], (organizationId, { priorityId, file }: { priorityId: string; file: File }) => {
    const formData = new FormData();
    formData.append('file', file);
    return apiRequest(prioritiesPath(organizationId, `/${priorityId}/attachments`), {
      schema: priorityAttachmentSchema,
      method: 'POST',
      formData,
    });
  });

export const useDeleteAttachment = () =>
  useOrganizationMutation(['priority'], (organizationId, { priorityId, id }: { priorityId: string; id: string }) =>
    apiRequest(prioritiesPath(organizationId, `/${priorityId}/attachments/${id}`), {
      schema: successSchema,
      method: 'DELETE',
    }),
  );

/** Downloads need the bearer token, so the file is fetched and handed to the browser as a blob. */
export async function downloadAttachment(organizationId: string, attachment: PriorityAttachment): Promise<void> {
  const response = await apiFetch(
    prioritiesPath(organizationId, `/${attachment.priorityId}/attachments/${attachment.id}`),
  );
  if (!response.ok) throw new ApiError(response.status, 'request.failed', 'The file could not be downloaded.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Turns a priority (offered for off-track ones) into a linked issue; the issue lists refresh. */
export function useRaiseIssueFromPriority() {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (priorityId: string) =>
      apiRequest(prioritiesPath(requireOrganization(organizationId), `/${priorityId}/issue`), {
        schema: raisedIssueSchema.shape.data,
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'issue') }),
  });
}

export const useCloseQuarter = () =>
  useOrganizationMutation(['priority'], (organizationId, request: CloseQuarterRequest) =>
    apiRequest(prioritiesPath(organizationId, '/close-quarter'), {
      schema: closedQuarterSchema.shape.data,
      method: 'POST',
      body: request,
    }),
  );
