import { formatScoreValue, type ScoreCell, type ScorecardRow } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import type { ScoreConflict } from '../use-score-writer';
import { valueFormatOf } from '../scorecard-model';

interface ScoreConflictDialogProps {
  conflict: ScoreConflict;
  /** The row and cell as the grid now shows them (refetched after the refusal). */
  row: ScorecardRow | undefined;
  cell: ScoreCell | undefined;
  nameOf: (userId: string) => string;
  onKeepTheirs: () => void;
  onOverwrite: (cell: ScoreCell) => void;
}

/** Two people typed into one cell: show both numbers and let this person keep theirs or overwrite. */
export function ScoreConflictDialog({
  conflict,
  row,
  cell,
  nameOf,
  onKeepTheirs,
  onOverwrite,
}: ScoreConflictDialogProps) {
  const show = (value: number | null) =>
    value === null ? 'empty' : row ? formatScoreValue(value, valueFormatOf(row.measurable)) : String(value);
  const known = cell !== undefined && cell.version !== conflict.sentVersion;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onKeepTheirs())}
      title="Someone else saved this number first"
      description={conflict.where}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onKeepTheirs}>
            Keep theirs
          </Button>
          <Button disabled={!known} onClick={() => (cell ? onOverwrite(cell) : undefined)}>
            Overwrite with mine
          </Button>
        </>
      }
    >
      {known ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">Their number</dt>
          <dd>
            {show(cell.value)}
            {cell.enteredById ? ` (entered by ${nameOf(cell.enteredById)})` : ''}
          </dd>
          <dt className="font-medium">Your number</dt>
          <dd>{show(conflict.mine)}</dd>
        </dl>
      ) : (
        <Spinner className="size-5" label="Loading their number" />
      )}
    </Dialog>
  );
}
