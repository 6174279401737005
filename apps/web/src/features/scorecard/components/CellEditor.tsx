import { Button } from '../../../ui/Button';
import type { Editing } from '../use-grid-keys';

const ERROR_ID = 'scorecard-editor-error';

/** The one input of the grid, inside the cell being edited. */
export function CellEditorInput({
  editing,
  where,
  onChange,
}: {
  editing: Editing;
  where: string;
  onChange: (text: string) => void;
}) {
  return (
    <input
      data-cell-editor
      aria-label={where}
      aria-invalid={editing.error ? true : undefined}
      aria-describedby={editing.error ? ERROR_ID : undefined}
      value={editing.text}
      onChange={(event) => onChange(event.target.value)}
      // The caret goes after the typed character that started the edit.
      onFocus={(event) => event.target.setSelectionRange(event.target.value.length, event.target.value.length)}
      autoComplete="off"
      className={
        editing.error
          ? 'h-full w-full min-w-20 border-2 border-red-700 bg-white px-2 text-right text-slate-900 outline-none dark:border-red-400 dark:bg-slate-950 dark:text-white'
          : 'h-full w-full min-w-20 border-2 border-blue-700 bg-white px-2 text-right text-slate-900 outline-none dark:border-blue-300 dark:bg-slate-950 dark:text-white'
      }
    />
  );
}

/** Above the grid while a cell is edited: which cell, the keys, a refused entry's message and the note button. */
export function CellEditorBar({
  editing,
  where,
  onNote,
}: {
  editing: Editing | null;
  where: string;
  onNote: () => void;
}) {
  return (
    <div
      data-editor-bar
      className="flex min-h-10 flex-wrap items-center gap-x-3 gap-y-1 text-sm print:hidden"
      aria-live="polite"
    >
      {editing ? (
        <>
          <span className="text-slate-700 dark:text-slate-300">
            <span className="font-medium text-slate-900 dark:text-white">{where}</span>
            {editing.typed
              ? ': Enter or an arrow key saves and moves, Tab saves and moves right, Esc cancels.'
              : ': Enter saves, Tab saves and moves right, Esc cancels.'}
          </span>
          {editing.error ? (
            <span id={ERROR_ID} role="alert" className="font-medium text-red-700 dark:text-red-300">
              {editing.error}
            </span>
          ) : null}
          <Button size="sm" variant="secondary" onMouseDown={(event) => event.preventDefault()} onClick={onNote}>
            Note
          </Button>
        </>
      ) : (
        <span className="text-slate-600 dark:text-slate-300">
          Type in a cell to enter a number; paste a column from a spreadsheet; Delete clears.
        </span>
      )}
    </div>
  );
}
