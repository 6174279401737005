import { spawn } from 'node:child_process';
import { existsSync, fsyncSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { DatabaseHandle, Database, OwnerSql } from './database.js';
import * as schema from './schema.js';

/**
 * PostgreSQL's settings inside PGlite, sized for one organization's team rather than a shared
 * server. PGlite's WebAssembly memory only grows: every buffer it ever touches stays resident for
 * the life of the process, so the defaults (shared_buffers 128MB, maintenance_work_mem 64MB) become
 * RSS once the data or a migration's index build has passed through them. Pages not in
 * shared_buffers are still in the operating system's file cache.
 */
export const EMBEDDED_POSTGRES_SETTINGS = {
  shared_buffers: '8MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
} as const;

/**
 * PGlite's own start turns fsync off (`-F`) and, even with it on, its Node filesystem (Emscripten's
 * NODEFS) has no fsync and its fdatasync is a no-op: a commit reached the operating system's cache,
 * never the disk, so a power cut could lose it. Keel starts PostgreSQL with fsync on, syncs WAL with
 * fsync() (the one call that reaches the filesystem) and gives NODEFS a real fsync. Measured cost:
 * see bench/RESULTS.md (issue 11).
 */
const DURABILITY_SETTINGS = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'] as const;

/** A cluster folder whose fsync calls reach the disk; counts them so a test can prove they do. */
export class DurableNodeFS extends NodeFS {
  fsyncCalls = 0;

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const installFsync = (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
      mod.NODEFS.stream_ops.fsync = (stream: { nfd: number }) => {
        this.fsyncCalls += 1;
        fsyncSync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), installFsync] } };
  }
}

/** The cluster's folder inside DATA_DIR. */
export const embeddedClusterDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/** Opens PGlite on a cluster folder (created there by initdb when empty), or in memory without one. */
export async function openEmbeddedDatabase(options: {
  clusterDir?: string | undefined;
  loadDataDir?: Blob | File | undefined;
}): Promise<DatabaseHandle & { pglite: PGlite }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.clusterDir) mkdirSync(options.clusterDir, { recursive: true });
  const settings = Object.entries(EMBEDDED_POSTGRES_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const startParams = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), ...DURABILITY_SETTINGS];
  const pglite = await PGlite.create({
    ...(options.clusterDir ? { fs: new DurableNodeFS(options.clusterDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...startParams, ...settings],
  });
  const db = drizzle({ client: pglite, schema, casing: 'snake_case' }) as unknown as Database;
  return { db, ownerSql: pgliteOwnerSql(pglite), kind: 'embedded', pglite, close: () => pglite.close() };
}

function pgliteOwnerSql(pglite: PGlite): OwnerSql {
  return {
    async query(text, values) {
      if (values && values.length > 0) return pglite.query<Record<string, unknown>>(text, values);
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

function isEmptyOrMissing(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

/**
 * On a first start, creates and migrates the cluster in a child process that exits before the server
 * opens it. Creating a cluster runs initdb in a second PGlite instance and copies its files through
 * memory: ~800 MB that a process keeps once touched (a worker thread keeps ~150 MB of it after it
 * ends), against ~170 MB for opening the finished cluster. The child builds it beside the final
 * folder and the folder is renamed into place only once migrated, so a start interrupted midway
 * leaves no half-made cluster behind. True when it created the cluster (then already migrated).
 */
export async function createEmbeddedClusterIfMissing(
  dataDir: string,
  /** The child's node flags: this process's own by default, which carry tsx's loader in development. */
  nodeOptions: readonly string[] = process.execArgv,
): Promise<boolean> {
  const clusterDir = embeddedClusterDir(dataDir);
  if (!isEmptyOrMissing(clusterDir)) return false;
  const buildingDir = `${clusterDir}.creating`;
  rmSync(buildingDir, { recursive: true, force: true });
  // The child is this folder's create-embedded-cluster module: .js when built, .ts under tsx.
  const ownFile = fileURLToPath(import.meta.url);
  const childEntry = path.join(path.dirname(ownFile), `create-embedded-cluster${path.extname(ownFile)}`);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, childEntry, buildingDir], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  if (exit.code !== 0) {
    rmSync(buildingDir, { recursive: true, force: true });
    throw new Error(
      `creating the embedded database in ${clusterDir} failed (${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`})`,
    );
  }
  if (existsSync(clusterDir)) rmdirSync(clusterDir);
  renameSync(buildingDir, clusterDir);
  return true;
}
