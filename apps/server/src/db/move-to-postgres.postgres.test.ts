import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededCluster, tableFingerprints } from '../test-support/seeded-cluster.js';
import { embeddedClusterDir, openEmbeddedDatabase } from './embedded-database.js';
import { listEmbeddedBackups } from './embedded-backup.js';
import { moveEmbeddedToPostgres } from './move-to-postgres.js';
import { APP_ROLE } from './table-helpers.js';

const baseUrl = process.env.TEST_DATABASE_URL;

/** A fresh database on the test server, dropped after the file. */
async function emptyDatabase(created: string[]): Promise<string> {
  const name = `keel_test_move_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.skipIf(!baseUrl)('moving an embedded install onto PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keel-move-test-'));
  const created: string[] = [];

  beforeAll(async () => {
    await createSeededCluster(dataDir);
  }, 120_000);
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('copies every table, row, sequence and security setting, and counts the rows on both sides', async () => {
    const databaseUrl = await emptyDatabase(created);
    const moved = await moveEmbeddedToPostgres({ dataDir, databaseUrl, now: new Date('2026-11-26T05:00:00Z') });

    const source = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(dataDir) });
    const target = new pg.Client({ connectionString: databaseUrl });
    await target.connect();
    try {
      const expected = await tableFingerprints(source.pglite);
      const actual = await tableFingerprints(target);
      expect(expected['public.todos']).toMatch(/^3050 rows/);
      expect(actual).toEqual(expected);
      // The app role's posture: it may not bypass row-level security, and reads nothing without a tenant.
      const role = await target.query<{ bypass: boolean; superuser: boolean }>(
        `select rolbypassrls as bypass, rolsuper as superuser from pg_roles where rolname = '${APP_ROLE}'`,
      );
      expect(role.rows).toEqual([{ bypass: false, superuser: false }]);
      await target.query(`begin; set local role ${APP_ROLE}`);
      const visible = await target.query<{ count: number }>('select count(*)::int as count from todos');
      await target.query('rollback');
      expect(visible.rows[0]?.count).toBe(0);
    } finally {
      await target.end();
      await source.close();
    }

    expect(moved.tables.find((table) => table.table === 'public.todos')).toEqual({
      table: 'public.todos',
      source: 3050,
      target: 3050,
    });
    expect(moved.tables.every((table) => table.source === table.target)).toBe(true);
    expect(moved.tables.some((table) => table.table.startsWith('pgboss.') && table.target === 5)).toBe(true);
    expect(listEmbeddedBackups(dataDir)[0]?.file).toBe(moved.backup.file);
  }, 180_000);

  it('refuses a database that already holds tables, and changes nothing in it', async () => {
    const databaseUrl = await emptyDatabase(created);
    const target = new pg.Client({ connectionString: databaseUrl });
    await target.connect();
    try {
      await target.query('create table keep_me (id int); insert into keep_me values (1)');
      await expect(moveEmbeddedToPostgres({ dataDir, databaseUrl })).rejects.toThrow(
        /is not empty \(it has public\.keep_me\)/,
      );
      const { rows } = await target.query<{ count: number }>(
        `select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      expect(rows[0]?.count).toBe(1);
    } finally {
      await target.end();
    }
  }, 60_000);
});
