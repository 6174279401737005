import type { Database } from './database.js';

/**
 * A named prepared statement kept per connection's Drizzle instance (pooled connections keep theirs),
 * so PostgreSQL parses and plans a query that runs on nearly every request once per connection.
 */
export function preparedPerConnection<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const queries = new WeakMap<Database, Query>();
  return (db) => {
    let query = queries.get(db);
    if (!query) {
      query = build(db);
      queries.set(db, query);
    }
    return query;
  };
}
