import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSelectedDepartment } from '../../departments/departments.api';
import { needsSelection, pageFor, type LinkedKind } from '../dashboard-links';

/** A link to the page an item lives on, switching the selected department first where that page has no per-team address. */
export function ItemLink({ kind, teamId, children }: { kind: LinkedKind; teamId: string; children: ReactNode }) {
  const { selected, departments, select } = useSelectedDepartment();
  const to = pageFor(kind, teamId, selected?.id);
  const onClick = () => {
    if (!needsSelection(kind, teamId, selected?.id)) return;
    const department = departments.find((candidate) => candidate.id === teamId);
    if (department) select(department);
  };
  return (
    <Link
      to={to}
      onClick={onClick}
      className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white"
    >
      {children}
    </Link>
  );
}

export function TeamTag({ name }: { name: string }) {
  return <span className="text-xs text-slate-600 dark:text-slate-400">{name}</span>;
}
