import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cx } from './cx';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when the surrounding text already says it. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cx('animate-spin', className ?? 'size-4')} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

export function FullScreenSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 dark:bg-slate-950">
      <Spinner className="size-10 text-blue-700 dark:text-blue-300" label={label} />
    </div>
  );
}
