import type { AdminDepartment } from '@keel/contract';

export interface TreeRow {
  department: AdminDepartment;
  depth: number;
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The departments as an indented tree: leadership first, then by name, each followed by its children.
 * A department whose parent is not in the list (archived, say) shows at the top level.
 */
export function departmentTree(departments: readonly AdminDepartment[]): TreeRow[] {
  const ids = new Set(departments.map((department) => department.id));
  const children = new Map<string | null, AdminDepartment[]>();
  for (const department of departments) {
    const parent = department.parentTeamId && ids.has(department.parentTeamId) ? department.parentTeamId : null;
    children.set(parent, [...(children.get(parent) ?? []), department]);
  }
  const rows: TreeRow[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    const level = [...(children.get(parent) ?? [])].sort(
      (a, b) => Number(b.isLeadershipTeam) - Number(a.isLeadershipTeam) || byName.compare(a.name, b.name),
    );
    for (const department of level) {
      if (seen.has(department.id)) continue;
      seen.add(department.id);
      rows.push({ department, depth });
      visit(department.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

/** The department and everything under it: none of them can become its parent. */
export function selfAndDescendants(departments: readonly AdminDepartment[], id: string): Set<string> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const department of departments) {
      if (department.parentTeamId && found.has(department.parentTeamId) && !found.has(department.id)) {
        found.add(department.id);
        grew = true;
      }
    }
  }
  return found;
}
