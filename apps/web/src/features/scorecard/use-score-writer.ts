import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ScoreCell, ScorecardRow, WriteScoresRequest } from '@keel/contract';
import { errorText, isConflict } from '../../lib/api-client';
import { countOf } from '../../lib/words';
import { undoToast } from '../../ui/undo-toast';
import { useWriteScore, useWriteScores } from './scorecard.api';
import { optimisticCell } from './scorecard-model';

/** A save refused because someone else saved the cell first: what this person typed, and the version they saw. */
export interface ScoreConflict {
  measurableId: string;
  periodStart: string;
  where: string;
  mine: number | null;
  note: string | undefined;
  sentVersion: number;
}

interface SaveOptions {
  note?: string | undefined;
  /** Names the cell in messages: "Revenue, Nov 23". */
  where: string;
  /** Offer Undo in a toast (clearing a cell). */
  undoable?: boolean;
}

/** Saving cells: one at a time (shown at once), a paste (all or none), conflicts kept for the dialog. */
export function useScoreWriter(userId: string | null) {
  const write = useWriteScore();
  const batch = useWriteScores();
  const [conflict, setConflict] = useState<ScoreConflict | null>(null);

  const save = (row: ScorecardRow, cell: ScoreCell, value: number | null, { note, where, undoable }: SaveOptions) => {
    const measurable = row.measurable;
    const request = { measurableId: measurable.id, periodStart: cell.periodStart, note };
    write
      .mutateAsync({
        ...request,
        value,
        version: cell.version,
        optimistic: optimisticCell(measurable, cell, value, note, userId),
      })
      .then((result) => {
        if (!undoable) return;
        undoToast(`Cleared ${where}`, () => {
          write
            .mutateAsync({
              ...request,
              note: undefined,
              value: cell.value,
              version: result.cell.version,
              optimistic: optimisticCell(measurable, result.cell, cell.value, undefined, userId),
            })
            .catch((error: unknown) => toast.error(errorText(error, `Could not restore ${where}.`)));
        });
      })
      .catch((error: unknown) => {
        if (isConflict(error)) setConflict({ ...request, where, mine: value, sentVersion: cell.version });
        else toast.error(errorText(error, `Could not save ${where}. Please try again.`));
      });
  };

  const paste = (scores: WriteScoresRequest['scores']) =>
    batch
      .mutateAsync({ scores })
      .then((written) => toast.success(`Pasted ${countOf(written.length, 'number', 'numbers')}`))
      .catch((error: unknown) =>
        toast.error(
          isConflict(error)
            ? 'Someone changed one of these cells meanwhile, so nothing was pasted. The grid now shows their numbers; paste again to replace them.'
            : errorText(error, 'Nothing was pasted. Please try again.'),
        ),
      );

  return { save, paste, pasting: batch.isPending, conflict, setConflict };
}
