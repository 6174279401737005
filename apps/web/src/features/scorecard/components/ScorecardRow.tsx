import { memo, type ReactNode } from 'react';
import Lock from 'lucide-react/icons/lock';
import { describeGoal, formatScoreValue, type ScorecardRow as Row } from '@keel/contract';
import { countOf } from '../../../lib/words';
import { cx } from '../../../ui/cx';
import { cellOf, type GridPeriod, valueFormatOf } from '../scorecard-model';
import { STATUS_LOOK } from '../score-status';
import { SortHandle } from './SortHandle';
import { Sparkline } from './Sparkline';

export const rowSortId = (id: string) => `row:${id}`;

export interface RowSelection {
  left: number;
  right: number;
}

interface ScorecardRowProps {
  row: Row;
  /** Position among the rows the keyboard moves through. */
  index: number;
  periods: GridPeriod[];
  currentPeriodStart: string;
  /** Column of the active cell when it is in this row, else -1. */
  activeColumn: number;
  selection: RowSelection | null;
  /** The editor replaces the active cell's content while typing. */
  editor: ReactNode;
  showTotal: boolean;
  canEdit: boolean;
  sortable: boolean;
  expanded: boolean;
  /** Why the whole row cannot be typed into (roll-ups, to-do completion), else null. */
  rowLock: string | null;
  /** The id of the popover explaining the active cell, while it is shown. */
  describedBy?: string | undefined;
}

const CELL =
  'h-9 overflow-hidden text-ellipsis whitespace-nowrap border-b border-l border-slate-200 px-2 text-right tabular-nums pointer-coarse:h-11 dark:border-slate-700';
const FOCUS = 'outline-none focus:ring-2 focus:ring-inset focus:ring-blue-700 dark:focus:ring-blue-300';

/** One measurable: its title, owner and goal, then one cell per period, its average and total. */
export const ScorecardRow = memo(function ScorecardRow({
  row,
  index,
  periods,
  currentPeriodStart,
  activeColumn,
  selection,
  editor,
  showTotal,
  canEdit,
  sortable,
  expanded,
  rowLock,
  describedBy,
}: ScorecardRowProps) {
  const measurable = row.measurable;
  const format = valueFormatOf(measurable);
  const show = (value: number | null) => (value === null ? '' : formatScoreValue(value, format));
  const goalText = describeGoal(measurable.goal, (value) => formatScoreValue(value, format));
  const average = STATUS_LOOK[row.averageStatus];
  return (
    <>
      <tr className={measurable.archivedAt ? 'opacity-80' : undefined}>
        <th
          scope="row"
          className="sticky left-0 z-10 w-44 min-w-44 border-b border-slate-200 bg-white px-2 py-1 text-left align-top font-normal sm:w-72 sm:min-w-72 dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-start gap-1">
            {sortable ? <SortHandle id={rowSortId(measurable.id)} label={`Reorder ${measurable.title}`} /> : null}
            <div className="min-w-0 flex-1">
              <button
                type="button"
                data-action="trend"
                data-id={measurable.id}
                aria-keyshortcuts={sortable ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
                className="text-left font-medium text-slate-900 wrap-anywhere hover:underline pointer-coarse:min-h-11 dark:text-white"
              >
                {measurable.title}
              </button>
              <p className="text-xs text-slate-600 wrap-anywhere dark:text-slate-300">
                {measurable.owner.name}
                {measurable.archivedAt ? ' · Archived' : ''}
              </p>
              <p className="text-xs text-slate-600 md:hidden dark:text-slate-300">Goal {goalText}</p>
              {rowLock ? (
                <p className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
                  <Lock className="size-3" aria-hidden />
                  {rowLock}
                </p>
              ) : null}
              {row.parts?.length ? (
                <button
                  type="button"
                  data-action="parts"
                  data-id={measurable.id}
                  aria-expanded={expanded}
                  className="text-xs font-medium text-blue-800 underline pointer-coarse:min-h-11 print:hidden dark:text-blue-300"
                >
                  {expanded ? 'Hide parts' : `Show ${countOf(row.parts.length, 'part', 'parts')}`}
                </button>
              ) : null}
            </div>
            <span className="hidden sm:block">
              <Sparkline values={row.sparkline} />
            </span>
            {canEdit ? (
              <button
                type="button"
                data-action="edit"
                data-id={measurable.id}
                aria-label={`Edit ${measurable.title}`}
                className="rounded p-1 text-slate-600 pointer-coarse:p-3.5 hover:bg-slate-100 print:hidden dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <span aria-hidden="true" className="inline-block size-4 text-center leading-4">
                  ✎
                </span>
              </button>
            ) : null}
          </div>
        </th>
        <td className="hidden border-b border-slate-200 px-2 text-sm whitespace-nowrap md:table-cell dark:border-slate-700">
          {goalText}
        </td>
        {periods.map((period, column) => {
          const cell = cellOf(row, period.start);
          const status = cell?.status ?? 'missing';
          const look = STATUS_LOOK[status];
          const active = column === activeColumn;
          const editing = active && editor !== null;
          const selected = selection !== null && column >= selection.left && column <= selection.right;
          const text = cell?.value == null ? '' : show(cell.value);
          const overridden = cell?.source === 'override';
          return (
            <td
              key={period.start}
              data-r={index}
              data-c={column}
              data-status={status}
              data-mark={`${overridden ? '*' : ''}${cell?.note ? '•' : ''}` || undefined}
              tabIndex={active ? 0 : -1}
              aria-describedby={active ? describedBy : undefined}
              aria-label={
                editing
                  ? undefined
                  : `${text ? `${text}, ` : ''}${look.words}${overridden ? ', overridden' : ''}${cell?.note ? ', has a note' : ''}`
              }
              className={cx(
                CELL,
                FOCUS,
                look.className,
                period.start === currentPeriodStart && 'border-x-2 border-x-blue-700 dark:border-x-blue-300',
                selected && 'ring-2 ring-blue-500 ring-inset',
                editing ? 'p-0' : 'cursor-cell',
              )}
            >
              {editing ? editor : text}
            </td>
          );
        })}
        <td
          data-status={row.average === null ? undefined : row.averageStatus}
          aria-label={row.average === null ? undefined : `${show(row.average)}, ${average.words}`}
          className={cx(CELL, average.className, 'font-medium')}
        >
          {show(row.average)}
        </td>
        {showTotal ? <td className={cx(CELL, 'font-medium')}>{show(row.total)}</td> : null}
      </tr>
      {expanded
        ? row.parts?.map((part) => (
            <tr key={part.measurableId} className="text-sm">
              <th
                scope="row"
                className="sticky left-0 z-10 border-b border-slate-200 bg-slate-50 py-1 pr-2 pl-8 text-left font-normal dark:border-slate-700 dark:bg-slate-800"
              >
                <span className="wrap-anywhere">{part.title}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {part.teamName} · {part.ownerName}
                </span>
              </th>
              <td className="hidden border-b border-slate-200 md:table-cell dark:border-slate-700" />
              {periods.map((period) => {
                const cell = part.cells.find((candidate) => candidate.periodStart === period.start);
                const look = STATUS_LOOK[cell?.status ?? 'missing'];
                const text = cell?.value == null ? '' : show(cell.value);
                return (
                  <td
                    key={period.start}
                    data-status={cell?.status ?? 'missing'}
                    aria-label={`${text ? `${text}, ` : ''}${look.words}`}
                    className={cx(CELL, look.className)}
                  >
                    {text}
                  </td>
                );
              })}
              <td className={CELL} />
              {showTotal ? <td className={CELL} /> : null}
            </tr>
          ))
        : null}
    </>
  );
});
