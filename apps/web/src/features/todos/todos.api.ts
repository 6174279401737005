import { useEffect, useRef, useState } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  SELECTED_TODO_EXPIRES_IN,
  SELECTED_TODO_IDS_KEY,
  SELECTED_TODO_SAVE_DEBOUNCE_MS,
  type BulkTodoRequest,
  type BulkTodoResult,
  type BulkTodoUndoRequest,
  type BulkTodoUndoResult,
  type CreateTodoRequest,
  type OrganizationPerson,
  type Todo,
  type TodoCompletionRate,
  type TodoPage,
  type TodoSort,
  type UiStateEntry,
  type UpdateTodoRequest,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationId } from '../../lib/session-store';

export type TodoStatusFilter = 'open' | 'done' | 'all';
export interface TodoFilters {
  status: TodoStatusFilter;
  ownerId: string | null;
  sort: TodoSort;
}

/** Every key starts with ['organizations', id, 'todo'], the prefix the realtime client invalidates. */
export const todoKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'todo'] as const,
  lists: (organizationId: string, teamId: string) => ['organizations', organizationId, 'todo', 'list', teamId] as const,
  list: (organizationId: string, teamId: string, filters: TodoFilters) =>
    ['organizations', organizationId, 'todo', 'list', teamId, filters] as const,
  completion: (organizationId: string, teamId: string, weekStart: string) =>
    ['organizations', organizationId, 'todo', 'completion', teamId, weekStart] as const,
  people: (organizationId: string) => ['organizations', organizationId, 'people'] as const,
};

const LIST_PAGE_SIZE = 200;

const todosPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/todos${rest}`;

export function useTodoList(teamId: string | null, filters: TodoFilters) {
  const organizationId = useOrganizationId() ?? 'none';
  return useInfiniteQuery({
    queryKey: todoKeys.list(organizationId, teamId ?? 'none', filters),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({
        teamId: teamId ?? '',
        status: filters.status,
        sort: filters.sort,
        limit: String(LIST_PAGE_SIZE),
      });
      if (filters.ownerId) query.set('ownerId', filters.ownerId);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole<TodoPage>(todosPath(organizationId, `?${query.toString()}`));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.page.nextCursor,
    enabled: organizationId !== 'none' && teamId !== null,
  });
}

export function usePeople() {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: todoKeys.people(organizationId),
    queryFn: () => apiRequest<OrganizationPerson[]>(`/organizations/${encodeURIComponent(organizationId)}/people`),
    enabled: organizationId !== 'none',
    staleTime: 5 * 60_000,
  });
}

export function useCompletionRate(teamId: string | null, weekStart: string) {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: todoKeys.completion(organizationId, teamId ?? 'none', weekStart),
    queryFn: () =>
      apiRequest<TodoCompletionRate>(
        todosPath(
          organizationId,
          `/completion-rate?${new URLSearchParams({ teamId: teamId ?? '', weekStart }).toString()}`,
        ),
      ),
    enabled: organizationId !== 'none' && teamId !== null,
  });
}

const invalidateTodos = (queryClient: QueryClient, organizationId: string) =>
  queryClient.invalidateQueries({ queryKey: todoKeys.all(organizationId) });

export const useCreateTodos = () =>
  useOrganizationMutation(['todo'], (organizationId, request: CreateTodoRequest) =>
    apiRequest<Todo[]>(todosPath(organizationId), { method: 'POST', body: request }),
  );

export const useUpdateTodo = () =>
  useOrganizationMutation(['todo'], (organizationId, { id, ...body }: UpdateTodoRequest & { id: string }) =>
    apiRequest<Todo>(todosPath(organizationId, `/${id}`), { method: 'PATCH', body }),
  );

export const useBulkTodos = () =>
  useOrganizationMutation(['todo'], (organizationId, request: BulkTodoRequest) =>
    apiRequest<BulkTodoResult>(todosPath(organizationId, '/bulk'), { method: 'POST', body: request }),
  );

export const useUndoBulkTodos = () =>
  useOrganizationMutation(['todo'], (organizationId, request: BulkTodoUndoRequest) =>
    apiRequest<BulkTodoUndoResult>(todosPath(organizationId, '/bulk/undo'), { method: 'POST', body: request }),
  );

type ListData = InfiniteData<TodoPage, string | null>;

/** Done/undo shows at once; a refusal puts the row back (and a 409 is left for the page to explain). */
export function useToggleTodo(teamId: string) {
  const organizationId = useOrganizationId() ?? 'none';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (todo: Todo) =>
      apiRequest<Todo>(todosPath(organizationId, `/${todo.id}/${todo.status === 'done' ? 'reopen' : 'complete'}`), {
        method: 'POST',
        body: { version: todo.version },
      }),
    onMutate: async (todo: Todo) => {
      const key = todoKeys.lists(organizationId, teamId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueriesData<ListData>({ queryKey: key });
      const status = todo.status === 'done' ? 'open' : 'done';
      queryClient.setQueriesData<ListData>({ queryKey: key }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((item) => (item.id === todo.id ? { ...item, status } : item)),
              })),
            }
          : data,
      );
      return { previous };
    },
    onError: (_error, _todo, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateTodos(queryClient, organizationId),
  });
}

export { isConflict } from '../../lib/api-client';

/**
 * The person's selected to-dos, restored from ui-state on load and saved 500 ms after the last
 * change with a one-day expiry (spec). Save failures are logged only (spec section 8).
 */
export function useSelectedTodoIds() {
  const organizationId = useOrganizationId();
  const [selected, setSelected] = useState<string[]>([]);
  const restored = useRef(false);
  const dirty = useRef(false);
  const path = `/user/ui-state/${SELECTED_TODO_IDS_KEY}`;

  const stored = useQuery({
    queryKey: ['ui-state', organizationId ?? 'none', SELECTED_TODO_IDS_KEY],
    queryFn: () => apiRequest<UiStateEntry | null>(path),
    enabled: organizationId !== null,
    staleTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    if (restored.current || (!stored.isSuccess && !stored.isError)) return;
    restored.current = true;
    const value = stored.data?.stateValue;
    if (!dirty.current && Array.isArray(value)) {
      setSelected(value.filter((id): id is string => typeof id === 'string'));
    }
  }, [stored.isSuccess, stored.isError, stored.data]);

  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(() => {
      apiRequest<UiStateEntry>(path, {
        method: 'PUT',
        body: { stateValue: selected, expiresIn: SELECTED_TODO_EXPIRES_IN },
      }).catch((error: unknown) => console.warn('[keel] could not save the selected to-dos', error));
    }, SELECTED_TODO_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [selected, path]);

  const update = (next: string[] | ((current: string[]) => string[])) => {
    dirty.current = true;
    setSelected(next);
  };
  return { selected, setSelected: update, restoring: stored.isPending && organizationId !== null };
}
