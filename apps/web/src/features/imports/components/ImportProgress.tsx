import type { ImportProgressState } from '../imports.api';

const STAGES = { reading: 'Reading the file', checking: 'Checking rows', writing: 'Saving' } as const;

/** The server's own progress: which stage, and how far through it. */
export function ImportProgress({ progress }: { progress: ImportProgressState | null }) {
  const stage = progress ? STAGES[progress.stage] : 'Uploading';
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const label =
    progress && progress.total > 1
      ? `${stage}: ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`
      : `${stage}…`;
  return (
    <div className="grid gap-1">
      <p className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
