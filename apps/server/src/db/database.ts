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

/** What a node-postgres pool tells of its clients (metrics read it at each scrape). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface DatabaseHandle {
  db: Database;
  ownerSql: OwnerSql;
  kind: 'embedded' | 'postgresql';
  /**
   * Runs `work` while no other process migrates the same database: several server processes starting
   * together on one PostgreSQL would otherwise race on the same grants. Absent on the embedded
   * database, which one process owns.
   */
  migrationLock?<T>(work: () => Promise<T>): Promise<T>;
  /** node-postgres's pools by role: the owner's (migrations, jobs) and the tenants' (requests). Absent when embedded. */
  pools?: { owner: PoolCounts; tenant: PoolCounts };
  /** The embedded database itself (backups copy its files). */
  pglite?: PGlite;
  close(): Promise<void>;
}
