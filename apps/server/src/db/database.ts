import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

export type Schema = typeof schema;
/** One type over both drivers (PGlite embedded, node-postgres server); transactions share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Plain SQL as the owner, for plumbing that brings its own statements (the job queue, backups):
 * with no values a text may hold several statements.
 */
export interface OwnerSql {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface DatabaseHandle {
  db: Database;
  ownerSql: OwnerSql;
  kind: 'embedded' | 'postgresql';
  /** The embedded database itself (backups copy its files). */
  pglite?: PGlite;
  close(): Promise<void>;
}
