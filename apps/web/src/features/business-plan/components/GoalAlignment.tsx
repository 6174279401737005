import type { AnnualGoal, Priority } from '@keel/contract';
import { cx } from '../../../ui/cx';

interface Props {
  /** The year's goals of every team (the company's first). */
  goals: AnnualGoal[];
  /** The priorities on screen. */
  priorities: Priority[];
  teamId: string;
  goalsLabel: string;
  prioritiesLabel: string;
  year: number;
}

/**
 * Which goals of the year have priorities behind them and which have none, and which of the priorities on
 * screen serve no goal: the two gaps a leadership team closes in its planning meeting.
 */
export function GoalAlignment({ goals, priorities, teamId, goalsLabel, prioritiesLabel, year }: Props) {
  const relevant = goals.filter((goal) => goal.isCompanyGoal || goal.teamId === teamId);
  const unaligned = priorities.filter((priority) => priority.annualGoalId === null && priority.archivedAt === null);
  const word = prioritiesLabel.toLowerCase();
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900 pointer-coarse:min-h-11 dark:text-white">
        Alignment with {goalsLabel} {year}
        {relevant.length > 0 || unaligned.length > 0
          ? ` · ${relevant.filter((goal) => goal.priorityCount === 0).length} goals with nothing behind them, ${unaligned.length} ${word} serving no goal`
          : ''}
      </summary>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <section aria-label={`${goalsLabel} ${year}`}>
          <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">{goalsLabel}</h3>
          {relevant.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">No goals for {year} yet.</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {relevant.map((goal) => (
                <li key={goal.id} className="flex justify-between gap-2">
                  <span className="min-w-0 break-words text-slate-900 dark:text-white">
                    {goal.title} <span className="text-slate-600 dark:text-slate-400">({goal.teamName})</span>
                  </span>
                  <span
                    className={cx(
                      'shrink-0',
                      goal.priorityCount === 0
                        ? 'font-medium text-amber-800 dark:text-amber-200'
                        : 'text-slate-700 dark:text-slate-300',
                    )}
                  >
                    {goal.priorityCount === 0 ? 'Nothing behind it' : `${goal.priorityCount} ${word}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label={`${prioritiesLabel} serving no goal`}>
          <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">Serving no goal</h3>
          {unaligned.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Every one of these {word} serves a goal.</p>
          ) : (
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-900 dark:text-white">
              {unaligned.map((priority) => (
                <li key={priority.id} className="break-words">
                  {priority.title}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </details>
  );
}
