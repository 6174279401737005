import { memo } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { MeasurableGroup } from '@keel/contract';
import { countOf } from '../../../lib/words';
import { SortHandle } from './SortHandle';

export const groupSortId = (id: string) => `group:${id}`;

interface GroupHeaderRowProps {
  group: MeasurableGroup;
  rowCount: number;
  collapsed: boolean;
  columnCount: number;
  canEdit: boolean;
  sortable: boolean;
}

/** A group's header: collapse or expand its rows, rename, delete, and reorder (drag, or Alt+arrows on its name). */
export const GroupHeaderRow = memo(function GroupHeaderRow({
  group,
  rowCount,
  collapsed,
  columnCount,
  canEdit,
  sortable,
}: GroupHeaderRowProps) {
  const Chevron = collapsed ? ChevronRight : ChevronDown;
  return (
    <tr className="bg-slate-100 dark:bg-slate-800">
      <th
        scope="colgroup"
        colSpan={columnCount}
        className="border-b border-slate-300 p-0 text-left dark:border-slate-600"
      >
        <div className="sticky left-0 flex w-fit max-w-[100vw] flex-wrap items-center gap-1 px-2 py-1">
          {sortable ? <SortHandle id={groupSortId(group.id)} label={`Reorder group ${group.name}`} /> : null}
          <button
            type="button"
            data-action="collapse"
            data-id={group.id}
            aria-expanded={!collapsed}
            aria-keyshortcuts={sortable ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
            className="flex items-center gap-1 rounded px-1 font-semibold text-slate-900 wrap-anywhere pointer-coarse:min-h-11 dark:text-white"
          >
            <Chevron className="size-4 shrink-0" aria-hidden />
            {group.name}
            <span className="font-normal text-slate-600 dark:text-slate-300">
              ({countOf(rowCount, 'measurable', 'measurables')})
            </span>
          </button>
          {canEdit ? (
            <>
              <button
                type="button"
                data-action="rename-group"
                data-id={group.id}
                className="rounded px-2 py-1 text-sm text-blue-800 underline pointer-coarse:min-h-11 print:hidden dark:text-blue-300"
              >
                Rename<span className="sr-only"> group {group.name}</span>
              </button>
              <button
                type="button"
                data-action="delete-group"
                data-id={group.id}
                className="rounded px-2 py-1 text-sm text-red-800 underline pointer-coarse:min-h-11 print:hidden dark:text-red-300"
              >
                Delete<span className="sr-only"> group {group.name}</span>
              </button>
            </>
          ) : null}
        </div>
      </th>
    </tr>
  );
});
