import { insertImportedIssues, type ImportedIssue } from '../issues/index.js';
import { listMembersForMatching } from '../people/index.js';
import {
  insertImportedMilestones,
  insertImportedPriorities,
  type ImportedMilestone,
  type ImportedPriority,
} from '../priorities/index.js';
import { activeTeamsOfOrganization } from '../teams/index.js';
import { insertImportedTodos, type ImportedTodo } from '../todos/index.js';
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
  const people = await listMembersForMatching(organizationId);
  const teamRows = await activeTeamsOfOrganization(organizationId);
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

/** Where each (team, horizon) open list ends, and which top-three ranks are held: one query (the issues module's). */
export { openIssueListState as issueListState } from '../issues/index.js';

/** Multi-row inserts in chunks; `onChunk` hears the running count so a client can show progress. */
async function inChunks<Row>(
  rows: Row[],
  insert: (chunk: Row[]) => Promise<string[]>,
  onChunk: (inserted: number) => void,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const inserted = await insert(rows.slice(start, start + INSERT_CHUNK));
    ids.push(...inserted);
    onChunk(ids.length);
  }
  return ids;
}

type OnChunk = (inserted: number) => void;

// Each owner writes its own rows, with the defaults of its create use case; here only the chunking and progress.
export const insertTodoRows = (organizationId: string, rows: ImportedTodo[], onChunk: OnChunk) =>
  inChunks(rows, (chunk) => insertImportedTodos(organizationId, chunk), onChunk);

export const insertIssueRows = (organizationId: string, rows: ImportedIssue[], onChunk: OnChunk) =>
  inChunks(rows, (chunk) => insertImportedIssues(organizationId, chunk), onChunk);

export const insertPriorityRows = (organizationId: string, rows: ImportedPriority[], onChunk: OnChunk) =>
  inChunks(rows, (chunk) => insertImportedPriorities(organizationId, chunk), onChunk);

export const insertMilestoneRows = (organizationId: string, rows: ImportedMilestone[], onChunk: OnChunk) =>
  inChunks(rows, (chunk) => insertImportedMilestones(organizationId, chunk), onChunk);
