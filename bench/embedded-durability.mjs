#!/usr/bin/env node
// The embedded database's durability and backups (issue 11), on the built server (apps/server/dist):
// 1. 2,000 single-row inserts, each its own commit, into a cluster folder: PGlite's default start
//    (fsync off) against Keel's (fsync on, WAL synced with fsync(), NODEFS given a real fsync).
// 2. A warm start as the server does it (open the cluster, run migrateDatabase), both ways.
// 3. backupEmbeddedDatabase on a cluster with --todos to-dos: how long the server is blocked
//    (PGlite's transaction lock held while the cluster files are copied), the whole backup, its size,
//    and restoreEmbeddedBackup of it into a fresh folder. Median of --runs.
//
//   npm run build && node bench/embedded-durability.mjs [--runs 3] [--todos 10000]
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { numberOption } from './lib/args.mjs';
import { ensureServerBuilt, ensureTmpDir, median, round, writeResult } from './lib/server.mjs';

ensureServerBuilt();
const dist = new URL('../apps/server/dist/db/', import.meta.url);
const { PGlite } = await import('@electric-sql/pglite');
const { drizzle } = await import('drizzle-orm/pglite');
const { EMBEDDED_POSTGRES_SETTINGS, openEmbeddedDatabase, embeddedClusterDir } = await import(
  new URL('embedded-database.js', dist).href
);
const { migrateDatabase } = await import(new URL('migrate.js', dist).href);
const { backupEmbeddedDatabase } = await import(new URL('embedded-backup.js', dist).href);
const { restoreEmbeddedBackup } = await import(new URL('restore-embedded.js', dist).href);

const runs = numberOption('runs', 3);
const todos = numberOption('todos', 10_000);
const workDir = mkdtempSync(path.join(ensureTmpDir(), 'embedded-durability-'));

/** PGlite as it starts by default (fsync off), with Keel's memory settings so only durability differs. */
async function openWithPgliteDefaults(clusterDir) {
  const settings = Object.entries(EMBEDDED_POSTGRES_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const pglite = await PGlite.create({ dataDir: clusterDir, startParams: [...PGlite.defaultStartParams, ...settings] });
  const ownerSql = {
    async query(text, values) {
      if (values?.length) return pglite.query(text, values);
      return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
    },
  };
  const db = drizzle({ client: pglite, casing: 'snake_case' });
  return { db, ownerSql, kind: 'embedded', pglite, close: () => pglite.close() };
}
const openDurable = async (clusterDir) => openEmbeddedDatabase({ clusterDir });

async function insertsMs(open, label, run) {
  const clusterDir = path.join(workDir, `inserts-${label}-${run}`);
  const database = await open(clusterDir);
  try {
    await database.pglite.exec('create table samples (id serial primary key, name text not null)');
    const started = performance.now();
    for (let index = 0; index < 2_000; index += 1) {
      await database.pglite.query('insert into samples (name) values ($1)', [`row ${index}`]);
    }
    return performance.now() - started;
  } finally {
    await database.close();
    rmSync(clusterDir, { recursive: true, force: true });
  }
}

async function seededDataDir(name) {
  const dataDir = path.join(workDir, name);
  const database = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(dataDir) });
  await migrateDatabase(database);
  await database.pglite.exec(`
    with organization as (insert into organizations (name, slug, trial_ends_at) values ('Acme', 'acme', now()) returning id),
    person as (insert into users (email, first_name, last_name) values ('owner@acme.test', 'Olga', 'Owner') returning id),
    team as (insert into teams (organization_id, name) select id, 'Leadership' from organization returning id, organization_id)
    insert into todos (organization_id, team_id, owner_id, title, due_date)
    select team.organization_id, team.id, person.id, 'To-do number ' || n || ' of the weekly meeting', current_date + n % 30
    from team, person, generate_series(1, ${todos}) n`);
  await database.close();
  return dataDir;
}

async function warmStartMs(open, dataDir) {
  const started = performance.now();
  const database = await open(embeddedClusterDir(dataDir));
  await migrateDatabase(database);
  const ms = performance.now() - started;
  await database.close();
  return ms;
}

const results = {
  insertsFsyncOffMs: [],
  insertsKeelMs: [],
  warmStartFsyncOffMs: [],
  warmStartKeelMs: [],
  blockedMs: [],
  backupMs: [],
  backupBytes: [],
  restoreMs: [],
};
const dataDir = await seededDataDir('seeded');
for (let run = 0; run < runs; run += 1) {
  results.insertsFsyncOffMs.push(await insertsMs(openWithPgliteDefaults, 'off', run));
  results.insertsKeelMs.push(await insertsMs(openDurable, 'keel', run));
  results.warmStartFsyncOffMs.push(await warmStartMs(openWithPgliteDefaults, dataDir));
  results.warmStartKeelMs.push(await warmStartMs(openDurable, dataDir));

  const database = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(dataDir) });
  // How long a request waits behind the backup: a query issued right after the backup starts.
  const backupStarted = performance.now();
  const backup = backupEmbeddedDatabase({
    pglite: database.pglite,
    dataDir,
    now: new Date(Date.UTC(2026, 0, 1, 0, 0, run)),
  });
  await database.pglite.query('select 1');
  results.blockedMs.push(performance.now() - backupStarted);
  const { file, bytes } = await backup;
  results.backupMs.push(performance.now() - backupStarted);
  results.backupBytes.push(bytes);
  await database.close();

  const restoreStarted = performance.now();
  await restoreEmbeddedBackup({ backupFile: file, dataDir: path.join(workDir, `restored-${run}`) });
  results.restoreMs.push(performance.now() - restoreStarted);
  rmSync(path.join(workDir, `restored-${run}`), { recursive: true, force: true });
}
rmSync(workDir, { recursive: true, force: true });

const summary = Object.fromEntries(Object.entries(results).map(([name, values]) => [name, round(median(values))]));
console.log(`runs ${runs}, ${todos} to-dos`);
for (const [name, values] of Object.entries(results))
  console.log(`${name.padEnd(22)} median ${summary[name]}  (${values.map((value) => round(value)).join(', ')})`);
console.log(`written to ${writeResult('embedded-durability', { runs, todos, summary, results })}`);
