import { uuidSchema, type TodoSort } from '@keel/contract';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { tenantDb } from '../../db/scope.js';
import { findActiveTeams } from '../teams/index.js';
import { cursorDateSchema, preciseTimestamp, preciseTimestampSchema } from '../../http/pagination.js';
import { personName, personView } from '../people/index.js';
import { todos } from './todos.table.js';

export type TodoInsert = Omit<typeof todos.$inferInsert, 'organizationId' | 'id'>;
export type TodoChanges = Partial<
  Pick<
    typeof todos.$inferInsert,
    'title' | 'details' | 'ownerId' | 'teamId' | 'isPrivate' | 'dueDate' | 'status' | 'doneAt'
  >
>;

/** Others' private to-dos do not exist for a viewer: every read goes through this. */
export const visibleTo = (viewerId: string) => or(eq(todos.isPrivate, false), eq(todos.ownerId, viewerId));

/** The owner, joined on `todos.owner_id` (the people module's view of users). */
export const todoOwner = personView('owner');
const owner = todoOwner;
const ownerName = personName(owner);

/** A to-do's columns with its owner's name, for a query that joins `owner` on the owner. */
export const todoColumns = {
  id: todos.id,
  title: todos.title,
  details: todos.details,
  ownerId: todos.ownerId,
  ownerName,
  teamId: todos.teamId,
  isPrivate: todos.isPrivate,
  dueDate: todos.dueDate,
  status: todos.status,
  doneAt: todos.doneAt,
  sourceKind: todos.sourceKind,
  sourceId: todos.sourceId,
  groupId: todos.groupId,
  createdById: todos.createdById,
  createdAt: todos.createdAt,
  updatedAt: todos.updatedAt,
  version: todos.version,
};

/**
 * Each sort is a key plus the id as tie-breaker, so keyset paging is exact. Text keys are cut to
 * 24 characters so a cursor always fits the 200-character limit (ties fall back to the id).
 */
const SORTS: Record<TodoSort, { key: SQL; cast: string; descending: boolean }> = {
  due: { key: sql`${todos.dueDate}::text`, cast: 'date', descending: false },
  created: { key: preciseTimestamp(todos.createdAt), cast: 'timestamptz', descending: true },
  title: { key: sql`lower(left(${todos.title}, 24))`, cast: 'text', descending: false },
  owner: { key: sql`lower(left(${ownerName}, 24))`, cast: 'text', descending: false },
};
const sortExpression = (sort: TodoSort): SQL => {
  const { key, cast } = SORTS[sort];
  return sort === 'due'
    ? sql`${todos.dueDate}`
    : sort === 'created'
      ? sql`${todos.createdAt}`
      : sql`(${key})::${sql.raw(cast)}`;
};

/** A cursor's sort key as the sort's cast reads it: a day, an instant or (cut) text. */
const POSITION_KEYS: Record<TodoSort, z.ZodType<string>> = {
  due: cursorDateSchema,
  created: preciseTimestampSchema,
  title: z.string().max(100),
  owner: z.string().max(100),
};
export const todoCursorShape = (sort: TodoSort) => z.tuple([POSITION_KEYS[sort], uuidSchema]);
export type TodoPosition = [string, string];

export interface TodoListOptions {
  viewerId: string;
  teamId: string;
  status: 'open' | 'done' | 'all';
  ownerId: string | undefined;
  sort: TodoSort;
  limit: number;
  after: TodoPosition | undefined;
}

/** One query whatever the page length: the owner's name comes by join. */
export async function listTodoPage(organizationId: string, options: TodoListOptions) {
  const { sort, after } = options;
  const { key, cast, descending } = SORTS[sort];
  const expression = sortExpression(sort);
  const afterCondition = after
    ? descending
      ? sql`(${expression}, ${todos.id}) < (${after[0]}::${sql.raw(cast)}, ${after[1]}::uuid)`
      : sql`(${expression}, ${todos.id}) > (${after[0]}::${sql.raw(cast)}, ${after[1]}::uuid)`
    : undefined;
  return tenantDb(organizationId)
    .select({ ...todoColumns, position: sql<string>`${key}` })
    .from(todos)
    .innerJoin(owner, eq(owner.id, todos.ownerId))
    .where(
      and(
        eq(todos.organizationId, organizationId),
        eq(todos.teamId, options.teamId),
        isNull(todos.deletedAt),
        visibleTo(options.viewerId),
        options.status === 'all' ? undefined : eq(todos.status, options.status),
        options.ownerId ? eq(todos.ownerId, options.ownerId) : undefined,
        afterCondition,
      ),
    )
    .orderBy(...(descending ? [sql`${expression} desc`, sql`${todos.id} desc`] : [asc(expression), asc(todos.id)]))
    .limit(options.limit + 1);
}

/**
 * Visible to-dos among `ids`; deleted ones only when asked (undoing a delete). `anyOwner` reads back
 * rows the caller has just written, which may be someone else's private to-do they created.
 */
export async function findTodos(
  organizationId: string,
  viewerId: string,
  ids: readonly string[],
  options: { deleted?: boolean; anyOwner?: boolean } = {},
) {
  if (ids.length === 0) return [];
  return tenantDb(organizationId)
    .select(todoColumns)
    .from(todos)
    .innerJoin(owner, eq(owner.id, todos.ownerId))
    .where(
      and(
        eq(todos.organizationId, organizationId),
        inArray(todos.id, [...ids]),
        options.deleted ? isNotNull(todos.deletedAt) : isNull(todos.deletedAt),
        options.anyOwner ? undefined : visibleTo(viewerId),
      ),
    );
}

export type TodoRow = Awaited<ReturnType<typeof findTodos>>[number];

export async function insertTodos(organizationId: string, rows: TodoInsert[]): Promise<string[]> {
  const inserted = await tenantDb(organizationId)
    .insert(todos)
    .values(rows.map((row) => ({ organizationId, ...row })))
    .returning({ id: todos.id });
  return inserted.map((row) => row.id);
}

/** Applies `changes` only if the row is still at `version`; bumps the version. Empty when stale or absent. */
export async function updateTodoAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: TodoChanges & { deletedAt?: Date | null },
): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .update(todos)
    .set({ ...changes, version: sql`${todos.version} + 1` })
    .where(
      and(
        eq(todos.organizationId, organizationId),
        eq(todos.id, id),
        eq(todos.version, version),
        isNull(todos.deletedAt),
      ),
    )
    .returning({ id: todos.id });
  return rows.map((row) => row.id);
}

/** A set-based change to many rows in one statement; returns the ids it changed with their (new) team. */
/** Which of the named to-dos an update may touch: the rest are left as they are (and not returned). */
export type TodoUpdateGuard = { deleted: boolean } | { status: 'open' | 'done' } | { notInTeam: string };

const guardCondition = (only: TodoUpdateGuard): SQL =>
  'deleted' in only
    ? only.deleted
      ? isNotNull(todos.deletedAt)
      : isNull(todos.deletedAt)
    : 'status' in only
      ? eq(todos.status, only.status)
      : ne(todos.teamId, only.notInTeam);

export async function updateTodos(
  organizationId: string,
  ids: readonly string[],
  changes: TodoChanges & { deletedAt?: Date | null },
  only: TodoUpdateGuard,
): Promise<{ id: string; teamId: string }[]> {
  if (ids.length === 0) return [];
  return tenantDb(organizationId)
    .update(todos)
    .set({ ...changes, version: sql`${todos.version} + 1` })
    .where(and(eq(todos.organizationId, organizationId), inArray(todos.id, [...ids]), guardCondition(only)))
    .returning({ id: todos.id, teamId: todos.teamId });
}

/** Due in [weekStart, weekEnd], grouped by owner: one query for the whole team. */
export async function completionByOwner(
  organizationId: string,
  options: { viewerId: string; teamId: string; weekStart: string; weekEnd: string },
) {
  return tenantDb(organizationId)
    .select({
      ownerId: todos.ownerId,
      ownerName: sql<string>`min(${ownerName})`,
      due: sql<number>`count(*)::int`,
      doneOnTime: sql<number>`(count(*) filter (where ${todos.status} = 'done' and (${todos.doneAt} at time zone 'UTC')::date <= ${todos.dueDate}))::int`,
    })
    .from(todos)
    .innerJoin(owner, eq(owner.id, todos.ownerId))
    .where(
      and(
        eq(todos.organizationId, organizationId),
        eq(todos.teamId, options.teamId),
        isNull(todos.deletedAt),
        visibleTo(options.viewerId),
        sql`${todos.dueDate} between ${options.weekStart}::date and ${options.weekEnd}::date`,
      ),
    )
    .groupBy(todos.ownerId)
    .orderBy(sql`min(${ownerName})`);
}

// Owners may be active members or invited people not yet joined (never deactivated ones).
export { listAssignablePeople } from '../people/index.js';
export { findAssignableMemberIds as assignableMemberIds } from '../people/index.js';

/** Which of `teamIds` are live teams of this organization (another organization's read as absent). */
export async function existingTeamIds(organizationId: string, teamIds: readonly string[]): Promise<Set<string>> {
  return new Set((await findActiveTeams(organizationId, teamIds)).map((team) => team.id));
}

/** The titles of the given to-dos of the organization, by id (absent: no such to-do, or deleted): for links elsewhere. */
export async function todoTitles(organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tenantDb(organizationId)
    .select({ id: todos.id, title: todos.title })
    .from(todos)
    .where(and(eq(todos.organizationId, organizationId), inArray(todos.id, [...ids]), isNull(todos.deletedAt)));
  return new Map(rows.map((row) => [row.id, row.title]));
}
