import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  type BulkTodoRequest,
  bulkTodoResultSchema,
  type BulkTodoUndoRequest,
  bulkTodoUndoResultSchema,
  type CreateTodoRequest,
  SELECTED_TODO_EXPIRES_IN,
  SELECTED_TODO_IDS_KEY,
  SELECTED_TODO_SAVE_DEBOUNCE_MS,
  type Todo,
  todoCompletionRateSchema,
  todoListSchema,
  type TodoPage,
  todoPageSchema,
  todoSchema,
  type TodoSort,
  uiStateEntrySchema,
  type UpdateTodoRequest,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import {
  organizationKey,
  requireOrganization,
  useOrganizationInfiniteQuery,
  useOrganizationQuery,
} from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';

export type TodoStatusFilter = 'open' | 'done' | 'all';
export interface TodoFilters {
  status: TodoStatusFilter;
  ownerId: string | null;
  sort: TodoSort;
}

/** Queries are keyed ['organizations', id, 'todo', …] (useOrganizationQuery), the prefix the realtime client invalidates. */
const LIST_PAGE_SIZE = 200;

const todosPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/todos${rest}`;

export function useTodoList(teamId: string | null, filters: TodoFilters) {
  return useOrganizationInfiniteQuery(
    'todo',
    ['list', teamId ?? 'none', filters],
    (organizationId, { pageParam }) => {
      const query = new URLSearchParams({
        teamId: teamId ?? '',
        status: filters.status,
        sort: filters.sort,
        limit: String(LIST_PAGE_SIZE),
      });
      if (filters.ownerId) query.set('ownerId', filters.ownerId);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(todosPath(organizationId, `?${query.toString()}`), { schema: todoPageSchema });
    },
    {
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.page.nextCursor,
      enabled: teamId !== null,
    },
  );
}

export const useCompletionRate = (teamId: string | null, weekStart: string) =>
  useOrganizationQuery(
    'todo',
    ['completion', teamId ?? 'none', weekStart],
    (organizationId) =>
      apiRequest(
        todosPath(
          organizationId,
          `/completion-rate?${new URLSearchParams({ teamId: teamId ?? '', weekStart }).toString()}`,
        ),
        { schema: todoCompletionRateSchema },
      ),
    { enabled: teamId !== null },
  );

export const useCreateTodos = () =>
  useOrganizationMutation(['todo'], (organizationId, request: CreateTodoRequest) =>
    apiRequest(todosPath(organizationId), { schema: todoListSchema.shape.data, method: 'POST', body: request }),
  );

export const useUpdateTodo = () =>
  useOrganizationMutation(['todo'], (organizationId, { id, ...body }: UpdateTodoRequest & { id: string }) =>
    apiRequest(todosPath(organizationId, `/${id}`), { schema: todoSchema, method: 'PATCH', body }),
  );

export const useBulkTodos = () =>
  useOrganizationMutation(['todo'], (organizationId, request: BulkTodoRequest) =>
    apiRequest(todosPath(organizationId, '/bulk'), { schema: bulkTodoResultSchema, method: 'POST', body: request }),
  );

export const useUndoBulkTodos = () =>
  useOrganizationMutation(['todo'], (organizationId, request: BulkTodoUndoRequest) =>
    apiRequest(todosPath(organizationId, '/bulk/undo'), {
      schema: bulkTodoUndoResultSchema,
      method: 'POST',
      body: request,
    }),
  );

type ListData = InfiniteData<TodoPage, string | null>;

/** Done/undo shows at once; a refusal puts the row back (and a 409 is left for the page to explain). */
export function useToggleTodo(teamId: string) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (todo: Todo) =>
      apiRequest(
        todosPath(requireOrganization(organizationId), `/${todo.id}/${todo.status === 'done' ? 'reopen' : 'complete'}`),
        { schema: todoSchema, method: 'POST', body: { version: todo.version } },
      ),
    onMutate: async (todo: Todo) => {
      const key = organizationKey(organizationId, 'todo', 'list', teamId);
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'todo') }),
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
    queryFn: () => apiRequest(path, { schema: uiStateEntrySchema.nullable() }),
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
      // The answer is not needed: the selection shown is already the one saved.
      apiRequest(path, {
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
