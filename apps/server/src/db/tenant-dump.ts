import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { accountDb, readInTenant, tenantDb } from './scope.js';

/**
 * Tables an organization's export leaves out: bookkeeping that means nothing elsewhere (revisions, queues,
 * retries), and secrets that must not leave the server (keys, tokens, the storage settings' sealed credentials).
 */
export const LEFT_OUT_TABLES: ReadonlySet<string> = new Set([
  'organization_revisions',
  'mail_outbox',
  'failed_operations',
  'api_keys',
  'calendar_feeds',
  'storage_settings',
  'storage_moves',
  'organization_exports',
  'webhook_deliveries',
  // The Stripe customer and subscription belong to this server's billing of this organization, not to a copy.
  'billing_accounts',
  'billing_notices',
]);
/** Columns that hold a secret or its fingerprint, whatever their table. */
export const SECRET_COLUMN = /(_sealed|_hash|^password)/;
const BATCH_ROWS = 200;

export interface DumpedTable {
  name: string;
  columns: string[];
}

/** The tables holding an organization's rows, found in the catalogue (every one with `organization_id`). */
export async function tenantTables(db: Database, organizationId: string): Promise<DumpedTable[]> {
  const rows = await readInTenant(db, { organizationId, userId: null }, async () => {
    const result = await tenantDb(organizationId).execute(sql`
      select c.table_name as "table", array_agg(c.column_name::text order by c.ordinal_position) as columns
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         and exists (select 1 from information_schema.columns o
                      where o.table_schema = 'public' and o.table_name = c.table_name and o.column_name = 'organization_id')
       group by c.table_name order by c.table_name`);
    return (result as { rows: { table: string; columns: string[] }[] }).rows;
  });
  return rows
    .filter((row) => !LEFT_OUT_TABLES.has(row.table))
    .map((row) => ({ name: row.table, columns: row.columns.filter((column) => !SECRET_COLUMN.test(column)) }));
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The organization's rows of one table, a batch at a time (by `id` where the table has one), read under the
 * organization's row-level security: nothing of another organization can come out, whatever the query says.
 */
export async function* tenantRows(
  db: Database,
  organizationId: string,
  table: DumpedTable,
): AsyncGenerator<Record<string, unknown>[]> {
  const columns = table.columns.map(quoted).join(', ');
  const keyed = table.columns.includes('id');
  let after: string | null = null;
  for (;;) {
    const batch = await readInTenant(db, { organizationId, userId: null }, async () => {
      const where = sql`organization_id = ${organizationId}::uuid`;
      const query = keyed
        ? sql`select ${sql.raw(columns)} from ${sql.raw(quoted(table.name))} where ${where}
                ${after === null ? sql`` : sql`and id > ${after}::uuid`} order by id limit ${BATCH_ROWS}`
        : sql`select ${sql.raw(columns)} from ${sql.raw(quoted(table.name))} where ${where}`;
      const result = await accountDb().execute(query);
      return (result as { rows: Record<string, unknown>[] }).rows;
    });
    if (batch.length > 0) yield batch;
    if (!keyed || batch.length < BATCH_ROWS) return;
    after = String(batch.at(-1)?.id);
  }
}
