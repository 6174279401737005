import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './database.js';
import { inTenant, tenantDb } from './scope.js';

/**
 * The tenant isolation proof, run on demand inside an organization's scope: three checks over every
 * table of schema `public` that has an `organization_id` column, whatever feature owns it. Nothing it
 * returns names or counts another organization: the other scope it opens belongs to an id made up
 * for the occasion, and only this organization's rows are ever counted.
 */

export type IsolationCheckKey = 'app_role_cannot_bypass' | 'tables_force_rls' | 'other_tenant_sees_nothing';

export interface IsolationCheckResult {
  key: IsolationCheckKey;
  passed: boolean;
  detail: string;
  ranAt: Date;
  durationMs: number;
}

export interface IsolationProof {
  checks: IsolationCheckResult[];
  tablesChecked: number;
  rowsProtected: number;
}

interface TenantTable {
  name: string;
  rowSecurity: boolean;
  forced: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const list = (names: readonly string[]) => names.join(', ');
const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The database's own message: Drizzle wraps it in one that repeats the statement and its values. */
function databaseMessage(error: unknown): string {
  let innermost = error;
  for (let depth = 0; innermost instanceof Error && innermost.cause instanceof Error && depth < 5; depth += 1) {
    innermost = innermost.cause;
  }
  return innermost instanceof Error ? innermost.message : 'unknown error';
}

/**
 * Runs `work` in a savepoint: a statement that fails (as a check may, or must) rolls back to it, with the
 * settings changed since, so the surrounding scope and the next check go on as before.
 */
async function inSavepoint<T>(tx: Database, name: string, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`savepoint ${sql.identifier(name)}`);
  try {
    const result = await work();
    await tx.execute(sql`release savepoint ${sql.identifier(name)}`);
    return result;
  } catch (error) {
    await tx.execute(sql`rollback to savepoint ${sql.identifier(name)}`);
    throw error;
  }
}

/** Runs one check in its own savepoint and times it; a check that cannot finish fails with the reason. */
async function timed(
  tx: Database,
  key: IsolationCheckKey,
  check: () => Promise<{ passed: boolean; detail: string }>,
): Promise<IsolationCheckResult> {
  const ranAt = new Date();
  const started = performance.now();
  let outcome: { passed: boolean; detail: string };
  try {
    outcome = await inSavepoint(tx, key, check);
  } catch (error) {
    outcome = { passed: false, detail: `The check could not finish: ${databaseMessage(error)}` };
  }
  return { key, ...outcome, ranAt, durationMs: Math.round((performance.now() - started) * 10) / 10 };
}

async function listTenantTables(tx: Database): Promise<TenantTable[]> {
  const result = await tx.execute(sql`select c.relname as name, c.relrowsecurity as "rowSecurity",
      c.relforcerowsecurity as forced
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and exists (select 1 from pg_attribute a
                  where a.attrelid = c.oid and a.attname = 'organization_id' and a.attnum > 0 and not a.attisdropped)
    order by c.relname`);
  return rowsOf<TenantTable>(result);
}

async function appRoleCannotBypass(tx: Database, probeTable: string | undefined) {
  const [role] = rowsOf<{ name: string; superuser: boolean; bypassRls: boolean }>(
    await tx.execute(sql`select current_user as name, r.rolsuper as superuser, r.rolbypassrls as "bypassRls"
      from pg_roles r where r.rolname = current_user`),
  );
  if (!role) return { passed: false, detail: 'The role requests run as could not be found.' };
  const powers = [role.superuser && 'is a superuser', role.bypassRls && 'may bypass row-level security'].filter(
    (power): power is string => typeof power === 'string',
  );
  if (powers.length > 0)
    return { passed: false, detail: `Requests run as ${role.name}, which ${powers.join(' and ')}.` };
  if (!probeTable) return { passed: false, detail: 'No table forces row-level security, so none could be read.' };

  let refusal: string | null = null;
  try {
    await inSavepoint(tx, 'row_security_off', async () => {
      await tx.execute(sql`set local row_security = off`);
      await tx.execute(sql`select 1 from ${sql.identifier(probeTable)} limit 1`);
    });
  } catch (error) {
    refusal = databaseMessage(error);
  }
  if (refusal === null) {
    return {
      passed: false,
      detail: `With row security switched off, ${role.name} could read ${probeTable}: the policies were bypassed.`,
    };
  }
  if (!/row-level security/i.test(refusal)) {
    return { passed: false, detail: `Reading ${probeTable} with row security switched off failed: ${refusal}` };
  }
  return {
    passed: true,
    detail:
      `Requests run as ${role.name}, which is not a superuser and may not bypass row-level security. ` +
      `With row security switched off, reading ${probeTable} was refused.`,
  };
}

function tablesForceRls(tables: readonly TenantTable[], globalTables: readonly string[]) {
  const unprotected = tables.filter((table) => !(table.rowSecurity && table.forced)).map((table) => table.name);
  const exempt = unprotected.filter((name) => globalTables.includes(name));
  const missing = unprotected.filter((name) => !globalTables.includes(name));
  const global =
    exempt.length > 0 ? ` ${list(exempt)} ${exempt.length === 1 ? 'is' : 'are'} global by design and not checked.` : '';
  if (missing.length > 0) {
    return {
      passed: false,
      detail: `Row-level security is not enabled and forced on ${plural(missing.length, 'table')}: ${list(missing)}.${global}`,
    };
  }
  const checked = tables.length - exempt.length;
  return {
    passed: checked > 0,
    detail:
      checked > 0
        ? `All ${plural(checked, 'table')} with an organization column enable and force row-level security.${global}`
        : 'No table with an organization column was found.',
  };
}

/** This organization's rows in each table, counted in one statement under whatever scope is active. */
async function countRowsOf(tx: Database, organizationId: string, tables: readonly string[]) {
  const parts: SQL[] = tables.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::int as rows from ${sql.identifier(name)} where organization_id = ${organizationId}::uuid`,
  );
  const rows = rowsOf<{ name: string; rows: number }>(await tx.execute(sql.join(parts, sql` union all `)));
  return rows.map((row) => ({ name: row.name, rows: Number(row.rows) }));
}

/**
 * Proves the isolation of `organizationId`, whose tenant scope must be active (the caller opened it in a
 * read-write transaction: the checks use savepoints). `globalTables` carry an organization id for
 * reference only and are global by design (read by a secret, never listed by organization): they are
 * named in the report and left out of the counts.
 */
export async function proveIsolation(
  db: Database,
  organizationId: string,
  options: { globalTables: readonly string[] },
): Promise<IsolationProof> {
  const tx = tenantDb(organizationId);
  const tables = await listTenantTables(tx);
  const tenantTables = tables.filter((table) => !options.globalTables.includes(table.name)).map((table) => table.name);
  const probeTable = tables.find((table) => table.rowSecurity && table.forced)?.name;

  const checks = [
    await timed(tx, 'app_role_cannot_bypass', () => appRoleCannotBypass(tx, probeTable)),
    // Read again inside the check, so its time and result are those of its own look at the catalogue.
    await timed(tx, 'tables_force_rls', async () => tablesForceRls(await listTenantTables(tx), options.globalTables)),
  ];

  let rowsProtected = 0;
  checks.push(
    await timed(tx, 'other_tenant_sees_nothing', async () => {
      if (tenantTables.length === 0)
        return { passed: false, detail: 'No table with an organization column was found.' };
      const own = await countRowsOf(tx, organizationId, tenantTables);
      rowsProtected = own.reduce((sum, table) => sum + table.rows, 0);
      const stranger = randomUUID();
      const seen = await inTenant(db, { organizationId: stranger, userId: null }, () =>
        countRowsOf(tenantDb(stranger), organizationId, tenantTables),
      );
      const leaks = seen.filter((table) => table.rows > 0);
      if (leaks.length > 0) {
        const named = leaks.map((table) => `${table.name} (${plural(table.rows, 'row')})`);
        return {
          passed: false,
          detail: `A scope set to another organization could see this organization's rows in ${list(named)}.`,
        };
      }
      if (rowsProtected === 0) {
        return { passed: false, detail: "This organization's own scope counted no rows, so nothing was proven." };
      }
      return {
        passed: true,
        detail:
          `In a scope set to a new, unknown organization, none of this organization's ` +
          `${plural(rowsProtected, 'row')} in ${plural(tenantTables.length, 'table')} could be seen.`,
      };
    }),
  );
  return { checks, tablesChecked: tenantTables.length, rowsProtected };
}
