import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { todos } from './todos.table.js';

const team = teamView('team');

/**
 * A person's calendar feed: their own open to-dos due in [from, to) (dates, yyyy-mm-dd), private ones included
 * since they are theirs; nobody else's to-do can match the owner. To-dos of archived teams are left out.
 */
export function openTodosDueBetween(organizationId: string, userId: string, from: string, to: string, limit: number) {
  return tenantDb(organizationId)
    .select({ id: todos.id, title: todos.title, dueDate: todos.dueDate, teamId: todos.teamId, teamName: team.name })
    .from(todos)
    .innerJoin(team, and(eq(team.id, todos.teamId), isNull(team.archivedAt)))
    .where(
      and(
        eq(todos.organizationId, organizationId),
        eq(todos.ownerId, userId),
        eq(todos.status, 'open'),
        isNull(todos.deletedAt),
        gte(todos.dueDate, from),
        lt(todos.dueDate, to),
      ),
    )
    .orderBy(asc(todos.dueDate), asc(todos.id))
    .limit(limit);
}
