import type { DashboardTodo } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { useTerminology } from '../../terminology/terminology.api';
import { dueState, formatDueDate, localToday } from '../../todos/todo-dates';
import { isConflict, useToggleTodo } from '../../todos/todos.api';
import { useDashboardSection } from '../dashboard.api';
import { useQuickAdd } from '../quick-add-store';
import { ItemLink, TeamTag } from './ItemLink';
import { SectionCard, listClasses } from './SectionCard';

const DUE_CLASSES = {
  overdue: 'font-semibold text-red-700 dark:text-red-300',
  today: 'rounded bg-amber-100 px-1 font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  upcoming: 'text-slate-600 dark:text-slate-400',
} as const;

function TodoItem({ todo, today, singular }: { todo: DashboardTodo; today: string; singular: string }) {
  const toggle = useToggleTodo(todo.teamId);
  const state = dueState(todo.dueDate, today);
  const ticked = toggle.isPending || toggle.isSuccess;
  const tick = () =>
    toggle.mutate(todo, {
      onError: (error) =>
        toast.error(
          isConflict(error)
            ? `Someone changed this ${singular} meanwhile; the list now shows their change.`
            : errorText(error, `Could not mark the ${singular} done.`),
        ),
    });
  return (
    <li className="flex items-start gap-3 py-2" data-due={state}>
      <input
        type="checkbox"
        checked={ticked}
        disabled={ticked}
        onChange={tick}
        aria-label={`Mark “${todo.title}” done`}
        className="mt-1 size-4 shrink-0 accent-blue-700 dark:accent-blue-400"
      />
      <div className="grid min-w-0 gap-0.5">
        <span className={cx(ticked && 'line-through opacity-70')}>
          <ItemLink kind="todo" teamId={todo.teamId}>
            {todo.title}
          </ItemLink>
        </span>
        <p className="flex flex-wrap gap-x-3 text-xs">
          <span className={DUE_CLASSES[state]}>
            {state === 'overdue' ? 'Overdue · ' : state === 'today' ? 'Due today · ' : 'Due '}
            {formatDueDate(todo.dueDate)}
          </span>
          {todo.isPrivate ? <span className="text-slate-600 dark:text-slate-400">Private</span> : null}
          <TeamTag name={todo.team.name} />
        </p>
      </div>
    </li>
  );
}

/** The person's open to-dos, overdue first (the server's order), each tickable in place. */
export function TodosSection() {
  const terms = useTerminology();
  const showQuickAdd = useQuickAdd((state) => state.show);
  const query = useDashboardSection('todos');
  const todos = query.data?.todos;
  const today = localToday();
  return (
    <SectionCard
      title={`My ${terms.todos_label}`}
      loading={query.isPending}
      failed={query.isError}
      total={todos?.total}
      shown={todos?.items.length}
      viewAll={{ to: '/todos', label: `All ${terms.todos_label}` }}
      isEmpty={(todos?.items.length ?? 0) === 0}
      empty={
        <>
          Nothing open: you are all caught up.{' '}
          <Button variant="secondary" size="sm" onClick={() => showQuickAdd('todo')}>
            New {terms.todo_singular}
          </Button>
        </>
      }
    >
      {todos && todos.overdue > 0 ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-300">{todos.overdue} overdue</p>
      ) : null}
      <ul className={listClasses} aria-label={`My open ${terms.todos_label}`}>
        {todos?.items.map((todo) => (
          <TodoItem key={todo.id} todo={todo} today={today} singular={terms.todo_singular} />
        ))}
      </ul>
    </SectionCard>
  );
}
