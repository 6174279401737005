import type { ReactNode } from 'react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { cx } from './cx';

type Tone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<Tone, { classes: string; Icon: typeof Info }> = {
  error: {
    classes: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    Icon: CircleAlert,
  },
  success: {
    classes: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
    Icon: CircleCheck,
  },
  info: {
    classes: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
    Icon: Info,
  },
  warning: {
    classes: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
    Icon: TriangleAlert,
  },
};

interface BannerProps {
  tone: Tone;
  title?: string;
  children?: ReactNode;
  className?: string;
  /** Anything drawn at the end of the banner (e.g. a dismiss button). */
  action?: ReactNode;
}

/** An inline message. Errors are announced immediately (role=alert), other tones politely. */
export function Banner({ tone, title, children, className, action }: BannerProps) {
  const { classes, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('flex gap-3 rounded-md border p-3 text-sm', classes, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'mt-0.5' : undefined}>{children}</div> : null}
      </div>
      {action}
    </div>
  );
}
