import type { Department } from '@keel/contract';
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage-keys';

/** Spec section 4: the stored department if still available, else the leadership one, else the first. */
export function chooseDepartment<T extends Pick<Department, 'id' | 'is_leadership_team'>>(
  departments: readonly T[],
  storedId: string | null,
): T | null {
  return (
    departments.find((department) => department.id === storedId) ??
    departments.find((department) => department.is_leadership_team) ??
    departments[0] ??
    null
  );
}

export const storedDepartmentId = () => readStorage(localStorage, STORAGE_KEYS.selectedDepartmentId);

export function storeDepartment(department: Pick<Department, 'id' | 'name' | 'is_leadership_team'>): void {
  writeStorage(localStorage, STORAGE_KEYS.selectedDepartmentId, department.id);
  writeStorage(
    localStorage,
    STORAGE_KEYS.selectedDepartment,
    JSON.stringify({ id: department.id, name: department.name, is_leadership_team: department.is_leadership_team }),
  );
}
