import type { PublishedOrgChartSeat } from '@keel/contract';
import { Dialog } from '../../../ui/Dialog';
import { ListStates } from '../../../ui/ListPage';
import { useSeatHistory } from '../org-chart.api';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Who held a seat and when, as the chart's publications recorded it. */
export function SeatHistoryDialog({ seat, onClose }: { seat: PublishedOrgChartSeat; onClose: () => void }) {
  const history = useSeatHistory(seat.id);
  const rows = history.data ?? [];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`Holder history: ${seat.title}`}>
      <ListStates
        query={history}
        loadingLabel="Loading the seat’s history…"
        errorFallback="The seat’s history could not be loaded."
        isEmpty={rows.length === 0}
        empty="Nobody has held this seat in a published chart yet. Holders are recorded when the chart is published."
      >
        <ul className="space-y-2">
          {rows.map((row) => (
            <li key={row.id} className="text-sm text-slate-900 dark:text-slate-100">
              <span className="font-medium">{row.userId ? row.name : `Open seat: ${row.name}`}</span>
              <span className="block text-slate-600 dark:text-slate-300">
                {row.endedAt ? `${dayOf(row.startedAt)} to ${dayOf(row.endedAt)}` : `Since ${dayOf(row.startedAt)}`}
                {row.seatTitle !== seat.title ? ` (as ${row.seatTitle})` : ''}
              </span>
            </li>
          ))}
        </ul>
      </ListStates>
    </Dialog>
  );
}
