import { Dialog } from '../../../ui/Dialog';
import { ListStates } from '../../../ui/ListPage';
import { usePersonSeatHistory } from '../org-chart.api';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

interface PersonSeatHistoryDialogProps {
  person: { id: string; name: string };
  chartLabel: string;
  onClose: () => void;
}

/** The seats one person held and when, as the chart's publications recorded them. */
export function PersonSeatHistoryDialog({ person, chartLabel, onClose }: PersonSeatHistoryDialogProps) {
  const history = usePersonSeatHistory(person.id);
  const rows = history.data ?? [];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`Seat history: ${person.name}`}>
      <ListStates
        query={history}
        loadingLabel="Loading the seat history…"
        errorFallback="The seat history could not be loaded."
        isEmpty={rows.length === 0}
        empty={`${person.name} has held no seat on a published ${chartLabel} yet. Seats are recorded when the chart is published.`}
      >
        <ul className="space-y-2">
          {rows.map((row) => (
            <li key={row.id} className="text-sm text-slate-900 dark:text-slate-100">
              <span className="font-medium">{row.seatTitle}</span>
              <span className="block text-slate-600 dark:text-slate-300">
                {row.endedAt ? `${dayOf(row.startedAt)} to ${dayOf(row.endedAt)}` : `Since ${dayOf(row.startedAt)}`}
              </span>
            </li>
          ))}
        </ul>
      </ListStates>
    </Dialog>
  );
}
