import { cx } from '../../../ui/cx';
import { dueState, formatDueDate } from '../todo-dates';

const STYLES = {
  overdue: 'text-red-700 dark:text-red-300 font-semibold',
  today: 'text-amber-700 dark:text-amber-300 font-semibold',
  upcoming: 'text-slate-600 dark:text-slate-300',
} as const;

/** The due date, coloured for overdue/today and saying so in words too (colour is never the only cue). */
export function DueDate({ dueDate, today, done }: { dueDate: string; today: string; done: boolean }) {
  const state = done ? 'upcoming' : dueState(dueDate, today);
  const words = state === 'overdue' ? 'Overdue' : state === 'today' ? 'Due today' : 'Due';
  return (
    <span className={cx('text-sm whitespace-nowrap', STYLES[state])} data-due-state={state}>
      {words} {formatDueDate(dueDate)}
    </span>
  );
}
