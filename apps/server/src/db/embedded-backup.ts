import { spawn } from 'node:child_process';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

export interface EmbeddedBackup {
  /** Absolute path of the .sql file. */
  file: string;
  bytes: number;
  at: Date;
}

/** Where the embedded database's backups go inside DATA_DIR. */
export const embeddedBackupsDir = (dataDir: string) => path.join(dataDir, 'backups');

const BACKUP_NAME = /^keel-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.sql$/;
/** Files of a backup still being written: never matched by BACKUP_NAME, so never listed. */
const TEMPORARY_PREFIX = '.keel-';

const pad = (value: number) => String(value).padStart(2, '0');
function backupName(at: Date): string {
  const date = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  return `keel-${date}-${time}.sql`;
}

/**
 * The database as plain SQL (INSERT statements, no owners) that psql, node-postgres or PGlite restore.
 * pg_dump runs synchronously on the instance it is given, so give it one nothing else uses.
 */
export async function dumpEmbeddedSql(pglite: PGlite): Promise<string> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const dump = await pgDump({ pg: pglite, args: ['--no-owner'] });
  return dump.text();
}

/** Writes the file and syncs it to disk, so a rename after it never names a file a power cut emptied. */
export function writeFileDurably(file: string, text: string): void {
  const descriptor = openSync(file, 'w');
  try {
    writeFileSync(descriptor, text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** The backups in DATA_DIR/backups, newest first. */
export function listEmbeddedBackups(dataDir: string): EmbeddedBackup[] {
  const folder = embeddedBackupsDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const parts = BACKUP_NAME.exec(name);
      if (!parts) return [];
      const [year, month, day, hours, minutes, seconds] = parts.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const file = path.join(folder, name);
      const at = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
      return [{ file, bytes: statSync(file).size, at }];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Writes SQL as DATA_DIR/backups/keel-<UTC time>.sql through a temporary name, so a half-written one never counts. */
export function writeEmbeddedBackup(dataDir: string, sqlText: string, at: Date): EmbeddedBackup {
  const folder = embeddedBackupsDir(dataDir);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, backupName(at));
  const partial = path.join(folder, `${TEMPORARY_PREFIX}${backupName(at)}.partial`);
  writeFileDurably(partial, sqlText);
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, at };
}

function pruneBackups(dataDir: string, keep: number): void {
  for (const old of listEmbeddedBackups(dataDir).slice(keep)) rmSync(old.file, { force: true });
}

async function runDumpChild(snapshotFile: string, outputFile: string, nodeOptions: readonly string[]): Promise<void> {
  // The child is this folder's dump-embedded-snapshot module: .js when built, .ts under tsx.
  const ownFile = fileURLToPath(import.meta.url);
  const childEntry = path.join(path.dirname(ownFile), `dump-embedded-snapshot${path.extname(ownFile)}`);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, childEntry, snapshotFile, outputFile], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  if (exit.code !== 0) {
    throw new Error(
      `dumping the embedded database failed (${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`})`,
    );
  }
}

/**
 * Backs the running embedded database up into DATA_DIR/backups as plain SQL, keeps the newest `keep`.
 *
 * pg_dump on the live instance would run synchronously on the server's only session: it would block
 * every request for the whole dump, could land inside a request's open transaction, and leaves
 * session settings (row_security, DateStyle) changed behind it. So the server only copies its
 * cluster files while it holds PGlite's transaction lock (no transaction is open, none can start:
 * the copy is consistent), and a child process loads that copy and runs pg_dump on it, taking its
 * memory with it when it exits.
 */
export async function backupEmbeddedDatabase(options: {
  pglite: PGlite;
  dataDir: string;
  keep?: number;
  now?: Date;
  /** The child's node flags: this process's own by default, which carry tsx's loader in development. */
  nodeOptions?: readonly string[];
}): Promise<EmbeddedBackup> {
  const { pglite, dataDir, keep = 7, now = new Date(), nodeOptions = process.execArgv } = options;
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`keep must be a whole number of at least 1, not ${keep}`);
  const folder = embeddedBackupsDir(dataDir);
  mkdirSync(folder, { recursive: true });
  // Leftovers of a backup interrupted by a stop: one embedded server makes one backup at a time.
  for (const name of readdirSync(folder)) {
    if (name.startsWith(TEMPORARY_PREFIX)) rmSync(path.join(folder, name), { force: true });
  }
  const name = backupName(now);
  const snapshotFile = path.join(folder, `${TEMPORARY_PREFIX}${name}.snapshot.tar`);
  const partialFile = path.join(folder, `${TEMPORARY_PREFIX}${name}.partial`);
  try {
    const snapshot = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'));
    // Written without blocking: requests resume as soon as the lock is released.
    await writeFile(snapshotFile, snapshot.stream());
    await runDumpChild(snapshotFile, partialFile, nodeOptions);
    const file = path.join(folder, name);
    renameSync(partialFile, file);
    pruneBackups(dataDir, keep);
    return { file, bytes: statSync(file).size, at: now };
  } finally {
    rmSync(snapshotFile, { force: true });
    rmSync(partialFile, { force: true });
  }
}
