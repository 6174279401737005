import { randomUUID } from 'node:crypto';
import { TODO_DEFAULT_DUE_DAYS, addDays, toIsoDate } from '@keel/contract';
import { badRequest } from '../../http/errors.js';
import * as repository from './todos.repository.js';

export interface IssueTodoDraft {
  title: string;
  ownerIds: string[];
  dueDate?: string | undefined;
}

/**
 * Creates the to-dos an issue's solution calls for, inside the caller's open transaction, so the issue
 * is solved only if every to-do lands. Same rules as a normal create: owners must be active members,
 * due in 7 days by default, one row per owner grouped together, linked back to the issue.
 */
export async function createTodosForIssue(
  organizationId: string,
  options: { issueId: string; teamId: string; createdById: string; todos: readonly IssueTodoDraft[] },
): Promise<{ id: string; teamId: string }[]> {
  if (options.todos.length === 0) return [];
  const allOwners = [...new Set(options.todos.flatMap((todo) => todo.ownerIds))];
  const active = await repository.assignableMemberIds(organizationId, allOwners);
  const bad = options.todos.flatMap((todo, row) =>
    todo.ownerIds.flatMap((id, index) => (active.has(id) ? [] : [{ path: `todos.${row}.ownerIds.${index}`, id }])),
  );
  if (bad.length > 0) {
    throw badRequest(
      'todo.invalid_owner',
      `Some to-do owners are not active members of this organization: ${bad.map((owner) => owner.id).join(', ')}`,
      bad.map((owner) => ({
        path: owner.path,
        message: `${owner.id} is neither an active nor an invited member of this organization`,
      })),
    );
  }
  const defaultDue = addDays(toIsoDate(new Date()), TODO_DEFAULT_DUE_DAYS);
  const ids = await repository.insertTodos(
    organizationId,
    options.todos.flatMap((todo) => {
      const ownerIds = [...new Set(todo.ownerIds)];
      const groupId = ownerIds.length > 1 ? randomUUID() : null;
      return ownerIds.map((ownerId) => ({
        teamId: options.teamId,
        ownerId,
        title: todo.title,
        dueDate: todo.dueDate ?? defaultDue,
        sourceKind: 'issue' as const,
        sourceId: options.issueId,
        groupId,
        createdById: options.createdById,
      }));
    }),
  );
  return ids.map((id) => ({ id, teamId: options.teamId }));
}
