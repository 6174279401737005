import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { migrateDatabase } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';

const migrationsDir = fileURLToPath(new URL('../../drizzle', import.meta.url));
const cacheDir = fileURLToPath(new URL('../../../../node_modules/.cache/keel-test', import.meta.url));

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(fileURLToPath(new URL('../db/migrate.ts', import.meta.url))));
  hash.update(readFileSync(fileURLToPath(new URL('../jobs/job-schema.ts', import.meta.url))));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite costs ~1.5 s to build; a dump of one loads in ~0.4 s. The dump is cached on disk
 * keyed by the migrations, so each test file starts from its own fresh copy cheaply.
 */
async function embeddedFromTemplate(): Promise<DatabaseHandle> {
  const templateFile = path.join(cacheDir, `pglite-${migrationsFingerprint()}.tar.gz`);
  if (!existsSync(templateFile)) {
    const fresh = await openDatabase({});
    await migrateDatabase(fresh);
    const dump = await fresh.pglite!.dumpDataDir('gzip');
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${templateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    (await import('node:fs')).renameSync(temporary, templateFile);
    return fresh;
  }
  return openDatabase({ loadDataDir: new Blob([readFileSync(templateFile)]) });
}

/** With TEST_DATABASE_URL set, each test file gets its own database on that PostgreSQL server (at `url`). */
export async function serverDatabase(baseUrl: string): Promise<DatabaseHandle & { url: string }> {
  const { default: pg } = await import('pg');
  const name = `keel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(handle);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? serverDatabase(url) : embeddedFromTemplate();
}

/**
 * Counts the statements the embedded database runs, to show a list costs the same for few rows as for many.
 * Null on a PostgreSQL server: counting hooks into the embedded driver, and the benchmarks measure servers.
 */
export function statementCounter(database: DatabaseHandle) {
  const pglite = (database as { pglite?: PGlite }).pglite;
  if (!pglite) return null;
  return {
    async count(action: () => Promise<void>): Promise<number> {
      let statements = 0;
      const counted = <T>(tx: Transaction, callback: (tx: Transaction) => Promise<T>) =>
        callback(
          new Proxy(tx, {
            get(target, property, receiver) {
              const value: unknown = Reflect.get(target, property, receiver);
              if (property !== 'query' || typeof value !== 'function') return value;
              return (...args: unknown[]) => {
                statements += 1;
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              };
            },
          }),
        );
      const original = pglite.transaction.bind(pglite);
      const spy = vi
        .spyOn(pglite, 'transaction')
        .mockImplementation((callback) => original((tx) => counted(tx, callback)));
      try {
        await action();
      } finally {
        spy.mockRestore();
      }
      return statements;
    },
  };
}
