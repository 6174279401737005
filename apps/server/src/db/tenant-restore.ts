import { sql } from 'drizzle-orm';
import { LEFT_OUT_TABLES, SECRET_COLUMN } from './tenant-dump.js';
import { tenantDb } from './scope.js';

/** A table an organization's rows can be restored into, as the catalogue describes it now. */
export interface RestorableTable {
  name: string;
  /** Its columns, with whether they may be left empty; an archive never sets a secret's (never exported). */
  columns: Map<string, { nullable: boolean; hasDefault: boolean; secret: boolean }>;
  /** Single-column foreign keys: the column and the table it points at. */
  references: Map<string, string>;
}

const BATCH_ROWS = 500;
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The tables an export writes (every one with `organization_id`, less the left-out ones), with their columns and
 * foreign keys, read from the catalogue inside the current scope: an import follows the schema of today.
 */
export async function restorableTables(organizationId: string): Promise<Map<string, RestorableTable>> {
  const db = tenantDb(organizationId);
  const columns = (await db.execute(sql`
    select c.table_name as "table", c.column_name as "column", c.is_nullable = 'YES' as nullable,
           c.column_default is not null as "hasDefault"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and exists (select 1 from information_schema.columns o
                    where o.table_schema = 'public' and o.table_name = c.table_name and o.column_name = 'organization_id')
     order by c.table_name, c.ordinal_position`)) as {
    rows: { table: string; column: string; nullable: boolean; hasDefault: boolean }[];
  };
  const keys = (await db.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname::text as "column", c.confrelid::regclass::text as target
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.connamespace = 'public'::regnamespace and cardinality(c.conkey) = 1`)) as {
    rows: { table: string; column: string; target: string }[];
  };
  const tables = new Map<string, RestorableTable>();
  for (const row of columns.rows) {
    if (LEFT_OUT_TABLES.has(row.table)) continue;
    const table = tables.get(row.table) ?? { name: row.table, columns: new Map(), references: new Map() };
    tables.set(row.table, table);
    table.columns.set(row.column, {
      nullable: row.nullable,
      hasDefault: row.hasDefault,
      secret: SECRET_COLUMN.test(row.column),
    });
  }
  for (const key of keys.rows) tables.get(key.table)?.references.set(key.column, key.target.replace(/^"|"$/g, ''));
  return tables;
}

/** Inserts rows (plain JSON values, keyed by column) in batches; Postgres turns JSON into each column's type. */
export async function insertTenantRows(
  organizationId: string,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const list = sql.raw(columns.map(quoted).join(', '));
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = JSON.stringify(rows.slice(start, start + BATCH_ROWS));
    await tenantDb(organizationId).execute(
      sql`insert into ${sql.raw(quoted(table))} (${list})
          select ${list} from json_populate_recordset(null::${sql.raw(quoted(table))}, ${batch}::json)`,
    );
  }
}

/** Sets columns left empty on insert (references to rows inserted after them), row by `id`, in batches. */
export async function updateTenantRows(
  organizationId: string,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const name = sql.raw(quoted(table));
  const assignments = sql.raw(columns.map((column) => `${quoted(column)} = source.${quoted(column)}`).join(', '));
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = JSON.stringify(rows.slice(start, start + BATCH_ROWS));
    await tenantDb(organizationId).execute(
      sql`update ${name} as target set ${assignments}
            from json_populate_recordset(null::${name}, ${batch}::json) as source
           where target.id = source.id and target.organization_id = ${organizationId}::uuid`,
    );
  }
}
