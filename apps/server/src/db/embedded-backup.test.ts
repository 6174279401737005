import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededCluster, tableFingerprints } from '../test-support/seeded-cluster.js';
import {
  backupEmbeddedDatabase,
  embeddedBackupsDir,
  listEmbeddedBackups,
  writeEmbeddedBackup,
} from './embedded-backup.js';
import { embeddedClusterDir, openEmbeddedDatabase } from './embedded-database.js';
import { readSqlDump, restoreEmbeddedBackup, RestoreRefusedError } from './restore-embedded.js';

// The dump child runs the TypeScript source, as under `npm run dev`.
const childNodeOptions = ['--import', 'tsx', '--conditions=keel-source'];
const workDir = mkdtempSync(path.join(os.tmpdir(), 'keel-backup-test-'));
const sourceDir = path.join(workDir, 'source');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function fingerprintsOf(dataDir: string) {
  const database = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(dataDir) });
  try {
    return await tableFingerprints(database.pglite);
  } finally {
    await database.close();
  }
}

// About the embedded database only: the PostgreSQL pass (TEST_DATABASE_URL set) would run it again unchanged.
const onPostgresPass = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgresPass)('backups of the embedded database', () => {
  let backupFile: string;
  let sourceFingerprints: Record<string, string>;

  beforeAll(async () => {
    await createSeededCluster(sourceDir);
    const database = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(sourceDir) });
    try {
      // A request's transaction is open when the backup starts: the backup waits for its commit
      // rather than copying it half done (the copy would then miss its row).
      let commitNow = () => undefined as void;
      let inserted = () => undefined as void;
      const rowInserted = new Promise<void>((resolve) => (inserted = resolve));
      const requestTransaction = database.pglite.transaction(async (tx) => {
        await tx.exec(`insert into todos (organization_id, team_id, owner_id, title, due_date)
                       select organization_id, team_id, owner_id, 'Committed during the backup', due_date from todos limit 1`);
        inserted();
        await new Promise<void>((resolve) => (commitNow = resolve));
      });
      await rowInserted;
      const backupDone = backupEmbeddedDatabase({
        pglite: database.pglite,
        dataDir: sourceDir,
        now: new Date('2026-11-26T03:00:00Z'),
        nodeOptions: childNodeOptions,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      commitNow();
      await requestTransaction;
      const backup = await backupDone;
      backupFile = backup.file;
      expect(backup).toEqual({
        file: path.join(embeddedBackupsDir(sourceDir), 'keel-20261126-030000.sql'),
        bytes: expect.any(Number) as number,
        at: new Date('2026-11-26T03:00:00Z'),
      });
      expect(backup.bytes).toBeGreaterThan(100_000);
    } finally {
      await database.close();
    }
    sourceFingerprints = await fingerprintsOf(sourceDir);
  }, 240_000);

  it('restores into a fresh folder with every table, row, sequence and security setting of the source', async () => {
    const restoredDir = path.join(workDir, 'restored');
    const restored = await restoreEmbeddedBackup({ backupFile, dataDir: restoredDir });
    expect(restored).toEqual({ clusterDir: embeddedClusterDir(restoredDir), movedAsideTo: undefined });
    const fingerprints = await fingerprintsOf(restoredDir);
    const waitingJobs = Object.entries(fingerprints).filter(([name]) => name.startsWith('pgboss.'));
    expect(waitingJobs.some(([, fingerprint]) => fingerprint.startsWith('5 rows'))).toBe(true);
    expect(sourceFingerprints['public.todos']).toMatch(/^3051 rows/);
    expect(fingerprints).toEqual(sourceFingerprints);
  }, 120_000);

  it('keeps an existing database unless told, and then moves it aside rather than deleting it', async () => {
    const targetDir = path.join(workDir, 'occupied');
    await restoreEmbeddedBackup({ backupFile, dataDir: targetDir });
    await expect(restoreEmbeddedBackup({ backupFile, dataDir: targetDir })).rejects.toThrow(/already holds a database/);
    const forced = await restoreEmbeddedBackup({
      backupFile,
      dataDir: targetDir,
      force: true,
      now: new Date('2026-11-26T04:05:06Z'),
    });
    expect(forced.movedAsideTo).toBe(`${embeddedClusterDir(targetDir)}.before-restore-20261126-040506`);
    expect(existsSync(path.join(forced.movedAsideTo!, 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('refuses a dump that was cut short, and a file that is no dump', () => {
    const cut = path.join(workDir, 'cut.sql');
    writeFileSync(cut, '--\n-- PostgreSQL database dump\n--\nCREATE TABLE half (');
    expect(() => readSqlDump(cut)).toThrow(RestoreRefusedError);
    const other = path.join(workDir, 'notes.txt');
    writeFileSync(other, 'shopping list');
    expect(() => readSqlDump(other)).toThrow(/not a plain-SQL dump/);
  });
});

describe.skipIf(onPostgresPass)('the backups folder', () => {
  const dataDir = path.join(workDir, 'retention');

  it('keeps the newest 7 and never lists a half-written dump', async () => {
    for (let day = 1; day <= 8; day += 1) {
      writeEmbeddedBackup(dataDir, '-- old backup\n', new Date(Date.UTC(2026, 10, day, 3)));
    }
    const halfWritten = path.join(embeddedBackupsDir(dataDir), '.keel-20261125-030000.sql.partial');
    writeFileSync(halfWritten, '-- PostgreSQL database dump\nCREATE TABLE');
    expect(listEmbeddedBackups(dataDir)).toHaveLength(8);

    const database = await openEmbeddedDatabase({});
    try {
      await database.pglite.exec('create table notes (id serial primary key, text text)');
      const backup = await backupEmbeddedDatabase({
        pglite: database.pglite,
        dataDir,
        now: new Date('2026-11-26T03:00:00Z'),
        nodeOptions: childNodeOptions,
      });
      const listed = listEmbeddedBackups(dataDir);
      expect(listed).toHaveLength(7);
      expect(listed[0]).toEqual(backup);
      expect(listed.map((entry) => path.basename(entry.file))).toEqual([
        'keel-20261126-030000.sql',
        ...[8, 7, 6, 5, 4, 3].map((day) => `keel-202611${String(day).padStart(2, '0')}-030000.sql`),
      ]);
      // The interrupted backup's leftover is cleared by the next one.
      expect(readdirSync(embeddedBackupsDir(dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('lists nothing when there is no backups folder', () => {
    expect(listEmbeddedBackups(path.join(workDir, 'never-backed-up'))).toEqual([]);
  });
});
