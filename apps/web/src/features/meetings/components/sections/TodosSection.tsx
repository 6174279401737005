import { useState } from 'react';
import { periodAt, periodStartOf, todayIn, type Meeting, type Organization, type Todo } from '@keel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { organizationKey } from '../../../../lib/organization-query';
import { useOrganizationId, useSession } from '../../../../lib/session-store';
import { countOf } from '../../../../lib/words';
import { SaveProblem } from '../../../../ui/ConflictBanner';
import { EmptyNote, LIST_CARD_CLASSES, ListStates, ShowMore } from '../../../../ui/ListPage';
import { cx } from '../../../../ui/cx';
import { useCurrentOrganization } from '../../../organization/organization.api';
import { useAssignablePeople } from '../../../people/people.api';
import { useTerminology } from '../../../terminology/terminology.api';
import { EditTodoDialog } from '../../../todos/components/EditTodoDialog';
import { TodoRow } from '../../../todos/components/TodoRow';
import { formatDueDate, localToday } from '../../../todos/todo-dates';
import { useTodoList, useToggleTodo, type TodoFilters } from '../../../todos/todos.api';
import { LARGE_LIST_TYPE } from './large-type';
import type { MeetingSectionProps } from './section-props';

const OPEN: TodoFilters = { status: 'open', ownerId: null, sort: 'due' };
/**
 * Newest first: the done ones this section shows were created lately. (The list has no due-date filter,
 * and by due date the first page would hold the team's oldest done ones.)
 */
const DONE: TodoFilters = { status: 'done', ownerId: null, sort: 'created' };

/** The organization's week holding the meeting (as the recap counts it), from its own time zone and week start. */
export function meetingWeek(meeting: Pick<Meeting, 'startedAt' | 'serverNow'>, organization: Organization) {
  const calendar = {
    weekStartDay: organization.week_start_day,
    fiscalYearStartMonth: organization.fiscal_year_start_month,
  };
  const day = todayIn(organization.timezone, new Date(meeting.startedAt ?? meeting.serverNow));
  return periodAt(periodStartOf(day, 'weekly', calendar), 'weekly', calendar);
}

/**
 * What the section reviews: every open one due by the week's end (overdue included), and the done ones
 * due that week or done since the meeting started, so a to-do ticked off here stays on everyone's screen.
 */
export function todosToReview(
  open: readonly Todo[],
  done: readonly Todo[],
  week: { start: string; end: string },
  since: string | null,
): Todo[] {
  const byId = new Map<string, Todo>();
  // A to-do can sit in both lists for a moment (marked here, not yet refetched): the newer version wins.
  for (const todo of [...open, ...done]) {
    const known = byId.get(todo.id);
    if (!known || todo.version > known.version) byId.set(todo.id, todo);
  }
  const sinceTime = since ? Date.parse(since) : Number.POSITIVE_INFINITY;
  const shown = [...byId.values()].filter((todo) => {
    if (todo.dueDate > week.end) return false;
    if (todo.status === 'open' || todo.dueDate >= week.start) return true;
    // Marked done a moment ago and not refetched yet: its time is not known, but it was done here.
    return todo.doneAt === null || Date.parse(todo.doneAt) >= sinceTime;
  });
  return shown.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
}

/** The team's to-dos due by the end of the meeting's week, each marked done or not done in place. */
export function TodosSection({ meeting, large }: MeetingSectionProps) {
  const terms = useTerminology();
  const singular = terms.todo_singular;
  const plural = terms.todos_label;
  const user = useSession((state) => state.user);
  const readOnly = user?.role === 'observer';
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  const organization = useCurrentOrganization();
  const open = useTodoList(meeting.teamId, OPEN);
  const done = useTodoList(meeting.teamId, DONE);
  const people = useAssignablePeople();
  const toggle = useToggleTodo(meeting.teamId);
  const [editingId, setEditingId] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'todo') });

  const week = organization.data ? meetingWeek(meeting, organization.data) : null;
  const openTodos = open.data?.pages.flatMap((page) => page.data) ?? [];
  const doneTodos = done.data?.pages.flatMap((page) => page.data) ?? [];
  const todos = week ? todosToReview(openTodos, doneTodos, week, meeting.startedAt) : [];
  const doneCount = todos.filter((todo) => todo.status === 'done').length;
  const editing = todos.find((todo) => todo.id === editingId);
  // Open ones come by due date: a further page matters only while the last one loaded is still due this week.
  const lastOpen = openTodos.at(-1);
  const moreOpen = open.hasNextPage && week !== null && lastOpen !== undefined && lastOpen.dueDate <= week.end;
  const failed = [organization, open, done].find((query) => query.isError);

  return (
    <section aria-labelledby="meeting-todos-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3
          id="meeting-todos-title"
          className={cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-xl' : 'text-base')}
        >
          {week ? `${plural} due by ${formatDueDate(week.end)}` : plural}
        </h3>
        {todos.length > 0 ? (
          <p
            aria-live="polite"
            className={cx('font-semibold text-slate-800 dark:text-slate-100', large ? 'text-xl' : 'text-base')}
          >
            {`${doneCount} of ${countOf(todos.length, singular, plural)} done`}
          </p>
        ) : null}
      </div>
      <SaveProblem
        error={toggle.error}
        singular={singular}
        fallback={`Could not update the ${singular}.`}
        onReload={() => {
          toggle.reset();
          void reload();
        }}
      />
      <ListStates
        query={{ isPending: false, isError: failed !== undefined, error: failed?.error, refetch: failed?.refetch }}
        pending={organization.isPending || open.isPending || done.isPending}
        loadingLabel={`Loading ${plural}`}
        errorFallback={`The ${plural} could not be loaded.`}
        isEmpty={todos.length === 0}
        empty={<EmptyNote>{`No ${plural} are due by the end of this week.`}</EmptyNote>}
      >
        <div className={cx(LIST_CARD_CLASSES, large && LARGE_LIST_TYPE)}>
          <ul aria-label={plural}>
            {todos.map((todo) => (
              <TodoRow
                key={todo.id}
                todo={todo}
                today={localToday()}
                readOnly={readOnly}
                onToggle={() => toggle.mutate(todo)}
                onEdit={() => setEditingId(todo.id)}
              />
            ))}
          </ul>
          <ShowMore
            hasMore={moreOpen}
            loading={open.isFetchingNextPage}
            onMore={() => open.fetchNextPage()}
            className="p-2 text-center"
          />
        </div>
      </ListStates>
      {editing ? (
        <EditTodoDialog
          todo={editing}
          people={people.data ?? []}
          singular={singular}
          onClose={() => setEditingId(null)}
          onReload={reload}
        />
      ) : null}
    </section>
  );
}
