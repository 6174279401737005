import { useState } from 'react';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import { ANNUAL_GOALS_PER_TEAM_YEAR_MAX, type AnnualGoal } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { cx } from '../../../ui/cx';
import { Spinner } from '../../../ui/Spinner';
import { useAssignablePeople } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import { GOAL_STATUS_LABELS, useAnnualGoals, useDeleteAnnualGoal, useUpdateAnnualGoal } from '../annual-goals.api';
import { AnnualGoalDialog } from './AnnualGoalDialog';

interface Props {
  teamId: string;
  year: number;
  canEdit: boolean;
}

const STATUS_CLASSES: Record<AnnualGoal['status'], string> = {
  not_started: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  on_track: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  off_track: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  done: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
};

/**
 * A team's annual goals of one year, live: each with its owner, status, target and the priorities behind it,
 * so a goal with nothing behind it stands out (alignment).
 */
export function AnnualGoalsSection({ teamId, year, canEdit }: Props) {
  const terms = useTerminology();
  const goals = useAnnualGoals(year, teamId);
  const people = useAssignablePeople();
  const update = useUpdateAnnualGoal();
  const remove = useDeleteAnnualGoal();
  const [editing, setEditing] = useState<AnnualGoal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AnnualGoal | null>(null);
  const list = goals.data?.data ?? [];
  const priorityWord = terms.priorities_label;

  const move = (goal: AnnualGoal, by: -1 | 1) =>
    update.mutate({ id: goal.id, version: goal.version, position: goal.position + by });

  if (goals.isPending) return <Spinner label={`Loading ${terms.annual_goals_label}…`} />;
  if (goals.isError) return <Banner tone="error">{errorText(goals.error, 'The goals could not be loaded.')}</Banner>;

  return (
    <div className="space-y-3">
      {update.isError ? (
        <Banner tone="error">{errorText(update.error, 'The goal could not be moved. Please try again.')}</Banner>
      ) : null}
      {remove.isError ? (
        <Banner tone="error">{errorText(remove.error, 'The goal could not be deleted. Please try again.')}</Banner>
      ) : null}
      {list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No goals for {year} yet.</p>
      ) : (
        <ol className="space-y-2" aria-label={`${terms.annual_goals_label} ${year}`}>
          {list.map((goal, index) => (
            <li
              key={goal.id}
              className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-md border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900 dark:text-white">{goal.title}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {[goal.target, goal.owner?.name].filter(Boolean).join(' · ')}
                </p>
                <p
                  className={cx(
                    'text-sm',
                    goal.priorityCount === 0
                      ? 'font-medium text-amber-800 dark:text-amber-200'
                      : 'text-slate-600 dark:text-slate-300',
                  )}
                >
                  {goal.priorityCount === 0
                    ? `No ${priorityWord.toLowerCase()} behind it yet`
                    : `${goal.priorityCount} of the ${priorityWord.toLowerCase()} serve it`}
                </p>
              </div>
              <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[goal.status])}>
                {GOAL_STATUS_LABELS[goal.status]}
              </span>
              {canEdit ? (
                <div className="flex gap-1 print:hidden">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move “${goal.title}” up`}
                    disabled={index === 0 || update.isPending}
                    onClick={() => move(goal, -1)}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move “${goal.title}” down`}
                    disabled={index === list.length - 1 || update.isPending}
                    onClick={() => move(goal, 1)}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(goal)}>
                    Edit<span className="sr-only"> “{goal.title}”</span>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(goal)}>
                    Delete<span className="sr-only"> “{goal.title}”</span>
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {canEdit && list.length < ANNUAL_GOALS_PER_TEAM_YEAR_MAX ? (
        <Button size="sm" variant="secondary" className="print:hidden" onClick={() => setEditing('new')}>
          Add a goal
        </Button>
      ) : null}
      {editing ? (
        <AnnualGoalDialog
          goal={editing === 'new' ? null : editing}
          teamId={teamId}
          year={year}
          goalWord="goal"
          people={people.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this goal?"
          confirmLabel="Delete goal"
          danger
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
        >
          “{deleting.title}” will be removed from {year}. The {priorityWord.toLowerCase()} linked to it stay, no longer
          linked to a goal.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
