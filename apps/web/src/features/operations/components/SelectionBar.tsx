import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/Button';

interface SelectionBarProps {
  selectedCount: number;
  shownCount: number;
  busy: boolean;
  /** Why Retry and Discard are off although rows are chosen (e.g. more than one batch). */
  blockedBecause?: string | undefined;
  onSelectAll: (selected: boolean) => void;
  onRetry: () => void;
  onDiscard: () => void;
}

/** "Select all" for the rows on the page, how many are chosen, and what can be done with them. */
export function SelectionBar({
  selectedCount,
  shownCount,
  busy,
  blockedBecause,
  onSelectAll,
  onRetry,
  onDiscard,
}: SelectionBarProps) {
  const selectAll = useRef<HTMLInputElement>(null);
  const all = shownCount > 0 && selectedCount === shownCount;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedCount > 0 && !all;
  }, [selectedCount, all]);
  const off = selectedCount === 0 || busy || Boolean(blockedBecause);
  return (
    <div
      role="toolbar"
      aria-label="Selected operations"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-800"
    >
      <label className="flex items-center gap-2 px-1 text-sm font-medium pointer-coarse:min-h-11">
        <input
          ref={selectAll}
          type="checkbox"
          checked={all}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="size-4 accent-blue-700 dark:accent-blue-400"
        />
        Select all
      </label>
      <span className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        {selectedCount} selected{blockedBecause ? `: ${blockedBecause}` : ''}
      </span>
      <span className="flex flex-wrap gap-2 sm:ml-auto">
        <Button size="sm" onClick={onRetry} disabled={off}>
          Retry
        </Button>
        <Button size="sm" variant="danger" onClick={onDiscard} disabled={off}>
          Discard
        </Button>
      </span>
    </div>
  );
}
