import { randomUUID } from 'node:crypto';
import {
  PEOPLE_LIST_MAX,
  TODO_DEFAULT_DUE_DAYS,
  addDays,
  todoCompletionRateOf,
  toIsoDate,
  type BulkTodoRequest,
  type BulkTodoResult,
  type BulkTodoUndoRequest,
  type BulkTodoUndoResult,
  type CreateTodoRequest,
  type ListTodosQuery,
  type OrganizationPerson,
  type Todo,
  type TodoCompletionRate,
  type TodoCompletionRateQuery,
  type TodoPage,
  type UpdateTodoRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import { publishByTeam, type ChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asReader as readAs,
  asWriter as writeAs,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import * as errors from './todos.errors.js';
import * as repository from './todos.repository.js';

export interface TodosServiceDeps {
  db: Database;
  changes: ChangeBus;
}

export const toTodo = (row: repository.TodoRow): Todo => ({
  id: row.id,
  title: row.title,
  details: row.details,
  ownerId: row.ownerId,
  owner: { id: row.ownerId, name: row.ownerName },
  teamId: row.teamId,
  isPrivate: row.isPrivate,
  dueDate: row.dueDate,
  status: row.status,
  doneAt: row.doneAt?.toISOString() ?? null,
  source: row.sourceKind && row.sourceId ? { kind: row.sourceKind, id: row.sourceId } : null,
  groupId: row.groupId,
  createdById: row.createdById,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

type Moved = { id: string; teamId: string };

export function createTodosService(deps: TodosServiceDeps) {
  const { db, changes } = deps;

  const asWriter = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => writeAs(db, caller, work);
  const asReader = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => readAs(db, caller, work);

  /** After the commit: one notice per team whose pages show the changed rows. */
  const publish = (caller: Caller, action: ChangeEvent['action'], rows: readonly Moved[]) =>
    publishByTeam(
      changes,
      { organizationId: caller.organizationId, entity: 'todo', action, actorUserId: caller.userId },
      rows,
    );

  const requireTeams = async (organizationId: string, teamIds: readonly string[]) => {
    const unique = [...new Set(teamIds)];
    const found = await repository.existingTeamIds(organizationId, unique);
    if (found.size < unique.length) throw errors.teamNotFound();
  };

  /** Every id must be a visible to-do: an id of another organization (or someone's private one) is a 404. */
  const requireTodos = async (organizationId: string, viewerId: string, ids: readonly string[], deleted = false) => {
    const unique = [...new Set(ids)];
    const rows = await repository.findTodos(organizationId, viewerId, unique, { deleted });
    if (rows.length < unique.length) throw errors.todoNotFound();
    return rows;
  };

  const requireTodo = async (organizationId: string, viewerId: string, id: string) => {
    const [row] = await requireTodos(organizationId, viewerId, [id]);
    if (!row) throw errors.todoNotFound();
    return row;
  };

  /** A versioned single-row change; stale when someone else saved first. */
  const changeOne = async (
    member: MemberScope,
    id: string,
    version: number,
    change: repository.TodoChanges & { deletedAt?: Date | null },
  ) => {
    const before = await requireTodo(member.organizationId, member.userId, id);
    const updated = await repository.updateTodoAtVersion(member.organizationId, id, version, change);
    if (updated.length === 0) throw errors.staleTodo();
    return before;
  };

  const audit = (
    member: MemberScope,
    action: string,
    meta: RequestMeta,
    targetId: string | undefined,
    summary: Record<string, unknown>,
  ) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'todo',
      ...(targetId ? { targetId } : {}),
      summary,
      ...meta,
    });

  async function setStatus(caller: Caller, id: string, version: number, status: 'open' | 'done', meta: RequestMeta) {
    const todo = await asWriter(caller, async (member) => {
      await changeOne(member, id, version, { status, doneAt: status === 'done' ? new Date() : null });
      await audit(member, status === 'done' ? 'todo.completed' : 'todo.reopened', meta, id, {});
      const [row] = await repository.findTodos(member.organizationId, member.userId, [id], { anyOwner: true });
      if (!row) throw errors.todoNotFound();
      return toTodo(row);
    });
    publish(caller, 'updated', [todo]);
    return todo;
  }

  return {
    people: (caller: Caller): Promise<OrganizationPerson[]> =>
      asReader(caller, ({ organizationId }) => repository.listAssignablePeople(organizationId, PEOPLE_LIST_MAX)),

    list: (caller: Caller, query: ListTodosQuery): Promise<TodoPage> => {
      const after = decodeCursor(query.cursor, repository.todoCursorShape(query.sort));
      return asReader(caller, async ({ organizationId, userId }) => {
        await requireTeams(organizationId, [query.teamId]);
        const rows = await repository.listTodoPage(organizationId, {
          viewerId: userId,
          teamId: query.teamId,
          status: query.status,
          ownerId: query.ownerId,
          sort: query.sort,
          limit: query.limit,
          after,
        });
        return pageFrom(rows, query.limit, toTodo, (row) => [row.position, row.id]);
      });
    },

    get: (caller: Caller, id: string): Promise<Todo> =>
      asReader(caller, async ({ organizationId, userId }) => toTodo(await requireTodo(organizationId, userId, id))),

    create: async (caller: Caller, request: CreateTodoRequest, meta: RequestMeta): Promise<Todo[]> => {
      const ownerIds = [...new Set(request.ownerIds)];
      const created = await asWriter(caller, async (member) => {
        const { organizationId, userId } = member;
        await requireTeams(organizationId, [request.teamId]);
        const active = await repository.assignableMemberIds(organizationId, ownerIds);
        const bad = request.ownerIds.flatMap((id, index) => (active.has(id) ? [] : [{ index, id }]));
        if (bad.length > 0) throw errors.invalidOwners(bad);
        const groupId = ownerIds.length > 1 ? randomUUID() : null;
        const dueDate = request.dueDate ?? addDays(toIsoDate(new Date()), TODO_DEFAULT_DUE_DAYS);
        const ids = await repository.insertTodos(
          organizationId,
          ownerIds.map((ownerId) => ({
            teamId: request.teamId,
            ownerId,
            title: request.title,
            details: request.details ?? '',
            isPrivate: request.isPrivate ?? false,
            dueDate,
            sourceKind: request.source?.kind ?? null,
            sourceId: request.source?.id ?? null,
            groupId,
            createdById: userId,
          })),
        );
        await audit(member, 'todo.created', meta, ids.length === 1 ? ids[0] : undefined, {
          ids,
          teamId: request.teamId,
          groupId,
        });
        // The creator reads back what they made, private ones of other owners included.
        const rows = await repository.findTodos(organizationId, userId, ids, { anyOwner: true });
        return rows.map(toTodo);
      });
      publish(caller, 'created', created);
      return created;
    },

    update: async (caller: Caller, id: string, request: UpdateTodoRequest, meta: RequestMeta): Promise<Todo> => {
      const { version, ...fields } = request;
      const result = await asWriter(caller, async (member) => {
        const { organizationId, userId } = member;
        if (fields.teamId) await requireTeams(organizationId, [fields.teamId]);
        if (fields.ownerId) {
          const active = await repository.assignableMemberIds(organizationId, [fields.ownerId]);
          if (!active.has(fields.ownerId)) throw errors.invalidOwner(fields.ownerId);
        }
        const before = await changeOne(member, id, version, fields);
        await audit(member, 'todo.updated', meta, id, { fields: Object.keys(fields) });
        // Read back whatever it became (even private to another owner now): the save did happen.
        const [row] = await repository.findTodos(organizationId, userId, [id], { anyOwner: true });
        if (!row) throw errors.todoNotFound();
        return { before, todo: toTodo(row) };
      });
      publish(caller, 'updated', [{ id, teamId: result.before.teamId }, result.todo]);
      return result.todo;
    },

    complete: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      setStatus(caller, id, version, 'done', meta),
    reopen: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      setStatus(caller, id, version, 'open', meta),

    remove: async (caller: Caller, id: string, meta: RequestMeta): Promise<{ success: true }> => {
      const row = await asWriter(caller, async (member) => {
        const [found] = await requireTodos(member.organizationId, member.userId, [id]);
        if (!found) throw errors.todoNotFound();
        await repository.updateTodos(member.organizationId, [id], { deletedAt: new Date() }, { deleted: false });
        await audit(member, 'todo.deleted', meta, id, {});
        return found;
      });
      publish(caller, 'deleted', [row]);
      return { success: true };
    },

    bulk: async (caller: Caller, request: BulkTodoRequest, meta: RequestMeta): Promise<BulkTodoResult> => {
      const ids = [...new Set(request.ids)];
      const { result, moved } = await asWriter(caller, async (member) => {
        const { organizationId, userId } = member;
        const before = await requireTodos(organizationId, userId, ids);
        let result: BulkTodoResult;
        let moved: Moved[];
        if (request.action === 'move') {
          await requireTeams(organizationId, [request.teamId]);
          moved = await repository.updateTodos(
            organizationId,
            ids,
            { teamId: request.teamId },
            { notInTeam: request.teamId },
          );
          const changed = new Set(moved.map((row) => row.id));
          const formerTeams = before
            .filter((row) => changed.has(row.id))
            .map((row) => ({ id: row.id, teamId: row.teamId }));
          result = { changedIds: [...changed], undo: { action: 'move', moves: formerTeams } };
          moved = [...moved, ...formerTeams];
        } else {
          const now = new Date();
          moved =
            request.action === 'complete'
              ? await repository.updateTodos(organizationId, ids, { status: 'done', doneAt: now }, { status: 'open' })
              : request.action === 'reopen'
                ? await repository.updateTodos(
                    organizationId,
                    ids,
                    { status: 'open', doneAt: null },
                    { status: 'done' },
                  )
                : await repository.updateTodos(organizationId, ids, { deletedAt: now }, { deleted: false });
          const changedIds = moved.map((row) => row.id);
          result = { changedIds, undo: { action: request.action, ids: changedIds } };
        }
        await audit(member, `todo.bulk_${request.action}`, meta, undefined, {
          ids: result.changedIds,
          ...(request.action === 'move' ? { teamId: request.teamId } : {}),
        });
        return { result, moved };
      });
      publish(caller, request.action === 'delete' ? 'deleted' : 'updated', moved);
      return result;
    },

    undo: async (caller: Caller, request: BulkTodoUndoRequest, meta: RequestMeta): Promise<BulkTodoUndoResult> => {
      const moved = await asWriter(caller, async (member) => {
        const { organizationId, userId } = member;
        let moved: Moved[] = [];
        if (request.action === 'move') {
          const before = await requireTodos(
            organizationId,
            userId,
            request.moves.map((move) => move.id),
          );
          await requireTeams(
            organizationId,
            request.moves.map((move) => move.teamId),
          );
          const byTeam = new Map<string, string[]>();
          for (const move of request.moves) byTeam.set(move.teamId, [...(byTeam.get(move.teamId) ?? []), move.id]);
          // One statement per former team: a bulk move usually came from one team.
          for (const [teamId, ids] of byTeam) {
            moved.push(...(await repository.updateTodos(organizationId, ids, { teamId }, { notInTeam: teamId })));
          }
          moved.push(...before.map((row) => ({ id: row.id, teamId: row.teamId })));
        } else {
          const deleted = request.action === 'delete';
          await requireTodos(organizationId, userId, request.ids, deleted);
          moved =
            request.action === 'complete'
              ? await repository.updateTodos(
                  organizationId,
                  request.ids,
                  { status: 'open', doneAt: null },
                  { status: 'done' },
                )
              : request.action === 'reopen'
                ? await repository.updateTodos(
                    organizationId,
                    request.ids,
                    { status: 'done', doneAt: new Date() },
                    { status: 'open' },
                  )
                : await repository.updateTodos(organizationId, request.ids, { deletedAt: null }, { deleted: true });
        }
        await audit(member, 'todo.bulk_undo', meta, undefined, {
          undid: request.action,
          ids: [...new Set(moved.map((row) => row.id))],
        });
        return moved;
      });
      publish(caller, request.action === 'delete' ? 'created' : 'updated', moved);
      return { changedIds: [...new Set(moved.map((row) => row.id))] };
    },

    completionRate: (caller: Caller, query: TodoCompletionRateQuery): Promise<TodoCompletionRate> =>
      asReader(caller, async ({ organizationId, userId }) => {
        await requireTeams(organizationId, [query.teamId]);
        const weekEnd = addDays(query.weekStart, 6);
        const rows = await repository.completionByOwner(organizationId, {
          viewerId: userId,
          teamId: query.teamId,
          weekStart: query.weekStart,
          weekEnd,
        });
        const due = rows.reduce((sum, row) => sum + row.due, 0);
        const doneOnTime = rows.reduce((sum, row) => sum + row.doneOnTime, 0);
        return {
          weekStart: query.weekStart,
          weekEnd,
          team: { due, doneOnTime, rate: todoCompletionRateOf(due, doneOnTime) },
          people: rows.map((row) => ({
            owner: { id: row.ownerId, name: row.ownerName },
            due: row.due,
            doneOnTime: row.doneOnTime,
            rate: todoCompletionRateOf(row.due, row.doneOnTime),
          })),
        };
      }),
  };
}

export type TodosService = ReturnType<typeof createTodosService>;
