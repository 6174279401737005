import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../ui/Banner';
import { Card } from '../../../ui/Card';

interface SectionCardProps {
  title: string;
  /** How many there are in all (the list may show fewer). */
  total: number | undefined;
  loading: boolean;
  failed: boolean;
  viewAll: { to: string; label: string };
  /** Shown when the list is empty: says so and invites creating one. */
  empty: ReactNode;
  isEmpty: boolean;
  /** Shown under the list when it holds fewer than `total`. */
  shown?: number;
  children?: ReactNode;
  className?: string;
}

/** One dashboard section: heading with its count, skeleton while loading, empty invitation, the list. */
export function SectionCard({
  title,
  total,
  loading,
  failed,
  viewAll,
  empty,
  isEmpty,
  shown,
  children,
  className,
}: SectionCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <Card className="flex h-full flex-col gap-3 p-4">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            {title}
            {/* The space keeps the count a word of its own in the heading's name ("My Tasks 3", not "My Tasks3"). */}
            {total !== undefined ? ' ' : null}
            {total !== undefined ? (
              <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {total}
              </span>
            ) : null}
          </h2>
          <Link to={viewAll.to} className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
            {viewAll.label}
          </Link>
        </div>
        {loading ? (
          <SectionSkeleton label={`Loading ${title}`} />
        ) : failed ? (
          <Banner tone="error">{title} could not be loaded. They will be retried shortly.</Banner>
        ) : isEmpty ? (
          <div className="text-sm text-slate-600 dark:text-slate-300">{empty}</div>
        ) : (
          <>
            {children}
            {shown !== undefined && total !== undefined && total > shown ? (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Showing {shown} of {total}.
              </p>
            ) : null}
          </>
        )}
      </Card>
    </section>
  );
}

export function SectionSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-9 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
      ))}
    </div>
  );
}

export const listClasses = 'grid divide-y divide-slate-100 dark:divide-slate-800';
