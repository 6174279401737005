import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { todoColumns, todoOwner, visibleTo } from './todos.repository.js';
import { todos } from './todos.table.js';

const team = teamView('team');

/**
 * The dashboard's to-do section: the person's open to-dos, private ones included (they are theirs; nobody else's can
 * match the owner filter). Earliest due first, which puts the overdue ones on top (uses todos_owner_status_due_idx).
 * One statement; `total` and `overdue` count every match before LIMIT. To-dos of archived teams are hidden.
 */
export function openTodosOfPerson(organizationId: string, userId: string, today: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      ...todoColumns,
      teamName: team.name,
      total: sql<number>`(count(*) over ())::int`,
      overdue: sql<number>`(count(*) filter (where ${todos.dueDate} < ${today}::date) over ())::int`,
    })
    .from(todos)
    .innerJoin(team, and(eq(team.id, todos.teamId), isNull(team.archivedAt)))
    .innerJoin(todoOwner, eq(todoOwner.id, todos.ownerId))
    .where(
      and(
        eq(todos.organizationId, organizationId),
        eq(todos.ownerId, userId),
        eq(todos.status, 'open'),
        isNull(todos.deletedAt),
      ),
    )
    .orderBy(asc(todos.dueDate), asc(todos.createdAt), asc(todos.id))
    .limit(limit);
}

export type DashboardTodoRow = Awaited<ReturnType<typeof openTodosOfPerson>>[number];

/**
 * The department overview's figures: a team's open to-dos as the viewer sees them (others' private ones left out),
 * and how many are overdue on `today`. One statement (uses todos_team_status_due_idx).
 */
export async function teamOpenTodoCounts(organizationId: string, teamId: string, viewerId: string, today: string) {
  const [row] = await tenantDb(organizationId)
    .select({
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${todos.dueDate} < ${today}::date))::int`,
    })
    .from(todos)
    .where(
      and(
        eq(todos.organizationId, organizationId),
        eq(todos.teamId, teamId),
        eq(todos.status, 'open'),
        isNull(todos.deletedAt),
        visibleTo(viewerId),
      ),
    );
  return row ?? { open: 0, overdue: 0 };
}
