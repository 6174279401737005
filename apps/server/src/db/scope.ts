import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { APP_ROLE } from './table-helpers.js';

export interface TenantScope {
  organizationId: string;
  userId: string | null;
}

interface ActiveTransaction {
  tx: Database;
  organizationId: string | null;
  userId: string | null;
}

const activeTransaction = new AsyncLocalStorage<ActiveTransaction>();

/**
 * A driver may open scoped transactions its own faster way (node-postgres folds BEGIN and the
 * settings into one round trip); without one, Drizzle's transaction plus a set_config is used.
 */
export type ScopedTransactionRunner = <T>(
  settings: { organizationId: string | null; userId: string | null },
  work: (tx: Database) => Promise<T>,
) => Promise<T>;
const transactionRunners = new WeakMap<Database, ScopedTransactionRunner>();
export function registerScopedTransactionRunner(db: Database, runner: ScopedTransactionRunner) {
  transactionRunners.set(db, runner);
}

async function enterAppRole(tx: Database, organizationId: string | null, userId: string | null) {
  await tx.execute(
    sql`select set_config('role', ${APP_ROLE}, true), set_config('app.organization_id', ${organizationId ?? ''}, true), set_config('app.user_id', ${userId ?? ''}, true)`,
  );
}

async function runScoped<T>(
  db: Database,
  organizationId: string | null,
  userId: string | null,
  work: () => Promise<T>,
): Promise<T> {
  const outer = activeTransaction.getStore();
  if (outer) {
    // Nested scopes share the outer transaction (one commit), switching the tenant for their span.
    await enterAppRole(outer.tx, organizationId, userId);
    try {
      return await activeTransaction.run({ tx: outer.tx, organizationId, userId }, work);
    } finally {
      await enterAppRole(outer.tx, outer.organizationId, outer.userId);
    }
  }
  return db.transaction(async (tx) => {
    await enterAppRole(tx, organizationId, userId);
    return activeTransaction.run({ tx: tx, organizationId, userId }, work);
  });
}

/**
 * Runs `work` in one transaction as the app role with the tenant set, so row-level security admits
 * only this organization's rows. Repositories reach the transaction through `tenantDb`.
 */
export function inTenant<T>(db: Database, scope: TenantScope, work: () => Promise<T>): Promise<T> {
  return runScoped(db, scope.organizationId, scope.userId, work);
}

/**
 * A transaction for a signed-in person before an organization is chosen (sign-in, listing their
 * memberships): as the app role, with only the user set, so tenant tables show just their own rows.
 */
export function inUserScope<T>(db: Database, userId: string, work: () => Promise<T>): Promise<T> {
  return runScoped(db, null, userId, work);
}

/** A transaction for account-level work on global tables (users, tokens) before anyone is known. */
export function inAccountScope<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return runScoped(db, null, null, work);
}

/** The current transaction, asserted to belong to `organizationId`: a cross-tenant call fails loudly. */
export function tenantDb(organizationId: string): Database {
  const active = activeTransaction.getStore();
  if (!active) throw new Error('tenantDb called outside inTenant');
  if (active.organizationId !== organizationId) {
    throw new Error('tenantDb called for another organization than the active scope');
  }
  return active.tx;
}

/** The current transaction for global tables (users, tokens, mail), whatever the tenant. */
export function accountDb(): Database {
  const active = activeTransaction.getStore();
  if (!active) throw new Error('accountDb called outside a scoped transaction');
  return active.tx;
}
