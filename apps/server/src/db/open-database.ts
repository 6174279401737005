import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle, Database } from './database.js';
import { createPoolScopeRunner } from './pool-transactions.js';
import { registerScopeRunner } from './scope.js';
import * as schema from './schema.js';

const casing = 'snake_case' as const;

/** PGlite (embedded, in DATA_DIR or in memory) without a URL; node-postgres against a real server with one. */
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
    const db = drizzle({ client: ownerPool, schema, casing }) as unknown as Database;
    registerScopeRunner(
      db,
      createPoolScopeRunner(tenantPool, (client) => drizzle({ client, schema, casing })),
    );
    return {
      db,
      kind: 'postgresql',
      close: async () => {
        await Promise.all([ownerPool.end(), tenantPool.end()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzle({ client: pglite, schema, casing }) as unknown as Database;
  return { db, kind: 'embedded', pglite, close: () => pglite.close() };
}
