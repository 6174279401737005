import type { FailedOperationCounts, JobKind } from '@keel/contract';
import { cx } from '../../../ui/cx';
import { jobKindLabel } from '../words';

interface KindFilterProps {
  counts: FailedOperationCounts | undefined;
  kind: JobKind | null;
  onChange: (kind: JobKind | null) => void;
}

const chipClasses = (pressed: boolean) =>
  cx(
    'inline-flex h-8 items-center gap-1 rounded-full border px-3 text-sm font-medium pointer-coarse:h-11',
    pressed
      ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-300 dark:bg-blue-300 dark:text-slate-950'
      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  );

/** One chip per kind with its live count; the pressed one filters the list. */
export function KindFilter({ counts, kind, onChange }: KindFilterProps) {
  const kinds = counts?.kinds ?? [];
  // The chosen kind stays on screen when its last operation leaves the counts.
  const shown = kind && !kinds.some((entry) => entry.kind === kind) ? [...kinds, { kind, count: 0 }] : kinds;
  const count = (value: number | undefined) => (value === undefined ? '' : ` (${value.toLocaleString('en-US')})`);
  return (
    <div role="group" aria-label="Kind" className="flex flex-wrap gap-2">
      <button
        type="button"
        aria-pressed={kind === null}
        className={chipClasses(kind === null)}
        onClick={() => onChange(null)}
      >
        All{count(counts?.total)}
      </button>
      {shown.map((entry) => (
        <button
          key={entry.kind}
          type="button"
          aria-pressed={kind === entry.kind}
          className={chipClasses(kind === entry.kind)}
          onClick={() => onChange(entry.kind)}
        >
          {jobKindLabel(entry.kind)}
          {count(entry.count)}
        </button>
      ))}
    </div>
  );
}
