import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type { Department, DepartmentList } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationId } from '../../lib/session-store';
import { chooseDepartment, storeDepartment, storedDepartmentId } from './department-selection';

export const departmentKeys = {
  mine: (organizationId: string) => ['departments', 'mine', organizationId] as const,
};

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
