import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import toast from 'react-hot-toast';
import { formatScoreForCopy, parseScoreInput, type ScorecardGrid, type ScorecardRow } from '@keel/contract';
import { copyText, isBlockPaste, planPaste, type CellRange } from './scorecard-clipboard';
import { cellOf, emptyCell, type GridPeriod, isMine, lockReason, valueFormatOf } from './scorecard-model';
import type { useScoreWriter } from './use-score-writer';

export interface Cursor {
  row: number;
  column: number;
}

export interface Editing extends Cursor {
  text: string;
  error: string | null;
  /** Started by typing: the arrows save and move, as in a spreadsheet (F2, Enter or a double click: they move the caret). */
  typed: boolean;
}

interface GridKeysOptions {
  grid: ScorecardGrid;
  /** The rows the keyboard moves through, in display order. */
  rows: ScorecardRow[];
  periods: GridPeriod[];
  headingOf: (period: GridPeriod) => string;
  userId: string | null;
  writer: ReturnType<typeof useScoreWriter>;
  tableRef: RefObject<HTMLTableElement | null>;
  /** ?enter=mine: start on the person's first empty cell of the current period. */
  focusMine: boolean;
  onNote: (cursor: Cursor) => void;
  onEscape: () => void;
}

const STEP: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The spreadsheet keyboard model, with one set of listeners on the table (event delegation): arrows move
 * (Shift extends a selection), typing or Enter/F2 edits, Enter saves and moves down, Tab right (Shift+Tab
 * left), Escape cancels, Delete clears (with Undo), Shift+F2 opens the note, copy and paste go through the
 * system clipboard as tab-separated text.
 */
export function useGridKeys(options: GridKeysOptions) {
  const { grid, rows, periods, headingOf, userId, writer, tableRef, focusMine } = options;
  const currentColumn = Math.max(
    0,
    periods.findIndex((period) => period.start === grid.currentPeriodStart),
  );
  const [active, setActive] = useState<Cursor>({ row: 0, column: currentColumn });
  const [anchor, setAnchor] = useState<Cursor | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const focusPending = useRef(false);

  const clampCursor = useCallback(
    (cursor: Cursor): Cursor => ({
      row: Math.max(0, Math.min(rows.length - 1, cursor.row)),
      column: Math.max(0, Math.min(periods.length - 1, cursor.column)),
    }),
    [rows.length, periods.length],
  );
  const shown = clampCursor(active);

  const target = (cursor: Cursor) => {
    const row = rows[cursor.row];
    const period = periods[cursor.column];
    if (!row || !period) return null;
    return {
      row,
      period,
      cell: cellOf(row, period.start) ?? emptyCell(row.measurable, period.start),
      where: `${row.measurable.title}, ${headingOf(period)}`,
      lock: lockReason(grid, row.measurable, period.start),
    };
  };

  const moveTo = (next: Cursor, extend = false) => {
    setAnchor(extend ? (anchor ?? shown) : null);
    setActive(clampCursor(next));
    focusPending.current = true;
  };

  // Before the next key arrives: the keys typed after the one that opened the editor land in it.
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const table = tableRef.current;
    const element = editing
      ? table?.querySelector<HTMLInputElement>('input[data-cell-editor]')
      : table?.querySelector<HTMLElement>(`td[data-r="${shown.row}"][data-c="${shown.column}"]`);
    // A cell of a row not drawn yet (a long scorecard draws in two passes) gets focus once it is.
    if (!element) return;
    focusPending.current = false;
    element.focus();
  });

  const focusedMine = useRef(false);
  useEffect(() => {
    if (!focusMine || focusedMine.current || rows.length === 0) return;
    focusedMine.current = true;
    const period = periods[currentColumn];
    const own = rows.findIndex((row) => isMine(row.measurable, userId));
    const empty = rows.findIndex(
      (row) =>
        isMine(row.measurable, userId) &&
        period !== undefined &&
        lockReason(grid, row.measurable, period.start) === null &&
        (cellOf(row, period.start)?.value ?? null) === null,
    );
    setActive({ row: Math.max(0, empty >= 0 ? empty : own), column: currentColumn });
    focusPending.current = true;
  }, [focusMine, rows, periods, currentColumn, grid, userId]);

  const startEditing = (text?: string) => {
    const at = target(shown);
    if (!at) return;
    if (at.lock) {
      toast(at.lock, { id: 'scorecard-lock' });
      return;
    }
    setEditing({
      ...shown,
      text: text ?? formatScoreForCopy(at.cell.value, valueFormatOf(at.row.measurable)),
      error: null,
      typed: text !== undefined,
    });
    focusPending.current = true;
  };

  /**
   * Saves the editor's text; false when it does not read as a number (the editor stays, with the message).
   * `refocus` false when focus went elsewhere on purpose (the person clicked outside the grid).
   */
  const commit = (move: Cursor | null, refocus = true): boolean => {
    if (!editing) return true;
    const at = target(editing);
    if (!at) {
      setEditing(null);
      return true;
    }
    const parsed = parseScoreInput(editing.text, valueFormatOf(at.row.measurable));
    if (!parsed.ok) {
      setEditing({ ...editing, error: parsed.message });
      focusPending.current = refocus;
      return false;
    }
    setEditing(null);
    if (parsed.value !== at.cell.value) writer.save(at.row, at.cell, parsed.value, { where: at.where });
    if (move) moveTo(move);
    else focusPending.current = refocus;
    return true;
  };

  const clear = () => {
    const at = target(shown);
    if (!at) return;
    if (at.lock) {
      toast(at.lock, { id: 'scorecard-lock' });
      return;
    }
    if (at.cell.value === null) return;
    writer.save(at.row, at.cell, null, { where: at.where, undoable: true });
  };

  const range = (): CellRange => {
    const other = anchor ? clampCursor(anchor) : shown;
    return {
      top: Math.min(other.row, shown.row),
      bottom: Math.max(other.row, shown.row),
      left: Math.min(other.column, shown.column),
      right: Math.max(other.column, shown.column),
    };
  };

  const pasteText = (text: string, from: Cursor) => {
    const plan = planPaste(text, grid, rows, periods, { row: from.row, column: from.column }, headingOf);
    if (!plan.ok) {
      toast.error(plan.message, { id: 'scorecard-paste' });
      return;
    }
    setEditing(null);
    void writer.paste(plan.scores);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const element = event.target as HTMLElement;
    if (editing) {
      if (!element.matches('input[data-cell-editor]')) return;
      if (event.key === 'Enter') {
        event.preventDefault();
        commit({ row: editing.row + (event.shiftKey ? -1 : 1), column: editing.column });
      } else if (event.key === 'Tab') {
        event.preventDefault();
        commit({ row: editing.row, column: editing.column + (event.shiftKey ? -1 : 1) });
      } else if (event.key === 'Escape') {
        event.preventDefault();
        setEditing(null);
        focusPending.current = true;
      } else if (editing.typed && STEP[event.key] && !event.shiftKey && !event.altKey) {
        event.preventDefault();
        const [down, right] = STEP[event.key] ?? [0, 0];
        commit({ row: editing.row + down, column: editing.column + right });
      }
      return;
    }
    if (element.tagName !== 'TD') return;
    const command = event.ctrlKey || event.metaKey;
    const step = STEP[event.key];
    if (step && !event.altKey) {
      event.preventDefault();
      moveTo({ row: shown.row + step[0], column: shown.column + step[1] }, event.shiftKey);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveTo({ row: shown.row, column: event.key === 'Home' ? 0 : periods.length - 1 }, event.shiftKey);
    } else if (event.key === 'F2' && event.shiftKey) {
      event.preventDefault();
      if (!target(shown)?.lock) options.onNote(shown);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      startEditing();
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      clear();
    } else if (event.key === 'Escape') {
      setAnchor(null);
      options.onEscape();
    } else if (command && event.key.toLowerCase() === 'c' && navigator.clipboard) {
      event.preventDefault();
      void navigator.clipboard.writeText(copyText(rows, periods, range())).catch(() => undefined);
    } else if (event.key.length === 1 && !command && !event.altKey) {
      event.preventDefault();
      startEditing(event.key);
    }
  };

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const cellElement = (event.target as HTMLElement).closest<HTMLElement>('td[data-r]');
    if (!cellElement || (event.target as HTMLElement).closest('input')) return;
    const next = { row: Number(cellElement.dataset.r), column: Number(cellElement.dataset.c) };
    if (editing && !commit(null)) return;
    const again = pressedFocused.current === cellElement;
    pressedFocused.current = null;
    if (!editing && !event.shiftKey && again && next.row === shown.row && next.column === shown.column) startEditing();
    else moveTo(next, event.shiftKey);
  };

  // A click on the cell that already had focus edits it (a first click only selects it).
  const pressedFocused = useRef<Element | null>(null);
  const onMouseDown = (event: MouseEvent<HTMLTableElement>) => {
    const cellElement = (event.target as HTMLElement).closest('td[data-r]');
    pressedFocused.current = cellElement && cellElement === document.activeElement ? cellElement : null;
  };

  const onDoubleClick = (event: MouseEvent<HTMLTableElement>) => {
    if ((event.target as HTMLElement).closest('td[data-r]') && !editing) startEditing();
  };

  const editingRef = useRef(editing);
  editingRef.current = editing;
  const activeRef = useRef(shown);
  activeRef.current = shown;
  const pasteRef = useRef(pasteText);
  pasteRef.current = pasteText;
  const copyRef = useRef(() => copyText(rows, periods, range()));
  copyRef.current = () => copyText(rows, periods, range());

  // Copy and paste reach the document (a focused table cell is not editable): act when the grid has focus.
  useEffect(() => {
    const inGrid = () => {
      const focused = document.activeElement;
      return focused instanceof HTMLElement && tableRef.current?.contains(focused) ? focused : null;
    };
    const onPaste = (event: ClipboardEvent) => {
      const focused = inGrid();
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (!focused || !text) return;
      if (focused.matches('input[data-cell-editor]')) {
        if (!isBlockPaste(text) || !editingRef.current) return;
        event.preventDefault();
        pasteRef.current(text, editingRef.current);
        return;
      }
      if (!focused.matches('td[data-r]')) return;
      event.preventDefault();
      pasteRef.current(text, activeRef.current);
    };
    const onCopy = (event: ClipboardEvent) => {
      const focused = inGrid();
      if (!focused?.matches('td[data-r]') || !event.clipboardData) return;
      event.preventDefault();
      event.clipboardData.setData('text/plain', copyRef.current());
    };
    document.addEventListener('paste', onPaste);
    document.addEventListener('copy', onCopy);
    return () => {
      document.removeEventListener('paste', onPaste);
      document.removeEventListener('copy', onCopy);
    };
  }, [tableRef]);

  const selection = anchor ? range() : null;
  return {
    active: shown,
    selection,
    editing,
    setEditingText: (text: string) => setEditing((current) => (current ? { ...current, text, error: null } : current)),
    cancelEditing: () => setEditing(null),
    commit,
    onKeyDown,
    onClick,
    onMouseDown,
    onDoubleClick,
    target,
  };
}
