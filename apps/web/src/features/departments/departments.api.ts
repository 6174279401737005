import { useEffect } from 'react';
import { create } from 'zustand';
import {
  type AddDepartmentMemberRequest,
  adminDepartmentListSchema,
  adminDepartmentSchema,
  type CreateDepartmentRequest,
  type Department,
  departmentListSchema,
  departmentMemberListSchema,
  departmentOverviewSchema,
  type DepartmentRole,
  type UpdateDepartmentRequest,
} from '@keel/contract';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';
import { localToday } from '../todos/todo-dates';
import { chooseDepartment, storeDepartment, storedDepartmentId } from './department-selection';

/** Keys start with the change-bus entity 'team': an admin's change (here or live) refreshes every selector. */
const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/departments`;
const one = (organizationId: string, id: string) => `${base(organizationId)}/${encodeURIComponent(id)}`;

/** Every department of the organization (the admin page and org-wide pickers), active or archived. */
export const useAllDepartments = (archived = false) =>
  useOrganizationQuery('team', ['all', { archived }], (organizationId) =>
    apiRequest(`${base(organizationId)}?archived=${String(archived)}`, {
      schema: adminDepartmentListSchema.shape.data,
    }),
  );

export const useDepartmentMembers = (departmentId: string | null) =>
  useOrganizationQuery(
    'team',
    ['members', departmentId ?? 'none'],
    (organizationId) =>
      apiRequest(`${one(organizationId, departmentId ?? '')}/members`, {
        schema: departmentMemberListSchema.shape.data,
      }),
    { enabled: departmentId !== null },
  );

/**
 * One department's figures (GET …/teams/:id/overview), keyed ['organizations', id, 'department_overview', …]: no
 * change event names it, so lib/dependent-entities maps the kinds it counts (priorities, to-dos, issues, scorecard,
 * meetings, teams) onto it, live and after the features' own mutations.
 */
export function useDepartmentOverview(teamId: string) {
  const today = localToday();
  return useOrganizationQuery('department_overview', [teamId, today], (organizationId, { signal }) =>
    apiRequest(
      `/organizations/${encodeURIComponent(organizationId)}/teams/${encodeURIComponent(teamId)}/overview?${new URLSearchParams({ today }).toString()}`,
      { schema: departmentOverviewSchema, signal },
    ),
  );
}

export const isStaleDepartment = (error: unknown) =>
  error instanceof ApiError && error.code === 'department.stale_version';

const TEAM = ['team'] as const;

export const useCreateDepartment = () =>
  useOrganizationMutation(TEAM, (organizationId, body: CreateDepartmentRequest) =>
    apiRequest(base(organizationId), { schema: adminDepartmentSchema, method: 'POST', body }),
  );

export const useUpdateDepartment = () =>
  useOrganizationMutation(TEAM, (organizationId, { id, ...body }: UpdateDepartmentRequest & { id: string }) =>
    apiRequest(one(organizationId, id), { schema: adminDepartmentSchema, method: 'PATCH', body }),
  );

export const useArchiveDepartment = () =>
  useOrganizationMutation(
    TEAM,
    (organizationId, { id, version, archive }: { id: string; version: number; archive: boolean }) =>
      apiRequest(`${one(organizationId, id)}/${archive ? 'archive' : 'restore'}`, {
        schema: adminDepartmentSchema,
        method: 'POST',
        body: { version },
      }),
  );

export const useAddDepartmentMember = () =>
  useOrganizationMutation(TEAM, (organizationId, { id, ...body }: AddDepartmentMemberRequest & { id: string }) =>
    apiRequest(`${one(organizationId, id)}/members`, { method: 'POST', body }),
  );

export const useSetDepartmentMemberRole = () =>
  useOrganizationMutation(
    TEAM,
    (organizationId, { id, userId, role }: { id: string; userId: string; role: DepartmentRole }) =>
      apiRequest(`${one(organizationId, id)}/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
      }),
  );

export const useRemoveDepartmentMember = () =>
  useOrganizationMutation(TEAM, (organizationId, { id, userId }: { id: string; userId: string }) =>
    apiRequest(`${one(organizationId, id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

export function useMyDepartments() {
  return useOrganizationQuery(
    'team',
    ['mine'],
    async () => {
      try {
        return await apiRequest('/users/departments', { schema: departmentListSchema });
      } catch (error) {
        // Spec section 8: department fetch failures are logged only.
        console.warn('[keel] could not load departments', error);
        throw error;
      }
    },
    { staleTime: 5 * 60_000 },
  );
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
