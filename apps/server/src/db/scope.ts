import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { APP_ROLE } from './table-helpers.js';

export interface TenantScope {
  organizationId: string;
  userId: string | null;
}

export interface ScopeSettings {
  organizationId: string | null;
  userId: string | null;
}

/** `write` work runs in one read-write transaction; `read` work may run without one (one statement at a time). */
export type ScopeMode = 'read' | 'write';

interface ActiveScope extends ScopeSettings {
  tx: Database;
  /** The database the outermost scope was opened on: what per-database registrations are keyed by. */
  root: Database;
  /** Settings live for the session (no surrounding transaction), not just the transaction. */
  sessionLevel: boolean;
  /** Run once the outermost scope has committed; dropped if it rolls back. */
  afterCommit: (() => void)[];
}

const activeScope = new AsyncLocalStorage<ActiveScope>();

/**
 * A driver may run scopes its own faster way (node-postgres: connections that are always the app
 * role, settings sent only when they change, no transaction for reads); without one, Drizzle's
 * transaction plus a local set_config is used (PGlite).
 */
export type ScopeRunner = <T>(
  mode: ScopeMode,
  settings: ScopeSettings,
  work: (tx: Database, sessionLevel: boolean) => Promise<T>,
) => Promise<T>;
const scopeRunners = new WeakMap<Database, ScopeRunner>();
export function registerScopeRunner(db: Database, runner: ScopeRunner) {
  scopeRunners.set(db, runner);
}

export function applyScopeSettings(tx: Database, settings: ScopeSettings, sessionLevel: boolean) {
  const local = !sessionLevel;
  return tx.execute(
    sql`select set_config('role', ${APP_ROLE}, ${local}), set_config('app.organization_id', ${settings.organizationId ?? ''}, ${local}), set_config('app.user_id', ${settings.userId ?? ''}, ${local})`,
  );
}

async function runScoped<T>(
  db: Database,
  mode: ScopeMode,
  settings: ScopeSettings,
  work: () => Promise<T>,
): Promise<T> {
  const outer = activeScope.getStore();
  if (outer) {
    // Nested scopes share the outer connection (and its transaction), switching the tenant for their span.
    await applyScopeSettings(outer.tx, settings, outer.sessionLevel);
    try {
      return await activeScope.run(
        {
          ...settings,
          tx: outer.tx,
          root: outer.root,
          sessionLevel: outer.sessionLevel,
          afterCommit: outer.afterCommit,
        },
        work,
      );
    } finally {
      await applyScopeSettings(outer.tx, outer, outer.sessionLevel);
    }
  }
  const afterCommit: (() => void)[] = [];
  const runner = scopeRunners.get(db);
  const result = runner
    ? await runner(mode, settings, (tx, sessionLevel) =>
        activeScope.run({ ...settings, tx, root: db, sessionLevel, afterCommit }, work),
      )
    : await db.transaction(
        async (tx) => {
          await applyScopeSettings(tx, settings, false);
          return activeScope.run({ ...settings, tx, root: db, sessionLevel: false, afterCommit }, work);
        },
        { accessMode: mode === 'read' ? 'read only' : 'read write' },
      );
  for (const callback of afterCommit) callback();
  return result;
}

/**
 * Runs `callback` after the current scope's transaction commits (never if it rolls back): how work
 * enqueued in a transaction wakes its worker without waiting for the next poll.
 */
export function afterCommit(callback: () => void): void {
  const active = activeScope.getStore();
  if (!active) throw new Error('afterCommit called outside a scoped transaction');
  active.afterCommit.push(callback);
}

/** The database the current scope was opened on (not its transaction). */
export function activeRootDatabase(): Database {
  const active = activeScope.getStore();
  if (!active) throw new Error('activeRootDatabase called outside a scoped transaction');
  return active.root;
}

/** Whether this code runs inside a scope, whose transaction must commit before work it starts may see its writes. */
export function hasActiveScope(): boolean {
  return activeScope.getStore() !== undefined;
}

/**
 * Runs `work` in one transaction as the app role with the tenant set, so row-level security admits
 * only this organization's rows. Repositories reach the transaction through `tenantDb`.
 */
export function inTenant<T>(db: Database, scope: TenantScope, work: () => Promise<T>): Promise<T> {
  return runScoped(db, 'write', scope, work);
}

/**
 * The same isolation for work that only reads (hot GETs): on PostgreSQL it skips BEGIN/COMMIT and
 * runs on a read-only connection, so a write slipped in by mistake fails instead of half-applying.
 */
export function readInTenant<T>(db: Database, scope: TenantScope, work: () => Promise<T>): Promise<T> {
  return runScoped(db, 'read', scope, work);
}

/**
 * A transaction for a signed-in person before an organization is chosen (sign-in, listing their
 * memberships): as the app role, with only the user set, so tenant tables show just their own rows.
 */
export function inUserScope<T>(db: Database, userId: string, work: () => Promise<T>): Promise<T> {
  return runScoped(db, 'write', { organizationId: null, userId }, work);
}

/** A transaction for account-level work on global tables (users, tokens) before anyone is known. */
export function inAccountScope<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return runScoped(db, 'write', { organizationId: null, userId: null }, work);
}

/** The current transaction, asserted to belong to `organizationId`: a cross-tenant call fails loudly. */
export function tenantDb(organizationId: string): Database {
  const active = activeScope.getStore();
  if (!active) throw new Error('tenantDb called outside inTenant');
  if (active.organizationId !== organizationId) {
    throw new Error('tenantDb called for another organization than the active scope');
  }
  return active.tx;
}

/** The current transaction for global tables (users, tokens, mail), whatever the tenant. */
export function accountDb(): Database {
  const active = activeScope.getStore();
  if (!active) throw new Error('accountDb called outside a scoped transaction');
  return active.tx;
}
