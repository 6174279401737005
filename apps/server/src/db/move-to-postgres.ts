import { existsSync } from 'node:fs';
import path from 'node:path';
import type { EmbeddedBackup } from './embedded-backup.js';
import { dumpEmbeddedSql, writeEmbeddedBackup } from './embedded-backup.js';
import { embeddedClusterDir, openEmbeddedDatabase } from './embedded-database.js';
import { CREATE_APP_ROLE_SQL, migrateDatabase } from './migrate.js';
import { openDatabase } from './open-database.js';
import { RestoreRefusedError } from './restore-embedded.js';

export interface TableRowCount {
  table: string;
  source: number;
  target: number;
}

interface SqlClient {
  query<Row extends Record<string, unknown>>(text: string): Promise<{ rows: Row[] }>;
}

/** Every table of the application, its migrations and its job queue: all schemas but PostgreSQL's own. */
const USER_TABLES_SQL = `
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1, 2`;

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function countRowsPerTable(client: SqlClient): Promise<Map<string, number>> {
  const { rows: tables } = await client.query<{ schema: string; name: string }>(USER_TABLES_SQL);
  const counts = new Map<string, number>();
  for (const { schema, name } of tables) {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from ${quoteIdentifier(schema)}.${quoteIdentifier(name)}`,
    );
    counts.set(`${schema}.${name}`, rows[0]?.count ?? 0);
  }
  return counts;
}

/** The URL without its password, for messages. */
export function describeUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

async function refuseUnlessReady(client: SqlClient, databaseUrl: string): Promise<void> {
  const { rows: role } = await client.query<{ allowed: boolean }>(
    'select rolsuper or rolbypassrls as allowed from pg_roles where rolname = current_user',
  );
  if (!role[0]?.allowed) {
    throw new RestoreRefusedError(
      `The user of ${describeUrl(databaseUrl)} can neither bypass row-level security nor is a superuser, so it could not copy and check every organization's rows. Use the database's owner with BYPASSRLS, or a superuser, for the move.`,
    );
  }
  const { rows: objects } = await client.query<{ name: string }>(`
    select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_%'
    union all
    select nspname from pg_namespace
    where nspname not in ('public', 'pg_catalog', 'information_schema') and nspname not like 'pg\\_%'
    order by 1 limit 5`);
  if (objects.length > 0) {
    throw new RestoreRefusedError(
      `The database at ${describeUrl(databaseUrl)} is not empty (it has ${objects.map((object) => object.name).join(', ')}). Create an empty database (for example \`createdb keel\`) and pass its URL.`,
    );
  }
}

/**
 * Moves an embedded install onto a PostgreSQL server: the whole database (application tables,
 * migrations journal, job queue with its waiting jobs, sequences, row-level security policies and
 * grants) is dumped by pg_dump and restored into the empty target in one transaction, so a failure
 * leaves the target empty. The dump is also kept as a backup in DATA_DIR/backups.
 * Then migrateDatabase re-asserts the app role's posture on the server. The server must be stopped.
 */
export async function moveEmbeddedToPostgres(options: {
  dataDir: string;
  databaseUrl: string;
  now?: Date;
}): Promise<{ backup: EmbeddedBackup; tables: TableRowCount[] }> {
  const { dataDir, databaseUrl, now = new Date() } = options;
  const clusterDir = embeddedClusterDir(dataDir);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new RestoreRefusedError(`There is no embedded database in ${clusterDir}.`);
  }
  const { default: pg } = await import('pg');
  const target = new pg.Client({ connectionString: databaseUrl });
  await target.connect();
  const source = await openEmbeddedDatabase({ clusterDir });
  try {
    await refuseUnlessReady(target, databaseUrl);
    let sqlText = await dumpEmbeddedSql(source.pglite);
    const backup = writeEmbeddedBackup(dataDir, sqlText, now);
    const { rows } = await target.query<{ version: number }>('select current_setting($1)::int as version', [
      'server_version_num',
    ]);
    // PGlite's pg_dump (PostgreSQL 18) sets transaction_timeout, unknown before PostgreSQL 17; nothing depends on it.
    if ((rows[0]?.version ?? 0) < 170000) sqlText = sqlText.replace(/^SET transaction_timeout = 0;$/m, '');
    await target.query(CREATE_APP_ROLE_SQL);
    // One simple-protocol query: its statements run as one transaction.
    await target.query(sqlText);
    await target.query('reset all');

    const migrated = await openDatabase({ databaseUrl });
    try {
      await migrateDatabase(migrated);
    } finally {
      await migrated.close();
    }
    const sourceCounts = await countRowsPerTable(source.pglite);
    const targetCounts = await countRowsPerTable(target);
    const names = [...new Set([...sourceCounts.keys(), ...targetCounts.keys()])].sort();
    const tables = names.map((table) => ({
      table,
      source: sourceCounts.get(table) ?? 0,
      target: targetCounts.get(table) ?? 0,
    }));
    return { backup, tables };
  } finally {
    await source.close();
    await target.end();
  }
}
