import type { ComponentType, ReactNode, SVGProps } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import RotateCw from 'lucide-react/icons/rotate-cw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { cx } from '../../../ui/cx';

export type BadgeTone = 'good' | 'warning' | 'bad' | 'neutral';

const TONES: Record<BadgeTone, { classes: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  good: {
    classes: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
    Icon: CircleCheck,
  },
  warning: {
    classes: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
    Icon: TriangleAlert,
  },
  bad: {
    classes: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    Icon: CircleX,
  },
  neutral: {
    classes: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
    Icon: RotateCw,
  },
};

/** A state in a word with its icon; the colour only repeats what both say. */
export function StatusBadge({
  tone,
  children,
  className,
}: {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  const { classes, Icon } = TONES[tone];
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        classes,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {children}
    </span>
  );
}
