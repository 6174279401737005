import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatScoreValue, type Measurable, type ScoreCell, type ScorecardGrid } from '@keel/contract';
import { errorText } from '../../../../lib/api-client';
import { Button } from '../../../../ui/Button';
import { cx } from '../../../../ui/cx';
import { useTerminology } from '../../../terminology/terminology.api';
import { useRaiseIssueFromMeasurable } from '../../../scorecard/measurables.api';
import { valueFormatOf, type GridPeriod } from '../../../scorecard/scorecard-model';

type EnteredCell = ScoreCell & { value: number };

interface OffTrackNumber {
  measurable: Measurable;
  cell: EnteredCell;
  period: GridPeriod;
}

/**
 * The measurables whose newest number (up to the current period) misses its goal: what the team reads
 * out as off track. A period not yet reported does not hide last period's red number.
 */
export function offTrackNumbers(grid: ScorecardGrid): OffTrackNumber[] {
  const periods = new Map(grid.periods.map((period) => [period.start, period]));
  const found: OffTrackNumber[] = [];
  for (const row of grid.rows) {
    if (row.measurable.archivedAt) continue;
    const newest = row.cells
      .filter((cell): cell is EnteredCell => cell.value !== null && cell.periodStart <= grid.currentPeriodStart)
      .reduce<EnteredCell | null>(
        (latest, cell) => (!latest || cell.periodStart > latest.periodStart ? cell : latest),
        null,
      );
    const period = newest ? periods.get(newest.periodStart) : undefined;
    if (newest?.status === 'red' && period) found.push({ measurable: row.measurable, cell: newest, period });
  }
  return found;
}

interface OffTrackNumbersProps {
  grid: ScorecardGrid;
  headingOf: (period: GridPeriod) => string;
  large: boolean;
}

/** Each red number with a one-click "Add to Issues" (the issue links back to the measurable). */
export function OffTrackNumbers({ grid, headingOf, large }: OffTrackNumbersProps) {
  const terms = useTerminology();
  const raise = useRaiseIssueFromMeasurable();
  const [raised, setRaised] = useState<ReadonlySet<string>>(new Set());
  const numbers = offTrackNumbers(grid);

  const addToIssues = (measurable: Measurable) =>
    raise.mutate(measurable.id, {
      onSuccess: () => {
        setRaised((current) => new Set(current).add(measurable.id));
        toast.success(`${terms.issue_singular} created: ${measurable.title} is off track`);
      },
      onError: (error) => toast.error(errorText(error, `Could not create the ${terms.issue_singular}.`)),
    });

  return (
    <section aria-labelledby="off-track-numbers" className="space-y-2">
      <h3
        id="off-track-numbers"
        className={cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-xl' : 'text-base')}
      >
        Off track
      </h3>
      {numbers.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No measurable misses its goal in its latest number.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {numbers.map(({ measurable, cell, period }) => (
            <li key={measurable.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <div className="min-w-0 flex-1 basis-48 wrap-anywhere">
                <p className="font-medium text-slate-900 dark:text-white">{measurable.title}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  <span className="font-semibold text-red-800 dark:text-red-300">
                    {formatScoreValue(cell.value, valueFormatOf(measurable))}
                  </span>
                  {` in ${headingOf(period)}, misses the goal · ${measurable.owner.name}`}
                </p>
              </div>
              {!grid.canEdit ? null : raised.has(measurable.id) ? (
                <span className="text-sm font-medium text-green-800 dark:text-green-300">
                  Added to {terms.issues_label}
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={raise.isPending && raise.variables === measurable.id}
                  onClick={() => addToIssues(measurable)}
                  aria-label={`Add to ${terms.issues_label}: ${measurable.title}`}
                >
                  Add to {terms.issues_label}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
