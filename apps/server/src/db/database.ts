import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

export type Schema = typeof schema;
/** One type over both drivers (PGlite embedded, node-postgres server); transactions share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgresql';
  close(): Promise<void>;
}
