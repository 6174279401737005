import { memo, useContext } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { PublishedOrgChartSeat } from '@keel/contract';
import { cx } from '../../../ui/cx';
import { holdersText, ROLES_SHOWN, SEAT_HEIGHT, SEAT_WIDTH } from '../chart-layout';
import { SeatSelectionContext } from './seat-selection';

export type SeatNodeData = { seat: PublishedOrgChartSeat; teamName: string | null };
export type SeatFlowNode = Node<SeatNodeData, 'seat'>;

/**
 * One seat's box: title, holders, team and its first roles. The title is a button, so a keyboard reaches every
 * seat and opens its actions (the canvas's own nodes are not focusable). Memoised: a chart of hundreds of seats
 * re-renders only the box that changed.
 */
export const SeatNode = memo(function SeatNode({ data, selected }: NodeProps<SeatFlowNode>) {
  const { seat, teamName } = data;
  const select = useContext(SeatSelectionContext);
  const more = seat.roles.length - ROLES_SHOWN;
  return (
    <div
      style={{ width: SEAT_WIDTH, height: SEAT_HEIGHT }}
      className={cx(
        'flex flex-col overflow-hidden rounded-lg border bg-white p-3 text-left shadow-sm dark:bg-slate-900',
        selected ? 'border-brand ring-2 ring-brand' : 'border-slate-300 dark:border-slate-600',
      )}
      data-seat-id={seat.id}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} className="opacity-0" />
      <button
        type="button"
        className="truncate text-left text-sm font-semibold text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 dark:text-white"
        onClick={() => select(seat.id)}
        aria-pressed={selected}
      >
        {seat.title}
      </button>
      <p className="truncate text-xs text-slate-700 dark:text-slate-300">{holdersText(seat)}</p>
      {teamName ? <p className="truncate text-xs text-slate-600 dark:text-slate-400">{teamName}</p> : null}
      <ul className="mt-1 space-y-0.5 text-xs text-slate-800 dark:text-slate-200">
        {seat.roles.slice(0, ROLES_SHOWN).map((role, index) => (
          <li key={index} className="truncate">
            • {role}
          </li>
        ))}
        {more > 0 ? <li className="text-slate-600 dark:text-slate-400">+{more} more</li> : null}
      </ul>
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="opacity-0" />
    </div>
  );
});

export const seatNodeTypes = { seat: SeatNode };
