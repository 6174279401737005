import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClosedQuarter,
  CloseQuarterRequest,
  CreateMilestoneRequest,
  CreatePriorityRequest,
  CreatePriorityUpdateRequest,
  FiscalQuarters,
  Priority,
  PriorityAttachment,
  PriorityList,
  PriorityStatus,
  PriorityUpdate,
  PriorityUpdatePage,
  RaisedIssue,
  UpdateMilestoneRequest,
  UpdatePriorityRequest,
} from '@keel/contract';
import { ApiError, apiFetch, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { requireOrganization, useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationId } from '../../lib/session-store';

/** Which priorities a list shows: one quarter, or the coming quarters (planning). */
export type QuarterSelection = { kind: 'quarter'; year: number; quarter: number } | { kind: 'planning' };

/** Every key starts with ['organizations', id, 'priority'], the prefix the realtime client invalidates. */
export const priorityKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'priority'] as const,
  lists: (organizationId: string, teamId: string) =>
    ['organizations', organizationId, 'priority', 'list', teamId] as const,
  list: (organizationId: string, teamId: string, selection: QuarterSelection, includeArchived: boolean) =>
    ['organizations', organizationId, 'priority', 'list', teamId, selection, includeArchived] as const,
  updates: (organizationId: string, priorityId: string) =>
    ['organizations', organizationId, 'priority', 'updates', priorityId] as const,
  attachments: (organizationId: string, priorityId: string) =>
    ['organizations', organizationId, 'priority', 'attachments', priorityId] as const,
  quarters: (organizationId: string) => ['organizations', organizationId, 'fiscal-quarters'] as const,
};

const orgPath = (organizationId: string, rest: string) => `/organizations/${encodeURIComponent(organizationId)}${rest}`;
const prioritiesPath = (organizationId: string, rest = '') => orgPath(organizationId, `/priorities${rest}`);

export { isConflict } from '../../lib/api-client';

export function useFiscalQuarters() {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: priorityKeys.quarters(organizationId),
    queryFn: () => apiRequest<FiscalQuarters>(orgPath(organizationId, '/fiscal-quarters')),
    enabled: organizationId !== 'none',
    staleTime: 60 * 60_000,
  });
}

export function usePriorityList(teamId: string | null, selection: QuarterSelection | null, includeArchived = false) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: priorityKeys.list(organizationId, teamId ?? 'none', selection ?? { kind: 'planning' }, includeArchived),
    queryFn: () => {
      const query = new URLSearchParams({ teamId: teamId ?? '' });
      if (selection?.kind === 'quarter') {
        query.set('year', String(selection.year));
        query.set('quarter', String(selection.quarter));
      } else query.set('planning', 'true');
      if (includeArchived) query.set('includeArchived', 'true');
      return apiRequestWhole<PriorityList>(prioritiesPath(organizationId, `?${query.toString()}`));
    },
    enabled: organizationId !== 'none' && teamId !== null && selection !== null,
  });
}

export function usePriorityUpdates(priorityId: string) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: priorityKeys.updates(organizationId, priorityId),
    queryFn: () =>
      apiRequestWhole<PriorityUpdatePage>(prioritiesPath(organizationId, `/${priorityId}/updates?limit=50`)),
    enabled: organizationId !== 'none',
  });
}

export function usePriorityAttachments(priorityId: string) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: priorityKeys.attachments(organizationId, priorityId),
    queryFn: () => apiRequest<PriorityAttachment[]>(prioritiesPath(organizationId, `/${priorityId}/attachments`)),
    enabled: organizationId !== 'none',
  });
}

export const useCreatePriorities = () =>
  useOrganizationMutation(['priority'], (organizationId, request: CreatePriorityRequest) =>
    apiRequest<Priority[]>(prioritiesPath(organizationId), { method: 'POST', body: request }),
  );

export const useUpdatePriority = () =>
  useOrganizationMutation(['priority'], (organizationId, { id, ...body }: UpdatePriorityRequest & { id: string }) =>
    apiRequest<Priority>(prioritiesPath(organizationId, `/${id}`), { method: 'PATCH', body }),
  );

export const useSetPriorityStatus = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { id, ...body }: { id: string; version: number; status: PriorityStatus }) =>
      apiRequest<Priority>(prioritiesPath(organizationId, `/${id}/status`), { method: 'POST', body }),
  );

export const useArchivePriority = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { id, version, restore }: { id: string; version: number; restore?: boolean }) =>
      apiRequest<Priority>(prioritiesPath(organizationId, `/${id}/${restore ? 'restore' : 'archive'}`), {
        method: 'POST',
        body: { version },
      }),
  );

export const useAddMilestone = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { priorityId, ...body }: CreateMilestoneRequest & { priorityId: string }) =>
      apiRequest<Priority>(prioritiesPath(organizationId, `/${priorityId}/milestones`), { method: 'POST', body }),
  );

export const useUpdateMilestone = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { priorityId, id, ...body }: UpdateMilestoneRequest & { priorityId: string; id: string }) =>
      apiRequest<Priority>(prioritiesPath(organizationId, `/${priorityId}/milestones/${id}`), {
        method: 'PATCH',
        body,
      }),
  );

export const useDeleteMilestone = () =>
  useOrganizationMutation(['priority'], (organizationId, { priorityId, id }: { priorityId: string; id: string }) =>
    apiRequest<Priority>(prioritiesPath(organizationId, `/${priorityId}/milestones/${id}`), { method: 'DELETE' }),
  );

export const useReorderMilestones = () =>
  useOrganizationMutation(['priority'], (organizationId, { priorityId, ids }: { priorityId: string; ids: string[] }) =>
    apiRequest<Priority>(prioritiesPath(organizationId, `/${priorityId}/milestones/order`), {
      method: 'PUT',
      body: { ids },
    }),
  );

export const useAddPriorityUpdate = () =>
  useOrganizationMutation(
    ['priority'],
    (organizationId, { priorityId, ...body }: CreatePriorityUpdateRequest & { priorityId: string }) =>
      apiRequest<PriorityUpdate>(prioritiesPath(organizationId, `/${priorityId}/updates`), { method: 'POST', body }),
  );

export const useUploadAttachment = () =>
  useOrganizationMutation(['priority'], (organizationId, { priorityId, file }: { priorityId: string; file: File }) => {
    const formData = new FormData();
    formData.append('file', file);
    return apiRequest<PriorityAttachment>(prioritiesPath(organizationId, `/${priorityId}/attachments`), {
      method: 'POST',
      formData,
    });
  });

export const useDeleteAttachment = () =>
  useOrganizationMutation(['priority'], (organizationId, { priorityId, id }: { priorityId: string; id: string }) =>
    apiRequest<{ success: true }>(prioritiesPath(organizationId, `/${priorityId}/attachments/${id}`), {
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
      apiRequest<RaisedIssue>(prioritiesPath(requireOrganization(organizationId), `/${priorityId}/issue`), {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId ?? 'none', 'issue'] }),
  });
}

export const useCloseQuarter = () =>
  useOrganizationMutation(['priority'], (organizationId, request: CloseQuarterRequest) =>
    apiRequest<ClosedQuarter>(prioritiesPath(organizationId, '/close-quarter'), { method: 'POST', body: request }),
  );
