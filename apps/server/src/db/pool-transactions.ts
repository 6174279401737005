import type { Pool, PoolClient } from 'pg';
import type { Database } from './database.js';
import type { ScopedTransactionRunner } from './scope.js';
import { APP_ROLE } from './table-helpers.js';

/**
 * Scoped transactions on node-postgres in one round trip fewer than Drizzle's: BEGIN, the app role
 * and the tenant settings travel as one simple-protocol statement. Its values are escaped by the
 * driver (they are ids from a verified token, but escaping keeps this safe whatever they are).
 * Each pooled connection keeps its own Drizzle instance, built once.
 */
export function createPoolTransactionRunner(
  pool: Pool,
  bind: (client: PoolClient) => Database,
): ScopedTransactionRunner {
  const boundDatabases = new WeakMap<PoolClient, Database>();
  const databaseFor = (client: PoolClient) => {
    let db = boundDatabases.get(client);
    if (!db) {
      db = bind(client);
      boundDatabases.set(client, db);
    }
    return db;
  };

  return async (settings, work) => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(
        `begin; select set_config('role', ${client.escapeLiteral(APP_ROLE)}, true), ` +
          `set_config('app.organization_id', ${client.escapeLiteral(settings.organizationId ?? '')}, true), ` +
          `set_config('app.user_id', ${client.escapeLiteral(settings.userId ?? '')}, true)`,
      );
      const result = await work(databaseFor(client));
      await client.query('commit');
      return result;
    } catch (error) {
      try {
        await client.query('rollback');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      // A connection whose rollback failed is in an unknown state: drop it instead of reusing it.
      client.release(broken);
    }
  };
}
