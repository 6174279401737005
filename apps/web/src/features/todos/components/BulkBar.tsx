import { useId, useState } from 'react';
import type { Department } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { inputClasses } from '../../../ui/Field';

interface BulkBarProps {
  count: number;
  plural: string;
  departments: Department[];
  currentTeamId: string;
  busy: boolean;
  onComplete: () => void;
  onDelete: () => void;
  onMove: (teamId: string) => void;
  onClear: () => void;
}

export function BulkBar({
  count,
  plural,
  departments,
  currentTeamId,
  busy,
  onComplete,
  onDelete,
  onMove,
  onClear,
}: BulkBarProps) {
  const targets = departments.filter((department) => department.id !== currentTeamId);
  const [target, setTarget] = useState('');
  const moveId = useId();
  return (
    <div
      role="toolbar"
      aria-label={`Selected ${plural}`}
      className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-800"
    >
      <span className="text-sm font-medium" aria-live="polite">
        {count} selected
      </span>
      <Button size="sm" onClick={onComplete} disabled={busy}>
        Complete
      </Button>
      {targets.length > 0 ? (
        <>
          <label htmlFor={moveId} className="sr-only">
            Move to
          </label>
          <select
            id={moveId}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            className={inputClasses(false, 'h-8 w-auto py-0')}
          >
            <option value="">Move to…</option>
            {targets.map((department) => (
              <option key={department.id} value={department.id}>
                {department.name}
              </option>
            ))}
          </select>
          <Button size="sm" variant="secondary" disabled={busy || !target} onClick={() => onMove(target)}>
            Move
          </Button>
        </>
      ) : null}
      <Button size="sm" variant="danger" onClick={onDelete} disabled={busy}>
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
