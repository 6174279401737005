const ROWS = 6;

/** The grid's shape while it loads, so the page does not jump when the numbers arrive. */
export function GridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <span className="sr-only">{label}</span>
      {Array.from({ length: ROWS }, (_, row) => (
        <div key={row} aria-hidden="true" className="flex gap-2">
          <div className="h-8 w-40 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
          <div className="h-8 flex-1 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}
