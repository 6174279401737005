import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type DurableNodeFS,
  EMBEDDED_POSTGRES_SETTINGS,
  createEmbeddedClusterIfMissing,
  embeddedClusterDir,
  openEmbeddedDatabase,
} from './embedded-database.js';
import { APP_ROLE } from './table-helpers.js';

// The child runs the TypeScript source, as under `npm run dev`.
const childNodeOptions = ['--import', 'tsx', '--conditions=keel-source'];
const journal = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url)), 'utf8'),
) as { entries: unknown[] };

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keel-embedded-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// About the embedded database only: the PostgreSQL pass (TEST_DATABASE_URL set) would run it again unchanged.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database', () => {
  it('runs with the settings sized for one organization', async () => {
    const database = await openEmbeddedDatabase({});
    try {
      for (const [name, value] of Object.entries(EMBEDDED_POSTGRES_SETTINGS)) {
        const { rows } = await database.pglite.query<{ setting: string }>(
          `select current_setting('${name}') as setting`,
        );
        expect(rows[0]?.setting).toBe(value);
      }
    } finally {
      await database.close();
    }
  });

  it('keeps fsync on, and a commit on a cluster folder syncs the disk', async () => {
    const clusterDir = path.join(dataDir, 'durable');
    const database = await openEmbeddedDatabase({ clusterDir });
    try {
      const fsync = await database.pglite.query<{ fsync: string }>('show fsync');
      expect(fsync.rows[0]?.fsync).toBe('on');
      await database.pglite.exec('create table committed_rows (id int)');
      const fs = database.pglite.fs as DurableNodeFS;
      const before = fs.fsyncCalls;
      await database.pglite.query('insert into committed_rows values (1)');
      expect(fs.fsyncCalls).toBeGreaterThan(before);
    } finally {
      await database.close();
    }
  });

  it('is created and migrated by a child process on a first start, then reopened as it is', async () => {
    // An empty cluster folder, as earlier versions left before initdb, counts as missing.
    mkdirSync(embeddedClusterDir(dataDir), { recursive: true });
    await createEmbeddedClusterIfMissing(dataDir, childNodeOptions);
    expect(existsSync(path.join(embeddedClusterDir(dataDir), 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${embeddedClusterDir(dataDir)}.creating`)).toBe(false);

    const created = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(dataDir) });
    try {
      const migrations = await created.pglite.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(migrations.rows[0]?.count).toBe(journal.entries.length);
      const role = await created.pglite.query(`select 1 from pg_roles where rolname = '${APP_ROLE}'`);
      expect(role.rows).toHaveLength(1);
      await created.pglite.exec('create table kept_across_starts (id int)');
    } finally {
      await created.close();
    }

    await createEmbeddedClusterIfMissing(dataDir, childNodeOptions);
    const reopened = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(dataDir) });
    try {
      const kept = await reopened.pglite.query(`select 1 from pg_tables where tablename = 'kept_across_starts'`);
      expect(kept.rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
