import { useState } from 'react';
import type { BulkTodoRequest, Department, Todo, TodoSort } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { useTeamListPage } from '../../../lib/team-list-page';
import { SaveProblem } from '../../../ui/ConflictBanner';
import { EmptyNote, LIST_CARD_CLASSES, ListPage, ListStates, ShowMore } from '../../../ui/ListPage';
import { undoToast } from '../../../ui/undo-toast';
import { useCurrentOrganization } from '../../organization/organization.api';
import { isAdmin } from '../../../lib/user';
import { ImportLink } from '../../imports/components/ImportLink';
import { useAssignablePeople } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import { localToday, weekStartOf } from '../todo-dates';
import {
  useBulkTodos,
  useSelectedTodoIds,
  useTodoList,
  useToggleTodo,
  useUndoBulkTodos,
  type TodoFilters,
} from '../todos.api';
import { BulkBar } from './BulkBar';
import { CompletionRatePanel } from './CompletionRatePanel';
import { CreateTodoForm } from './CreateTodoForm';
import { EditTodoDialog } from './EditTodoDialog';
import { TodoFiltersBar } from './TodoFiltersBar';
import { TodoRow } from './TodoRow';
import { countOf } from '../../../lib/words';

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
  const { user, readOnly, reload } = useTeamListPage(plural, teamName, 'todo');
  const [filters, setFilters] = useState<TodoFilters>({ status: 'all', ownerId: null, sort: 'due' as TodoSort });
  const list = useTodoList(teamId, filters);
  const people = useAssignablePeople();
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

  const runBulk = (request: BulkTodoRequest) => {
    bulk.mutate(request, {
      onSuccess: (result) => {
        if (request.action === 'delete' || request.action === 'move') {
          setSelected((current) => current.filter((id) => !result.changedIds.includes(id)));
        }
        const count = result.changedIds.length;
        undoToast(`${countOf(count, singular, plural)} ${BULK_DONE[request.action]}`, () =>
          undo.mutate(result.undo, {
            onSuccess: () => toast.success('Undone'),
            onError: (error) => toast.error(errorText(error, 'Could not undo. Please try again.')),
          }),
        );
      },
      onError: (error) => toast.error(errorText(error, `Could not change the ${plural}.`)),
    });
  };

  return (
    <ListPage
      titleId="todos-title"
      title={plural}
      subtitle={teamName}
      actions={isAdmin(user) ? <ImportLink to="/admin/import-todos" label={`Import ${plural}`} /> : null}
    >
      <SaveProblem
        error={toggle.error}
        singular={singular}
        fallback={`Could not update the ${singular}.`}
        onReload={() => {
          toggle.reset();
          void reload();
        }}
      />

      {readOnly || !user ? null : (
        <CreateTodoForm
          teamId={teamId}
          people={people.data ?? []}
          currentUserId={user.id}
          singular={singular}
          plural={plural}
        />
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

      <ListStates
        query={list}
        loadingLabel={`Loading ${plural}`}
        errorFallback={`The ${plural} could not be loaded.`}
        isEmpty={todos.length === 0}
        empty={
          <EmptyNote>
            {filters.status === 'all' && !filters.ownerId
              ? `No ${plural} yet.${readOnly ? '' : ' Add the first one above.'}`
              : `No ${plural} match these filters.`}
          </EmptyNote>
        }
      >
        <div className={LIST_CARD_CLASSES}>
          {readOnly ? null : (
            <label className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 text-sm pointer-coarse:min-h-11 dark:border-slate-700">
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
                selection={{
                  selected: selected.includes(todo.id),
                  onSelect: (checked) =>
                    setSelected((current) =>
                      checked ? [...current, todo.id] : current.filter((id) => id !== todo.id),
                    ),
                }}
                onToggle={() => toggle.mutate(todo)}
                onEdit={() => setEditingId(todo.id)}
              />
            ))}
          </ul>
          <ShowMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => list.fetchNextPage()}
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
    </ListPage>
  );
}
