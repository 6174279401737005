import type { PriorityStatus } from '@keel/contract';
import { cx } from '../../../ui/cx';
import { STATUS_TEXT } from '../priority-format';

const TONES: Record<PriorityStatus, string> = {
  on_track: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  off_track: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  complete: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  not_complete: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
};

const DOTS: Record<PriorityStatus, string> = {
  on_track: 'bg-emerald-600',
  off_track: 'bg-red-600',
  complete: 'bg-blue-600',
  not_complete: 'bg-slate-500',
};

/** The status in words (colour is never the only signal). */
export function StatusPill({ status, className }: { status: PriorityStatus; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[status],
        className,
      )}
    >
      <span aria-hidden="true" className={cx('size-2 rounded-full', DOTS[status])} />
      {STATUS_TEXT[status]}
    </span>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-24 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-blue-600" style={{ width: `${value}%` }} />
      </div>
      <span className="w-9 text-right text-xs tabular-nums text-slate-700 dark:text-slate-300">{value}%</span>
    </div>
  );
}
