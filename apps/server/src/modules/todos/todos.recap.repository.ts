import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { todos } from './todos.table.js';

const owner = personView('recap_owner');

/** A meeting's recap: the team's shared to-dos created while it ran (at most 200, oldest first). */
export async function todosCreatedBetween(organizationId: string, teamId: string, from: Date, to: Date) {
  return tenantDb(organizationId)
    .select({ id: todos.id, title: todos.title, ownerName: personName(owner), dueDate: todos.dueDate })
    .from(todos)
    .innerJoin(owner, eq(owner.id, todos.ownerId))
    .where(
      and(
        eq(todos.organizationId, organizationId),
        eq(todos.teamId, teamId),
        eq(todos.isPrivate, false),
        isNull(todos.deletedAt),
        gte(todos.createdAt, from),
        lte(todos.createdAt, to),
      ),
    )
    .orderBy(asc(todos.createdAt), asc(todos.id))
    .limit(200);
}
