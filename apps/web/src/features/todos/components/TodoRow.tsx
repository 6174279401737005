import type { Todo } from '@keel/contract';
import Check from 'lucide-react/icons/check';
import Lock from 'lucide-react/icons/lock';
import { cx } from '../../../ui/cx';
import { DueDate } from './DueDate';

interface TodoRowProps {
  todo: Todo;
  today: string;
  readOnly: boolean;
  /** Without it the row offers no selection box (a list with no bulk actions, such as a meeting's). */
  selection?: { selected: boolean; onSelect: (selected: boolean) => void };
  onToggle: () => void;
  onEdit: () => void;
}

const TAP_TARGET = 'inline-flex shrink-0 items-center justify-center pointer-coarse:size-11';

export function TodoRow({ todo, today, readOnly, selection, onToggle, onEdit }: TodoRowProps) {
  const done = todo.status === 'done';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-3 py-2 last:border-b-0 dark:border-slate-700">
      {readOnly || !selection ? null : (
        // The label around the box is its 44 px tap target on a touch screen.
        <label className={TAP_TARGET}>
          <input
            type="checkbox"
            className="size-4 accent-slate-600"
            checked={selection.selected}
            onChange={(event) => selection.onSelect(event.target.checked)}
            aria-label={`Select ${todo.title}`}
          />
        </label>
      )}
      {/* Round, unlike the square selection box beside it, so the two controls are not confused. */}
      <label className={TAP_TARGET}>
        <span className="relative inline-flex size-5 shrink-0">
          <input
            type="checkbox"
            className="peer size-5 cursor-pointer appearance-none rounded-full border-2 border-slate-400 checked:border-green-700 checked:bg-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-default disabled:opacity-60 dark:border-slate-500"
            checked={done}
            disabled={readOnly}
            onChange={onToggle}
            aria-label={done ? `Mark ${todo.title} as not done` : `Mark ${todo.title} as done`}
          />
          <Check
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-white peer-checked:block"
            strokeWidth={3}
          />
        </span>
      </label>
      {/* The title takes the row; on a narrow screen the owner and due date wrap below it. */}
      <div className="min-w-0 flex-1 basis-40">
        <button
          type="button"
          onClick={onEdit}
          disabled={readOnly}
          className={cx(
            'max-w-full text-left text-sm font-medium wrap-anywhere text-slate-900 pointer-coarse:min-h-11 hover:underline disabled:no-underline dark:text-slate-100',
            done && 'text-slate-500 line-through dark:text-slate-400',
          )}
        >
          {todo.title}
        </button>
        {todo.isPrivate ? (
          <span className="ml-2 inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
            <Lock aria-hidden="true" className="size-3" />
            Private
          </span>
        ) : null}
        {done ? <span className="sr-only"> (done)</span> : null}
      </div>
      <span className="text-sm text-slate-700 dark:text-slate-200">{todo.owner.name}</span>
      <DueDate dueDate={todo.dueDate} today={today} done={done} />
    </li>
  );
}
