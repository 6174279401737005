import type { ReactNode } from 'react';
import { errorText } from '../lib/api-error';
import { Banner } from './Banner';
import { Button } from './Button';
import { Spinner } from './Spinner';

interface ListPageProps {
  /** The id of the level-1 heading, which names the page's region. */
  titleId: string;
  title: string;
  subtitle: ReactNode;
  /** Drawn at the end of the header (e.g. a "New …" button). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a list page: a region named by its heading, a subtitle and optional header actions. */
export function ListPage({ titleId, title, subtitle, actions, children }: ListPageProps) {
  const heading = (
    <>
      <h1 id={titleId} className="text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
    </>
  );
  return (
    <section aria-labelledby={titleId} className="mx-auto grid max-w-5xl grid-cols-1 gap-4 py-6">
      {actions === undefined ? (
        <header>{heading}</header>
      ) : (
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>{heading}</div>
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}

interface ListStatesProps {
  /** The list's query (TanStack Query's result has this shape). */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch?: () => unknown };
  /** Overrides the query's own pending state (e.g. while something the list depends on loads). */
  pending?: boolean;
  loadingLabel: string;
  /** Shown when the error carries no message of its own. */
  errorFallback: string;
  /** Offer "Try again" on a failed load (default: when the query can refetch). */
  retry?: boolean;
  spinnerClassName?: string;
  isEmpty: boolean;
  /** What an empty list says (see EmptyNote). */
  empty: ReactNode;
  children: ReactNode;
}

/** Loading, failed (with Try again), empty or the list itself. */
export function ListStates({
  query,
  pending = query.isPending,
  loadingLabel,
  errorFallback,
  retry = true,
  spinnerClassName = 'size-6',
  isEmpty,
  empty,
  children,
}: ListStatesProps) {
  if (pending) return <Spinner className={spinnerClassName} label={loadingLabel} />;
  if (query.isError) {
    const refetch = retry ? query.refetch : undefined;
    return (
      <Banner
        tone="error"
        action={
          refetch ? (
            <Button size="sm" variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          ) : undefined
        }
      >
        {errorText(query.error, errorFallback)}
      </Banner>
    );
  }
  return <>{isEmpty ? empty : children}</>;
}

/** The boxed note an empty list shows in its place. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}

interface ShowMoreProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => unknown;
  /** Classes of a wrapper around the button; without them the button stands alone. */
  className?: string;
  label?: string;
  variant?: 'secondary' | 'ghost';
}

/** Loads the next page of a paginated list. */
export function ShowMore({
  hasMore,
  loading,
  onMore,
  className,
  label = 'Show more',
  variant = 'secondary',
}: ShowMoreProps) {
  if (!hasMore) return null;
  const button = (
    <Button variant={variant} size="sm" loading={loading} onClick={() => void onMore()}>
      {label}
    </Button>
  );
  return className === undefined ? button : <div className={className}>{button}</div>;
}

/** The bordered card a list's rows sit in. */
export const LIST_CARD_CLASSES = 'rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';
