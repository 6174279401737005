import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { tenantDb } from '../../db/scope.js';
import { users } from '../auth/index.js';
import { issues } from '../issues/index.js';
import { memberships } from '../organizations/index.js';
import { milestones, priorities } from '../priorities/index.js';
import { teams } from '../teams/index.js';
import { todos } from '../todos/index.js';
import type { Directory } from './import-rows.js';
import { personKey } from './import-values.js';

/**
 * Rows per INSERT: large enough that 10,000 rows take a handful of statements, small enough to stay
 * far below PostgreSQL's 65,535 bind parameters (about 15 columns a row).
 */
export const INSERT_CHUNK = 1000;

type Person = { userId: string; active: boolean } | 'ambiguous';

/** Two people of one name: the active one is meant; two active ones cannot be told apart by name. */
function sameName(existing: Person | undefined, entry: { userId: string; active: boolean }): Person {
  if (existing === undefined) return entry;
  if (existing === 'ambiguous') return entry.active ? 'ambiguous' : existing;
  if (existing.active !== entry.active) return existing.active ? existing : entry;
  return 'ambiguous';
}

/** Every member (active or not, to say which) and every live team: two queries whatever the file's size. */
export async function loadDirectory(organizationId: string, defaultTeamId: string): Promise<Directory | null> {
  const db = tenantDb(organizationId);
  const people = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: memberships.status,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId));
  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), isNull(teams.archivedAt)));
  if (!teamRows.some((team) => team.id === defaultTeamId)) return null;
  const directory: Directory = { people: new Map(), teams: new Map(), defaultTeamId };
  for (const person of people) {
    const entry = { userId: person.userId, active: person.status === 'active' };
    directory.people.set(personKey(person.email), entry);
    const name = personKey(`${person.firstName} ${person.lastName}`);
    directory.people.set(name, sameName(directory.people.get(name), entry));
  }
  for (const team of teamRows) {
    const key = team.name.trim().toLowerCase();
    if (!directory.teams.has(key)) directory.teams.set(key, team.id);
  }
  return directory;
}

/** Where each (team, horizon) open list ends, and which top-three ranks are held: one query. */
export async function issueListState(organizationId: string) {
  const rows = await tenantDb(organizationId)
    .select({
      teamId: issues.teamId,
      horizon: issues.horizon,
      maxPosition: sql<number>`coalesce(max(${issues.position}), 0)::int`,
      ranks: sql<
        number[]
      >`coalesce(array_agg(${issues.priorityRank}) filter (where ${issues.priorityRank} is not null), '{}')`,
    })
    .from(issues)
    .where(and(eq(issues.organizationId, organizationId), eq(issues.status, 'open')))
    .groupBy(issues.teamId, issues.horizon);
  return rows;
}

type Insert<T extends PgTable> = Omit<T['$inferInsert'], 'organizationId' | 'id'>;

/** Multi-row inserts in chunks; `onChunk` hears the running count so a client can show progress. */
async function inChunks<Row>(
  rows: Row[],
  insert: (chunk: Row[]) => Promise<{ id: string }[]>,
  onChunk: (inserted: number) => void,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const inserted = await insert(rows.slice(start, start + INSERT_CHUNK));
    ids.push(...inserted.map((row) => row.id));
    onChunk(ids.length);
  }
  return ids;
}

type OnChunk = (inserted: number) => void;

export const insertTodoRows = (organizationId: string, rows: Insert<typeof todos>[], onChunk: OnChunk) =>
  inChunks(
    rows,
    (chunk) =>
      tenantDb(organizationId)
        .insert(todos)
        .values(chunk.map((row) => ({ organizationId, ...row })))
        .returning({ id: todos.id }),
    onChunk,
  );

export const insertIssueRows = (organizationId: string, rows: Insert<typeof issues>[], onChunk: OnChunk) =>
  inChunks(
    rows,
    (chunk) =>
      tenantDb(organizationId)
        .insert(issues)
        .values(chunk.map((row) => ({ organizationId, ...row })))
        .returning({ id: issues.id }),
    onChunk,
  );

export const insertPriorityRows = (organizationId: string, rows: Insert<typeof priorities>[], onChunk: OnChunk) =>
  inChunks(
    rows,
    (chunk) =>
      tenantDb(organizationId)
        .insert(priorities)
        .values(chunk.map((row) => ({ organizationId, ...row })))
        .returning({ id: priorities.id }),
    onChunk,
  );

export const insertMilestoneRows = (organizationId: string, rows: Insert<typeof milestones>[], onChunk: OnChunk) =>
  inChunks(
    rows,
    (chunk) =>
      tenantDb(organizationId)
        .insert(milestones)
        .values(chunk.map((row) => ({ organizationId, ...row })))
        .returning({ id: milestones.id }),
    onChunk,
  );
