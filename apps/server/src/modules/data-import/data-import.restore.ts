import { randomUUID } from 'node:crypto';
import { insertTenantRows, updateTenantRows, type RestorableTable } from '../../db/tenant-restore.js';
import type { PlacedCopy } from '../storage/index.js';
import type { CheckedArchive, Row } from './data-import.contents.js';
import * as errors from './data-import.errors.js';

/** Tables an archive carries that an import leaves alone: Keel's own product analytics of the old organization. */
const NOT_RESTORED = new Map([['product_events', "Keel's own usage analytics, not the organization's data"]]);

export interface RestoreInput {
  organizationId: string;
  oldOrganizationId: string;
  ownerId: string;
  archive: CheckedArchive;
  tables: Map<string, RestorableTable>;
  /** The old organization's people: old id → the account they are here, and whether the import invited them. */
  people: Map<string, { userId: string; invited: boolean }>;
  /** Stored files by their old id: where their copy was put for the new organization. */
  copies: Map<string, PlacedCopy>;
}

export interface RestoreOutcome {
  rows: Record<string, number>;
  /** Rows left out because they held a file the export could not read, by table. */
  leftOut: Record<string, number>;
  notRestored: { table: string; reason: string }[];
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every id of the map, wherever it stands in a value: a column, an array, a key or a string inside JSON. */
export function remapValue(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return value.replace(UUID_IN_TEXT, (id) => ids.get(id.toLowerCase()) ?? id);
  if (Array.isArray(value)) return value.map((item) => remapValue(item, ids));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [remapValue(key, ids) as string, remapValue(item, ids)]),
    );
  }
  return value;
}

/** A table whose rows miss a column it cannot do without (a secret the export left out) cannot be restored. */
function whyNotRestored(table: RestorableTable, rows: Row[]): string | null {
  const reason = NOT_RESTORED.get(table.name);
  if (reason) return reason;
  const present = new Set(rows.flatMap((row) => Object.keys(row)));
  for (const [column, shape] of table.columns) {
    if (!shape.nullable && !shape.hasDefault && !present.has(column)) {
      return `its ${column} is a secret, never exported`;
    }
  }
  return null;
}

/**
 * Parents before children, by the foreign keys among the restored tables. A reference to its own table, or one
 * closing a cycle, is inserted empty and set once every row exists.
 */
function insertOrder(tables: RestorableTable[]): { order: RestorableTable[]; deferred: Map<string, string[]> } {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const order: RestorableTable[] = [];
  const deferred = new Map<string, string[]>();
  const state = new Map<string, 'visiting' | 'done'>();
  const defer = (table: string, column: string) => deferred.set(table, [...(deferred.get(table) ?? []), column]);
  function visit(table: RestorableTable) {
    state.set(table.name, 'visiting');
    for (const [column, target] of table.references) {
      const parent = byName.get(target);
      if (!parent) continue;
      if (target === table.name || state.get(target) === 'visiting') defer(table.name, column);
      else if (!state.has(target)) visit(parent);
    }
    state.set(table.name, 'done');
    order.push(table);
  }
  for (const table of tables) if (!state.has(table.name)) visit(table);
  return { order, deferred };
}

/**
 * Writes the archive's rows into the new organization, in the caller's transaction and tenant scope: every row
 * of it, every id given anew and replaced wherever it appears, people by the accounts they matched.
 * Every UUID of the rows is an id of the old organization or of a person: all but people's are replaced.
 */
export async function restoreRows(input: RestoreInput): Promise<RestoreOutcome> {
  const { organizationId, archive, tables } = input;
  const ids = new Map<string, string>([[input.oldOrganizationId.toLowerCase(), organizationId]]);
  for (const [old, person] of input.people) ids.set(old.toLowerCase(), person.userId);
  const notRestored: RestoreOutcome['notRestored'] = [];
  const restored: RestorableTable[] = [];
  for (const [name, rows] of archive.rows) {
    const table = tables.get(name);
    if (!table || rows.length === 0) continue;
    const reason = whyNotRestored(table, rows);
    if (reason) notRestored.push({ table: name, reason });
    else restored.push(table);
  }
  // Rows' ids, and any other id of the old organization (a group of to-dos, an export an audit entry names).
  for (const table of restored) {
    for (const id of JSON.stringify(archive.rows.get(table.name) ?? []).match(UUID_IN_TEXT) ?? []) {
      if (!ids.has(id.toLowerCase())) ids.set(id.toLowerCase(), randomUUID());
    }
  }

  const known = new Map<string, Set<string>>([
    ['organizations', new Set([organizationId])],
    ['users', new Set([input.ownerId, ...[...input.people.values()].map((person) => person.userId)])],
  ]);
  const prepared = new Map<string, Row[]>();
  for (const table of restored) {
    const rows = (archive.rows.get(table.name) ?? []).flatMap((row) => prepareRow(input, table, row, ids));
    prepared.set(table.name, rows);
    known.set(table.name, new Set(rows.map((row) => String(row.id))));
  }

  // Rows holding a file the export could not read go too, and so on down: parents are written before children.
  const gone = new Set([...archive.missingFileIds].map((id) => ids.get(id) ?? id));
  const counts: Record<string, number> = {};
  const leftOut: Record<string, number> = {};
  const { order, deferred } = insertOrder(restored);
  for (const table of order) {
    const rows = (prepared.get(table.name) ?? []).flatMap((row) => {
      const resolved = resolveReferences(input, table, row, known, gone);
      if (resolved) return [endGrantOfStranger(resolved)];
      gone.add(String(row.id));
      known.get(table.name)?.delete(String(row.id));
      leftOut[table.name] = (leftOut[table.name] ?? 0) + 1;
      return [];
    });
    const later = deferred.get(table.name) ?? [];
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const first = rows.map((row) => ({ ...row, ...Object.fromEntries(later.map((column) => [column, null])) }));
    await refusedAs(table.name, () => insertTenantRows(organizationId, table.name, columns, first));
    prepared.set(table.name, rows);
    counts[table.name] = rows.length;
  }
  for (const [name, columns] of deferred) {
    const target = (column: string) => tables.get(name)?.references.get(column);
    const written = (column: string, value: unknown) => known.get(target(column) ?? '')?.has(String(value)) ?? false;
    const rows = (prepared.get(name) ?? [])
      .filter((row) => columns.some((column) => row[column] !== null && row[column] !== undefined))
      .map((row) => ({
        id: row.id,
        ...Object.fromEntries(columns.map((column) => [column, written(column, row[column]) ? row[column] : null])),
      }));
    await refusedAs(name, () => updateTenantRows(organizationId, name, columns, rows));
  }
  return { rows: counts, leftOut, notRestored };
}

/** A consultant is no member (not in people.json): their live grant does not follow them, it is recorded as ended. */
function endGrantOfStranger(row: Row): Row {
  if (!('consultant_user_id' in row) || row.consultant_user_id !== null || row.status !== 'active') return row;
  return { ...row, status: 'revoked', revoked_at: new Date().toISOString() };
}

/** Data the database refuses (a wrong type, a value out of its range, a duplicate): the archive's fault, named. */
async function refusedAs(table: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    if (typeof cause?.code === 'string' && /^(22|23)/.test(cause.code)) {
      throw errors.rowsRefused(table, String(cause.message));
    }
    throw error;
  }
}

/** The row in the new organization: ids given anew; the importer's own membership is the one they already own. */
function prepareRow(input: RestoreInput, table: RestorableTable, row: Row, ids: Map<string, string>): Row[] {
  const copy = input.copies.get(String(row.id));
  const next = remapValue(row, ids) as Row;
  next.organization_id = input.organizationId;
  if (table.name === 'stored_files' && copy) Object.assign(next, { driver: copy.driver, locator: copy.locator });
  if (table.name === 'memberships') {
    // The invited ones have their membership from the invitation already; nobody else is let in unasked.
    const person = [...input.people.values()].find((one) => one.userId === next.user_id);
    if (!person || next.user_id === input.ownerId || person.invited) return [];
    next.status = 'deactivated';
  }
  return [next];
}

/**
 * A reference to nothing the import wrote (an API key's account, a row of a table left out) is emptied or
 * refused; a row that cannot do without a row left out for its missing file is left out itself (null).
 */
function resolveReferences(
  input: RestoreInput,
  table: RestorableTable,
  row: Row,
  known: Map<string, Set<string>>,
  gone: Set<string>,
): Row | null {
  for (const [column, target] of table.references) {
    const value = row[column];
    if (value === null || value === undefined || column === 'organization_id') continue;
    const id = typeof value === 'string' ? value : JSON.stringify(value);
    if (known.get(target)?.has(id)) continue;
    const nullable = table.columns.get(column)?.nullable;
    if (nullable) row[column] = null;
    else if (gone.has(id)) return null;
    else if (target === 'users') row[column] = input.ownerId;
    else throw errors.missingReference(table.name, column, id);
  }
  return row;
}
