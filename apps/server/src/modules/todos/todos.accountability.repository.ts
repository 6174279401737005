import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { todos } from './todos.table.js';

const team = teamView('team');

/**
 * The accountability view's to-dos (GET …/accountability): for a page of people, each one's open to-dos, earliest
 * due first, at most `perPerson` each, in one statement (uses todos_owner_status_due_idx). `total` counts all of a
 * person's open ones before the cut. A private to-do counts only for a reader who owns it: to anyone else it does
 * not exist. To-dos of archived teams are hidden.
 */
export function openTodosOfPeople(
  organizationId: string,
  viewerId: string,
  ownerIds: readonly string[],
  perPerson: number,
) {
  const ranked = tenantDb(organizationId)
    .select({
      ownerId: todos.ownerId,
      id: todos.id,
      title: todos.title,
      dueDate: todos.dueDate,
      rank: sql<number>`row_number() over (partition by ${todos.ownerId}
        order by ${todos.dueDate}, ${todos.createdAt}, ${todos.id})`.as('rank'),
      total: sql<number>`(count(*) over (partition by ${todos.ownerId}))::int`.as('total'),
    })
    .from(todos)
    .innerJoin(team, and(eq(team.id, todos.teamId), isNull(team.archivedAt)))
    .where(
      and(
        eq(todos.organizationId, organizationId),
        inArray(todos.ownerId, [...ownerIds]),
        eq(todos.status, 'open'),
        isNull(todos.deletedAt),
        or(eq(todos.isPrivate, false), eq(todos.ownerId, viewerId)),
      ),
    )
    .as('ranked');
  return tenantDb(organizationId)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perPerson))
    .orderBy(asc(ranked.ownerId), asc(ranked.rank));
}

export type AccountabilityTodoRow = Awaited<ReturnType<typeof openTodosOfPeople>>[number];
