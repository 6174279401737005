import { forwardRef } from 'react';
import { describeBand, describeGoal, formatScoreValue, type ScoreCell, type ScorecardRow } from '@keel/contract';
import { goalInForce, valueFormatOf } from '../scorecard-model';
import { STATUS_LOOK } from '../score-status';

export interface PopoverTarget {
  row: ScorecardRow;
  cell: ScoreCell;
  range: string;
  /** The cell's box on screen; the popover sits under it. */
  rect: DOMRect;
  lock: string | null;
}

interface CellPopoverProps {
  id: string;
  target: PopoverTarget;
  nameOf: (userId: string) => string;
  titleOf: (measurableId: string) => string;
  /** Offered on a cell that takes numbers. */
  onNote: (() => void) | null;
  onLeave: () => void;
}

const GOAL_SOURCE: Record<ScoreCell['goalSource'], string> = {
  current: 'The current goal.',
  snapshot: 'The goal in force when this number was entered.',
  period: 'A goal set for this period.',
};

const POPOVER_WIDTH = 288;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Why a cell has its colour: one shared popover for the whole grid, shown on hover and focus. */
export const CellPopover = forwardRef<HTMLDivElement, CellPopoverProps>(function CellPopover(
  { id, target, nameOf, titleOf, onNote, onLeave },
  ref,
) {
  const { row, cell, rect } = target;
  const measurable = row.measurable;
  const format = (value: number) => formatScoreValue(value, valueFormatOf(measurable));
  const goal = goalInForce(measurable, cell);
  const band = goal ? describeBand(goal.band, format) : null;
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - POPOVER_WIDTH - 8));
  const below = rect.bottom + 240 < window.innerHeight;
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      onMouseLeave={onLeave}
      style={{
        left,
        width: POPOVER_WIDTH,
        ...(below ? { top: rect.bottom + 4 } : { bottom: window.innerHeight - rect.top + 4 }),
      }}
      className="fixed z-40 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-800 shadow-lg print:hidden dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="font-semibold wrap-anywhere">{measurable.title}</p>
      <p className="text-xs text-slate-600 dark:text-slate-300">{target.range}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600 dark:text-slate-300">Value</dt>
        <dd>
          {cell.value === null ? 'No number yet' : format(cell.value)}
          {cell.value === null ? '' : ` (${STATUS_LOOK[cell.status].words})`}
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">Goal</dt>
        <dd>
          {describeGoal(goal, format)}
          {band ? `, ${band}` : ''}
          <span className="block text-xs text-slate-600 dark:text-slate-300">{GOAL_SOURCE[cell.goalSource]}</span>
        </dd>
        {cell.source === 'computed' ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Source</dt>
            <dd>Computed</dd>
          </>
        ) : null}
        {cell.source === 'override' ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Source</dt>
            <dd>Overridden: typed over the computed value</dd>
          </>
        ) : null}
        {cell.enteredById && cell.enteredAt && cell.source !== 'computed' ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Entered</dt>
            <dd>
              by {nameOf(cell.enteredById)} on {when(cell.enteredAt)}
            </dd>
          </>
        ) : null}
        {cell.computeError ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Not computed</dt>
            <dd>
              {cell.computeError === 'missing_inputs'
                ? `Missing: ${(cell.missingInputIds ?? []).map(titleOf).join(', ') || 'some inputs'}`
                : cell.computeError === 'division_by_zero'
                  ? 'Division by zero'
                  : 'The result is out of range'}
            </dd>
          </>
        ) : null}
        {cell.note ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Note</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere">{cell.note}</dd>
          </>
        ) : null}
      </dl>
      {target.lock ? <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">🔒 {target.lock}</p> : null}
      {onNote ? (
        <button
          type="button"
          onClick={onNote}
          className="mt-2 rounded px-2 py-1 text-sm font-medium text-blue-800 underline pointer-coarse:min-h-11 dark:text-blue-300"
        >
          {cell.note ? 'Edit note' : 'Add note'}
        </button>
      ) : null}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">Shift+F2 edits the note of the active cell.</p>
    </div>
  );
});
