import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Keyset pagination shared by every list: the cursor is the last row's sort position, opaque to
 * clients (base64url of a JSON tuple) and validated on the way back in.
 */
export const encodeCursor = (position: readonly (string | number)[]) =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

export const invalidCursor = () =>
  badRequest('request.invalid_cursor', 'The page cursor is invalid. Start again from the first page.', [
    { path: 'cursor', message: 'Invalid cursor' },
  ]);

export function decodeCursor<T extends z.ZodTuple>(cursor: string | undefined, shape: T): z.infer<T> | undefined {
  if (cursor === undefined) return undefined;
  try {
    return shape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw invalidCursor();
  }
}

/** A timestamp as PostgreSQL's own microsecond text: a JavaScript Date would round and skip or repeat rows. */
export const preciseTimestamp = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/**
 * Whether an ISO date or UTC date-time (to the second) names a day PostgreSQL holds: a real calendar day and time
 * from year 1 on. A cursor that only looks right (`0000-00-00`, February 30) would fail in the query: 500.
 */
const isRealDay = (text: string) => {
  const seconds = text.length > 10 ? text.slice(0, 19) : `${text}T00:00:00`;
  const time = Date.parse(`${seconds}Z`);
  return Number.isFinite(time) && seconds >= '0001' && new Date(time).toISOString().startsWith(seconds);
};
export const preciseTimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine(isRealDay);
/** A calendar day as PostgreSQL's `date::text` writes it, for cursors over a date column. */
export const cursorDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isRealDay);

/** Rows strictly after `(timestamp, id)` in newest-first order. */
export const newestFirstAfter = (
  timestampColumn: AnyColumn,
  idColumn: AnyColumn,
  after: readonly [string, string],
): SQL => sql`(${timestampColumn}, ${idColumn}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`;

/** The page and the next cursor, from a query that fetched `limit + 1` rows. */
export function pageFrom<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  positionOf: (row: Row) => readonly (string | number)[],
): { data: Item[]; page: { nextCursor: string | null } } {
  const visible = rows.slice(0, limit);
  const last = visible.at(-1);
  return {
    data: visible.map(toItem),
    page: { nextCursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null },
  };
}
