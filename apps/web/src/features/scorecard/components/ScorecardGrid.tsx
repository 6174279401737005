import { startTransition, useEffect, useMemo, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Measurable, MeasurableGroup, ScorecardGrid as Grid } from '@keel/contract';
import { cx } from '../../../ui/cx';
import { type GridPeriod, type GridSection, lockReason, navigableRows } from '../scorecard-model';
import { useGridKeys } from '../use-grid-keys';
import { useScoreWriter } from '../use-score-writer';
import { CellPopover, type PopoverTarget } from './CellPopover';
import { CellEditorBar, CellEditorInput } from './CellEditor';
import { GroupHeaderRow, groupSortId } from './GroupHeaderRow';
import { ScoreConflictDialog } from './ScoreConflictDialog';
import { ScoreNoteDialog } from './ScoreNoteDialog';
import { ScorecardRow, rowSortId } from './ScorecardRow';
import { useGridReorder } from './use-grid-reorder';

export interface ScorecardGridProps {
  grid: Grid;
  sections: GridSection[];
  /** In display order (newest first when right-to-left is preferred). */
  periods: GridPeriod[];
  headingOf: (period: GridPeriod) => string;
  rangeOf: (period: GridPeriod) => string;
  label: string;
  averageLabel: string;
  showTotal: boolean;
  /** Reordering is offered when nothing is filtered out. */
  sortable: boolean;
  userId: string | null;
  focusMine: boolean;
  nameOf: (userId: string) => string;
  onOpenTrend: (measurable: Measurable) => void;
  onEditMeasurable: (measurable: Measurable) => void;
  onRenameGroup: (group: MeasurableGroup) => void;
  onDeleteGroup: (group: MeasurableGroup) => void;
}

/** Rows drawn in the first pass; the rest follow in a transition, so a long scorecard answers keys at once. */
const FIRST_ROWS = 25;

function useRenderedRows(total: number) {
  const [rendered, setRendered] = useState(FIRST_ROWS);
  useEffect(() => {
    if (rendered >= total) return;
    const timer = setTimeout(() => startTransition(() => setRendered(Number.POSITIVE_INFINITY)), 0);
    return () => clearTimeout(timer);
  }, [rendered, total]);
  return rendered;
}

const POPOVER_ID = 'scorecard-cell-popover';

const ROW_LOCKS: Partial<Record<Measurable['kind'], string>> = {
  rollup: 'Roll-up: read-only',
  todo_completion: 'From the to-dos: read-only',
};

/** The scorecard table: plain cells, rows memoized, one set of listeners on the table, one shared popover. */
export function ScorecardGrid(props: ScorecardGridProps) {
  const { grid, sections, periods, headingOf, userId, showTotal, nameOf } = props;
  const tableRef = useRef<HTMLTableElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [hovered, setHovered] = useState<{ row: number; column: number; rect: DOMRect } | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const [noteAt, setNoteAt] = useState<{ row: number; column: number } | null>(null);
  const rows = useMemo(() => navigableRows(sections, collapsed), [sections, collapsed]);
  const renderedRows = useRenderedRows(rows.length);
  const writer = useScoreWriter(userId);
  const keys = useGridKeys({
    grid,
    rows,
    periods,
    headingOf,
    userId,
    writer,
    tableRef,
    focusMine: props.focusMine,
    onNote: setNoteAt,
    onEscape: () => {
      setHovered(null);
      setFocusInside(false);
    },
  });
  const reorder = useGridReorder(grid, sections, props.sortable);
  const columnCount = periods.length + (showTotal ? 4 : 3);
  const titleOf = (id: string) =>
    grid.rows.find((row) => row.measurable.id === id)?.measurable.title ?? 'an unknown measurable';

  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('button[data-action]');
    if (!button) return keys.onClick(event);
    const id = button.dataset.id ?? '';
    const measurable = grid.rows.find((row) => row.measurable.id === id)?.measurable;
    const group = grid.groups.find((candidate) => candidate.id === id);
    switch (button.dataset.action) {
      case 'trend':
        if (measurable) props.onOpenTrend(measurable);
        break;
      case 'edit':
        if (measurable) props.onEditMeasurable(measurable);
        break;
      case 'parts':
        setExpanded((current) => toggle(current, id));
        break;
      case 'collapse':
        setCollapsed((current) => toggle(current, id));
        break;
      case 'rename-group':
        if (group) props.onRenameGroup(group);
        break;
      case 'delete-group':
        if (group) props.onDeleteGroup(group);
    }
  };

  const onMouseOver = (event: MouseEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-r]');
    if (!cell) return setHovered(null);
    const row = Number(cell.dataset.r);
    const column = Number(cell.dataset.c);
    if (hovered?.row !== row || hovered.column !== column)
      setHovered({ row, column, rect: cell.getBoundingClientRect() });
  };
  const onMouseLeave = (event: MouseEvent) => {
    if (!(event.relatedTarget instanceof Node && popoverRef.current?.contains(event.relatedTarget))) setHovered(null);
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && (tableRef.current?.contains(next) || popoverRef.current?.contains(next))) return;
    setFocusInside(false);
    if (keys.editing && !(next instanceof Element && next.closest('[data-editor-bar]'))) keys.commit(null, false);
  };

  const popoverCursor = hovered ?? (focusInside && !keys.editing ? keys.active : null);
  const popoverAt = popoverCursor ? keys.target(popoverCursor) : null;
  const popoverElement =
    popoverCursor && !hovered
      ? tableRef.current?.querySelector(`td[data-r="${popoverCursor.row}"][data-c="${popoverCursor.column}"]`)
      : null;
  const popover: PopoverTarget | null = popoverAt
    ? {
        row: popoverAt.row,
        cell: popoverAt.cell,
        range: props.rangeOf(popoverAt.period),
        rect: hovered?.rect ?? popoverElement?.getBoundingClientRect() ?? new DOMRect(),
        lock: popoverAt.lock,
      }
    : null;
  const popoverIsActive =
    popoverCursor !== null && popoverCursor.row === keys.active.row && popoverCursor.column === keys.active.column;

  const editingAt = keys.editing ? keys.target(keys.editing) : null;
  const noteTarget = noteAt ? keys.target(noteAt) : null;
  const conflict = writer.conflict;
  const conflictRow = conflict ? grid.rows.find((row) => row.measurable.id === conflict.measurableId) : undefined;
  let index = 0;

  return (
    <>
      <CellEditorBar
        editing={keys.editing}
        where={editingAt?.where ?? ''}
        onNote={() => keys.editing && setNoteAt(keys.editing)}
      />
      <div
        id="scorecard-print-area"
        className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white print:overflow-visible print:border-0 dark:border-slate-700 dark:bg-slate-900"
      >
        <DndContext {...reorder.dndProps}>
          <SortableContext items={reorder.ids} strategy={verticalListSortingStrategy}>
            <table
              ref={tableRef}
              role="grid"
              aria-label={props.label}
              style={{
                width: `calc(var(--sc-title) + var(--sc-goal) + ${periods.length * 6 + 8 + (showTotal ? 6 : 0)}rem)`,
              }}
              className="min-w-full table-fixed border-separate border-spacing-0 text-sm [--sc-goal:0rem] [--sc-title:11rem] sm:[--sc-title:18rem] md:[--sc-goal:9rem]"
              onKeyDown={(event) => {
                reorder.onKeyDown(event);
                if (!event.defaultPrevented) keys.onKeyDown(event);
              }}
              onClick={onClick}
              onMouseDown={keys.onMouseDown}
              onDoubleClick={keys.onDoubleClick}
              onMouseOver={onMouseOver}
              onMouseLeave={onMouseLeave}
              onFocus={(event) => {
                if ((event.target as HTMLElement).matches('td[data-r]')) setFocusInside(true);
              }}
              onBlur={onBlur}
            >
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="sticky left-0 z-10 w-(--sc-title) border-b border-slate-300 bg-white px-2 py-2 text-left dark:border-slate-600 dark:bg-slate-900"
                  >
                    Measurable
                  </th>
                  <th
                    scope="col"
                    className="hidden w-(--sc-goal) border-b border-slate-300 px-2 text-left md:table-cell dark:border-slate-600"
                  >
                    Goal
                  </th>
                  {periods.map((period) => {
                    const current = period.start === grid.currentPeriodStart;
                    return (
                      <th
                        key={period.start}
                        scope="col"
                        title={props.rangeOf(period)}
                        aria-current={current ? 'date' : undefined}
                        className={cx(
                          'w-24 border-b border-slate-300 px-2 py-2 text-right whitespace-nowrap dark:border-slate-600',
                          current &&
                            'border-x-2 border-x-blue-700 bg-blue-50 text-blue-950 dark:border-x-blue-300 dark:bg-blue-950 dark:text-blue-50',
                        )}
                      >
                        {headingOf(period)}
                        <span className="sr-only">
                          {`, ${props.rangeOf(period)}`}
                          {current ? ', current period' : ''}
                        </span>
                      </th>
                    );
                  })}
                  <th
                    scope="col"
                    className="w-32 border-b border-l border-slate-300 px-2 text-right dark:border-slate-600"
                  >
                    {props.averageLabel}
                  </th>
                  {showTotal ? (
                    <th
                      scope="col"
                      className="border-b border-l border-slate-300 px-2 text-right dark:border-slate-600"
                    >
                      Total
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {sections.map((section) => {
                  const hidden = section.group !== null && collapsed.has(section.group.id);
                  return [
                    section.group ? (
                      <GroupHeaderRow
                        key={groupSortId(section.group.id)}
                        group={section.group}
                        rowCount={section.rows.length}
                        collapsed={hidden}
                        columnCount={columnCount}
                        canEdit={grid.canEdit}
                        sortable={props.sortable}
                      />
                    ) : null,
                    ...(hidden
                      ? []
                      : section.rows.map((row) => {
                          const rowIndex = index++;
                          if (rowIndex >= renderedRows) return null;
                          const isActive = rowIndex === keys.active.row;
                          const selection = keys.selection;
                          return (
                            <ScorecardRow
                              key={rowSortId(row.measurable.id)}
                              row={row}
                              index={rowIndex}
                              periods={periods}
                              currentPeriodStart={grid.currentPeriodStart}
                              activeColumn={isActive ? keys.active.column : -1}
                              selection={
                                selection && rowIndex >= selection.top && rowIndex <= selection.bottom
                                  ? { left: selection.left, right: selection.right }
                                  : null
                              }
                              editor={
                                keys.editing && keys.editing.row === rowIndex && editingAt ? (
                                  <CellEditorInput
                                    editing={keys.editing}
                                    where={editingAt.where}
                                    onChange={keys.setEditingText}
                                  />
                                ) : null
                              }
                              showTotal={showTotal}
                              canEdit={grid.canEdit}
                              sortable={props.sortable}
                              expanded={expanded.has(row.measurable.id)}
                              rowLock={grid.canEdit ? (ROW_LOCKS[row.measurable.kind] ?? null) : null}
                              describedBy={isActive && popover && popoverIsActive ? POPOVER_ID : undefined}
                            />
                          );
                        })),
                  ];
                })}
              </tbody>
            </table>
          </SortableContext>
          <DragOverlay>
            {reorder.draggingName ? (
              <div className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium shadow-lg dark:border-slate-600 dark:bg-slate-900">
                {reorder.draggingName}
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      </div>
      <p role="status" className="sr-only">
        {reorder.announcement}
      </p>
      {popover ? (
        <CellPopover
          ref={popoverRef}
          id={POPOVER_ID}
          target={popover}
          nameOf={nameOf}
          titleOf={titleOf}
          onNote={popoverIsActive && !popover.lock && popoverCursor ? () => setNoteAt(popoverCursor) : null}
          onLeave={() => setHovered(null)}
        />
      ) : null}
      {noteTarget && noteAt ? (
        <ScoreNoteDialog
          where={noteTarget.where}
          note={noteTarget.cell.note}
          onClose={() => setNoteAt(null)}
          onSave={(note) => {
            setNoteAt(null);
            writer.save(noteTarget.row, noteTarget.cell, noteTarget.cell.value, { note, where: noteTarget.where });
          }}
        />
      ) : null}
      {conflict ? (
        <ScoreConflictDialog
          conflict={conflict}
          row={conflictRow}
          cell={conflictRow?.cells.find((cell) => cell.periodStart === conflict.periodStart)}
          nameOf={nameOf}
          onKeepTheirs={() => writer.setConflict(null)}
          onOverwrite={(cell) => {
            writer.setConflict(null);
            if (conflictRow && !lockReason(grid, conflictRow.measurable, cell.periodStart)) {
              writer.save(conflictRow, cell, conflict.mine, { note: conflict.note, where: conflict.where });
            }
          }}
        />
      ) : null}
    </>
  );
}
