import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type {
  AddDepartmentMemberRequest,
  AdminDepartment,
  CreateDepartmentRequest,
  Department,
  DepartmentList,
  DepartmentMember,
  DepartmentRole,
  UpdateDepartmentRequest,
} from '@keel/contract';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationId } from '../../lib/session-store';
import { chooseDepartment, storeDepartment, storedDepartmentId } from './department-selection';

/** Keys start with the change-bus entity 'team': an admin's change (here or live) refreshes every selector. */
export const departmentKeys = {
  mine: (organizationId: string) => ['organizations', organizationId, 'team', 'mine'] as const,
  all: (organizationId: string, archived: boolean) =>
    ['organizations', organizationId, 'team', 'all', { archived }] as const,
  members: (organizationId: string, departmentId: string) =>
    ['organizations', organizationId, 'team', 'members', departmentId] as const,
};

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/departments`;
const one = (organizationId: string, id: string) => `${base(organizationId)}/${encodeURIComponent(id)}`;

/** Every department of the organization (the admin page and org-wide pickers), active or archived. */
export function useAllDepartments(archived = false) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: departmentKeys.all(organizationId, archived),
    queryFn: () => apiRequest<AdminDepartment[]>(`${base(organizationId)}?archived=${String(archived)}`),
    enabled: organizationId !== 'none',
  });
}

export function useDepartmentMembers(departmentId: string | null) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: departmentKeys.members(organizationId, departmentId ?? 'none'),
    queryFn: () => apiRequest<DepartmentMember[]>(`${one(organizationId, departmentId ?? '')}/members`),
    enabled: organizationId !== 'none' && departmentId !== null,
  });
}

export const isStaleDepartment = (error: unknown) =>
  error instanceof ApiError && error.code === 'department.stale_version';

const TEAM = ['team'] as const;

export const useCreateDepartment = () =>
  useOrganizationMutation(TEAM, (organizationId, body: CreateDepartmentRequest) =>
    apiRequest<AdminDepartment>(base(organizationId), { method: 'POST', body }),
  );

export const useUpdateDepartment = () =>
  useOrganizationMutation(TEAM, (organizationId, { id, ...body }: UpdateDepartmentRequest & { id: string }) =>
    apiRequest<AdminDepartment>(one(organizationId, id), { method: 'PATCH', body }),
  );

export const useArchiveDepartment = () =>
  useOrganizationMutation(
    TEAM,
    (organizationId, { id, version, archive }: { id: string; version: number; archive: boolean }) =>
      apiRequest<AdminDepartment>(`${one(organizationId, id)}/${archive ? 'archive' : 'restore'}`, {
        method: 'POST',
        body: { version },
      }),
  );

export const useAddDepartmentMember = () =>
  useOrganizationMutation(TEAM, (organizationId, { id, ...body }: AddDepartmentMemberRequest & { id: string }) =>
    apiRequest<unknown>(`${one(organizationId, id)}/members`, { method: 'POST', body }),
  );

export const useSetDepartmentMemberRole = () =>
  useOrganizationMutation(
    TEAM,
    (organizationId, { id, userId, role }: { id: string; userId: string; role: DepartmentRole }) =>
      apiRequest<unknown>(`${one(organizationId, id)}/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
      }),
  );

export const useRemoveDepartmentMember = () =>
  useOrganizationMutation(TEAM, (organizationId, { id, userId }: { id: string; userId: string }) =>
    apiRequest<unknown>(`${one(organizationId, id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

export function useMyDepartments() {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: departmentKeys.mine(organizationId ?? 'none'),
    queryFn: async () => {
      try {
        const list = await apiRequest<DepartmentList>('/users/departments');
        return {
          departments: Array.isArray(list?.departments) ? list.departments : [],
          is_leadership_member: list?.is_leadership_member === true,
        };
      } catch (error) {
        // Spec section 8: department fetch failures are logged only.
        console.warn('[keel] could not load departments', error);
        throw error;
      }
    },
    enabled: organizationId !== null,
    staleTime: 5 * 60_000,
  });
}

interface SelectedDepartmentState {
  selectedId: string | null;
  select: (department: Department) => void;
}

/** The department the main pages show; shared by every screen, remembered in local storage. */
export const useSelectedDepartmentStore = create<SelectedDepartmentState>()((set) => ({
  selectedId: storedDepartmentId(),
  select: (department) => {
    storeDepartment(department);
    set({ selectedId: department.id });
  },
}));

/**
 * The selected department, re-chosen by the spec's rules whenever the list changes
 * (a department that disappeared falls back, and the fallback is saved).
 */
export function useSelectedDepartment() {
  const query = useMyDepartments();
  const selectedId = useSelectedDepartmentStore((state) => state.selectedId);
  const select = useSelectedDepartmentStore((state) => state.select);
  const departments = query.data?.departments ?? [];
  const selected = chooseDepartment(departments, selectedId);

  useEffect(() => {
    if (selected && selected.id !== selectedId) select(selected);
  }, [selected, selectedId, select]);

  return { query, departments, selected, select };
}
