import { useMemo } from 'react';
import type { PublishedOrgChartSeat } from '@keel/contract';
import { SelectField } from '../../../ui/FormFields';

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Every seat by title: picking one shows it close up and opens its details. The way to reach a seat on a phone,
 * where a large chart's boxes are small, and with a keyboard, without tabbing through the whole chart.
 */
export function SeatFinder({
  seats,
  selectedId,
  onFind,
}: {
  seats: readonly PublishedOrgChartSeat[];
  selectedId: string | null;
  onFind: (seatId: string) => void;
}) {
  const sorted = useMemo(() => [...seats].sort((a, b) => byTitle.compare(a.title, b.title)), [seats]);
  return (
    <SelectField
      label="Find a seat"
      className="max-w-md"
      value={selectedId ?? ''}
      onChange={(event) => {
        if (event.target.value) onFind(event.target.value);
      }}
    >
      <option value="">Choose a seat</option>
      {sorted.map((seat) => (
        <option key={seat.id} value={seat.id}>
          {seat.holders.length > 0
            ? `${seat.title} (${seat.holders.map((holder) => holder.name).join(', ')})`
            : seat.title}
        </option>
      ))}
    </SelectField>
  );
}
