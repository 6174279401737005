import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle, Database } from './database.js';
import { createEmbeddedClusterIfMissing, embeddedClusterDir, openEmbeddedDatabase } from './embedded-database.js';
import { migrateDatabase } from './migrate.js';
import { createPoolScopeRunner } from './pool-transactions.js';
import { registerScopeRunner } from './scope.js';
import * as schema from './schema.js';

const casing = 'snake_case' as const;

/**
 * PGlite (embedded, in DATA_DIR or in memory) without a URL; node-postgres against a real server with
 * one. An embedded cluster missing from DATA_DIR is first created and migrated by a child process.
 */
/** The advisory lock that lets one process at a time migrate a server database ("keel" in ASCII). */
const MIGRATION_LOCK_KEY = 0x6b65656c;

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  loadDataDir?: Blob | File | undefined;
}): Promise<DatabaseHandle & { pglite?: PGlite }> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // The owner's pool only migrates and answers health checks; every request runs on the tenant
    // pool, whose connections are the app role for life (see pool-transactions.ts).
    const ownerPool = new pg.Pool({ connectionString: options.databaseUrl, max: 3, idleTimeoutMillis: 30_000 });
    const tenantPool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, idleTimeoutMillis: 30_000 });
    // An idle connection the server ends (a restart, a dropped database) is thrown away by its pool; without
    // a listener its 'error' event would end the process, with one the next query simply gets a new connection.
    for (const pool of [ownerPool, tenantPool]) pool.on('error', () => undefined);
    const db = drizzle({ client: ownerPool, schema, casing }) as unknown as Database;
    registerScopeRunner(
      db,
      createPoolScopeRunner(tenantPool, (client) => drizzle({ client, schema, casing })),
    );
    return {
      db,
      ownerSql: { query: (text, values) => ownerPool.query(text, values) },
      kind: 'postgresql',
      pools: { owner: ownerPool, tenant: tenantPool },
      migrationLock: async (work) => {
        const client = await ownerPool.connect();
        try {
          await client.query('begin');
          await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('commit');
          }
        } finally {
          client.release();
        }
      },
      close: async () => {
        await Promise.all([ownerPool.end(), tenantPool.end()]);
      },
    };
  }
  if (!options.dataDir) return openEmbeddedDatabase({ loadDataDir: options.loadDataDir });
  await createEmbeddedClusterIfMissing(options.dataDir);
  return openEmbeddedDatabase({ clusterDir: embeddedClusterDir(options.dataDir) });
}

/** The server's database at the current schema; a cluster the child process has just created is already migrated. */
export async function openMigratedDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle & { pglite?: PGlite }> {
  const justCreated = !options.databaseUrl && (await createEmbeddedClusterIfMissing(options.dataDir));
  const database = await openDatabase(options);
  if (!justCreated) await migrateDatabase(database);
  return database;
}
