import { STATUS_LABEL, type FeatureStatus } from '../content/feature-status';

const tone: Record<FeatureStatus, string> = {
  available: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  'in-progress': 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
};

export function StatusBadge({ status }: { status: FeatureStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone[status]}`}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
