import type { Pool, PoolClient } from 'pg';
import type { Database } from './database.js';
import type { ScopeRunner, ScopeSettings } from './scope.js';
import { APP_ROLE } from './table-helpers.js';

/**
 * Scopes on node-postgres, in as few round trips as isolation allows. Every connection of the
 * tenant pool is the app role for its whole life and read-only by default. The tenant settings are
 * session-level and sent only when a connection last served another scope; a read then costs just
 * its own statements, and a write adds BEGIN READ WRITE / COMMIT. A rolled-back transaction
 * may have undone the settings, so the connection is marked unknown and set again next time.
 */
export function createPoolScopeRunner(pool: Pool, bind: (client: PoolClient) => Database): ScopeRunner {
  const connectionState = new WeakMap<PoolClient, { database: Database; settings: string | null }>();

  pool.on('connect', (client) => {
    // Queued before any other query on this connection, so nothing runs as the owner role.
    client
      .query(`set role ${APP_ROLE}; set default_transaction_read_only = on`)
      .catch((error: unknown) => client.emit('error', error));
  });

  const stateOf = (client: PoolClient) => {
    let state = connectionState.get(client);
    if (!state) {
      state = { database: bind(client), settings: null };
      connectionState.set(client, state);
    }
    return state;
  };

  const settingsStatement = (client: PoolClient, settings: ScopeSettings) =>
    `select set_config('app.organization_id', ${client.escapeLiteral(settings.organizationId ?? '')}, false), ` +
    `set_config('app.user_id', ${client.escapeLiteral(settings.userId ?? '')}, false)`;

  return async (mode, settings, work) => {
    const client = await pool.connect();
    const state = stateOf(client);
    const wanted = `${settings.organizationId ?? ''}/${settings.userId ?? ''}`;
    let broken = false;
    try {
      if (mode === 'read') {
        if (state.settings !== wanted) {
          state.settings = null;
          await client.query(settingsStatement(client, settings));
          state.settings = wanted;
        }
        return await work(state.database, true);
      }
      const begin =
        state.settings === wanted ? 'begin read write' : `begin read write; ${settingsStatement(client, settings)}`;
      state.settings = null;
      await client.query(begin);
      try {
        const result = await work(state.database, true);
        await client.query('commit');
        state.settings = wanted;
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          broken = true;
        }
        throw error;
      }
    } catch (error) {
      // A nested scope may have left other settings behind: set them afresh next time.
      state.settings = null;
      throw error;
    } finally {
      // A connection whose rollback failed is in an unknown state: drop it instead of reusing it.
      client.release(broken);
    }
  };
}
