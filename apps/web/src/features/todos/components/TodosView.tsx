import { useState } from 'react';
import type { BulkTodoRequest, Department, Todo, TodoSort } from '@keel/contract';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useOrganizationId, useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { useCurrentOrganization } from '../../organization/organization.api';
import { useTerminology } from '../../terminology/terminology.api';
import { localToday, weekStartOf } from '../todo-dates';
import {
  isConflict,
  todoKeys,
  useBulkTodos,
  usePeople,
  useSelectedTodoIds,
  useTodoList,
  useToggleTodo,
  useUndoBulkTodos,
  type TodoFilters,
} from '../todos.api';
import { BulkBar } from './BulkBar';
import { CompletionRatePanel } from './CompletionRatePanel';
import { ConflictBanner } from './ConflictBanner';
import { CreateTodoForm } from './CreateTodoForm';
import { EditTodoDialog } from './EditTodoDialog';
import { TodoFiltersBar } from './TodoFiltersBar';
import { TodoRow } from './TodoRow';

interface TodosViewProps {
  teamId: string;
  teamName: string;
  departments: Department[];
}

const BULK_DONE: Record<BulkTodoRequest['action'], string> = {
  complete: 'completed',
  reopen: 'reopened',
  move: 'moved',
  delete: 'deleted',
};

/** One team's to-dos: list, create, edit, done/undo, filters, selection and bulk actions, completion rate. */
export function TodosView({ teamId, teamName, departments }: TodosViewProps) {
  const terms = useTerminology();
  const plural = terms.todos_label;
  const singular = terms.todo_singular;
  usePageMeta({ title: plural, description: `${plural} of ${teamName}`, robots: 'noindex,nofollow' });
  const user = useSession((state) => state.user);
  const readOnly = user?.role === 'observer';
  const organizationId = useOrganizationId() ?? 'none';
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<TodoFilters>({ status: 'all', ownerId: null, sort: 'due' as TodoSort });
  const list = useTodoList(teamId, filters);
  const people = usePeople();
  const organization = useCurrentOrganization();
  const { selected, setSelected } = useSelectedTodoIds();
  const toggle = useToggleTodo(teamId);
  const bulk = useBulkTodos();
  const undo = useUndoBulkTodos();
  const [editingId, setEditingId] = useState<string | null>(null);
  const today = localToday();
  const weekStart = weekStartOf(today, organization.data?.week_start_day ?? 1);

  const todos: Todo[] = list.data?.pages.flatMap((page) => page.data) ?? [];
  const visibleSelected = todos.filter((todo) => selected.includes(todo.id)).map((todo) => todo.id);
  const editing = todos.find((todo) => todo.id === editingId);
  const reload = () => queryClient.invalidateQueries({ queryKey: todoKeys.all(organizationId) });

  const runBulk = (request: BulkTodoRequest) => {
    bulk.mutate(request, {
      onSuccess: (result) => {
        if (request.action === 'delete' || request.action === 'move') {
          setSelected((current) => current.filter((id) => !result.changedIds.includes(id)));
        }
        const count = result.changedIds.length;
        toast(
          (shown) => (
            <span className="flex items-center gap-3">
              {count} {(count === 1 ? singular : plural).toLowerCase()} {BULK_DONE[request.action]}
              <button
                type="button"
                className="rounded px-2 py-1 font-semibold text-blue-700 underline dark:text-blue-300"
                onClick={() => {
                  toast.dismiss(shown.id);
                  undo.mutate(result.undo, {
                    onSuccess: () => toast.success('Undone'),
                    onError: (error) => toast.error(errorText(error, 'Could not undo. Please try again.')),
                  });
                }}
              >
                Undo
              </button>
            </span>
          ),
          { duration: 10_000 },
        );
      },
      onError: (error) => toast.error(errorText(error, `Could not change the ${plural.toLowerCase()}.`)),
    });
  };

  return (
    <section aria-labelledby="todos-title" className="mx-auto grid max-w-5xl gap-4 py-6">
      <header>
        <h1 id="todos-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {plural}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{teamName}</p>
      </header>

      {toggle.error && isConflict(toggle.error) ? (
        <ConflictBanner
          singular={singular}
          onReload={() => {
            toggle.reset();
            void reload();
          }}
        />
      ) : toggle.error ? (
        <Banner tone="error">{errorText(toggle.error, `Could not update the ${singular.toLowerCase()}.`)}</Banner>
      ) : null}

      {readOnly || !user ? null : (
        <CreateTodoForm teamId={teamId} people={people.data ?? []} currentUserId={user.id} singular={singular} />
      )}

      <CompletionRatePanel teamId={teamId} weekStart={weekStart} plural={plural} />

      <TodoFiltersBar filters={filters} onChange={setFilters} people={people.data ?? []} />

      {!readOnly && visibleSelected.length > 0 ? (
        <BulkBar
          count={visibleSelected.length}
          plural={plural}
          departments={departments}
          currentTeamId={teamId}
          busy={bulk.isPending}
          onComplete={() => runBulk({ action: 'complete', ids: visibleSelected })}
          onDelete={() => runBulk({ action: 'delete', ids: visibleSelected })}
          onMove={(target) => runBulk({ action: 'move', ids: visibleSelected, teamId: target })}
          onClear={() => setSelected((current) => current.filter((id) => !visibleSelected.includes(id)))}
        />
      ) : null}

      {list.isPending ? (
        <Spinner className="size-6" label={`Loading ${plural.toLowerCase()}`} />
      ) : list.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {errorText(list.error, `The ${plural.toLowerCase()} could not be loaded.`)}
        </Banner>
      ) : todos.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {filters.status === 'all' && !filters.ownerId
            ? `No ${plural.toLowerCase()} yet.${readOnly ? '' : ' Add the first one above.'}`
            : `No ${plural.toLowerCase()} match these filters.`}
        </p>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          {readOnly ? null : (
            <label className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
              <input
                type="checkbox"
                checked={visibleSelected.length === todos.length}
                onChange={(event) =>
                  setSelected((current) =>
                    event.target.checked
                      ? [...new Set([...current, ...todos.map((todo) => todo.id)])]
                      : current.filter((id) => !todos.some((todo) => todo.id === id)),
                  )
                }
              />
              Select all
            </label>
          )}
          <ul aria-label={plural}>
            {todos.map((todo) => (
              <TodoRow
                key={todo.id}
                todo={todo}
                today={today}
                readOnly={readOnly}
                selected={selected.includes(todo.id)}
                onSelect={(checked) =>
                  setSelected((current) => (checked ? [...current, todo.id] : current.filter((id) => id !== todo.id)))
                }
                onToggle={() => toggle.mutate(todo)}
                onEdit={() => setEditingId(todo.id)}
              />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="p-2 text-center">
              <Button
                variant="secondary"
                size="sm"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Show more
              </Button>
            </div>
          ) : null}
        </div>
      )}

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
