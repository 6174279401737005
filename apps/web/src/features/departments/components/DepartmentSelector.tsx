import { useId } from 'react';
import Crown from 'lucide-react/icons/crown';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useSelectedDepartment } from '../departments.api';

const LeadershipIcon = () => (
  <Crown aria-label="Leadership team" role="img" className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
);

/** Spec section 4: four states — loading, none (warning), one (static), several (dropdown). */
export function DepartmentSelector({ label = 'Department' }: { label?: string }) {
  const { query, departments, selected, select } = useSelectedDepartment();
  const selectId = useId();
  const box = 'flex h-9 max-w-[200px] items-center gap-1.5 text-sm pointer-coarse:h-11';

  if (query.isPending) {
    return (
      <div className={`${box} text-slate-600 dark:text-slate-300`} role="status">
        Loading departments...
      </div>
    );
  }
  if (departments.length === 0 || !selected) {
    return (
      <div className={`${box} text-amber-800 dark:text-amber-300`} role="status">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">No departments available (check console)</span>
      </div>
    );
  }
  if (departments.length === 1) {
    return (
      <div className={`${box} font-medium text-slate-800 dark:text-slate-100`} title={selected.name}>
        <span className="sr-only">{label}: </span>
        {selected.is_leadership_team ? <LeadershipIcon /> : null}
        <span className="truncate">{selected.name}</span>
      </div>
    );
  }
  return (
    <div className={box}>
      {selected.is_leadership_team ? <LeadershipIcon /> : null}
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        value={selected.id}
        onChange={(event) => {
          const next = departments.find((department) => department.id === event.target.value);
          if (next) select(next);
        }}
        className="h-9 w-full min-w-0 truncate rounded-md border border-slate-300 bg-white px-2 text-sm pointer-coarse:h-11 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {departments.map((department) => (
          <option key={department.id} value={department.id}>
            {department.is_leadership_team ? `★ ${department.name}` : department.name}
          </option>
        ))}
      </select>
    </div>
  );
}
