import { memo } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { cx } from '../../../ui/cx';

/**
 * The drag handle of a row or group. Only the handle is sortable (the row stays a plain memoized row), so a
 * drag re-renders 200 small buttons, not 200 rows of cells; a drag overlay shows what is being moved.
 */
export const SortHandle = memo(function SortHandle({ id, label }: { id: string; label: string }) {
  const { attributes, listeners, setNodeRef, isDragging } = useSortable({ id });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={cx(
        'cursor-grab touch-none rounded p-1 text-slate-600 pointer-coarse:p-3.5 hover:bg-slate-100 print:hidden dark:text-slate-300 dark:hover:bg-slate-800',
        isDragging && 'opacity-40',
      )}
      aria-label={label}
      {...attributes}
      {...listeners}
    >
      {/* A text glyph, not an icon component: 200 rows draw 200 handles. */}
      <span aria-hidden="true" className="inline-block size-4 text-center leading-4">
        ⠿
      </span>
    </button>
  );
});
