import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { embeddedClusterDir, openEmbeddedDatabase } from './embedded-database.js';
import { CREATE_APP_ROLE_SQL, migrateDatabase } from './migrate.js';

/** A problem the operator can fix (wrong file, a database already there); its message says how. */
export class RestoreRefusedError extends Error {}

const DUMP_HEADER = '-- PostgreSQL database dump';

/** Reads a plain-SQL dump made by pg_dump (a Keel backup), refusing anything else before it touches a database. */
export function readSqlDump(backupFile: string): string {
  if (!existsSync(backupFile)) throw new RestoreRefusedError(`There is no file at ${backupFile}.`);
  const sqlText = readFileSync(backupFile, 'utf8');
  if (!sqlText.slice(0, 2_000).includes(DUMP_HEADER)) {
    throw new RestoreRefusedError(`${backupFile} is not a plain-SQL dump made by pg_dump (a Keel backup is).`);
  }
  if (!sqlText.slice(-200).includes('-- PostgreSQL database dump complete')) {
    throw new RestoreRefusedError(`${backupFile} ends before the dump does: it was cut short and cannot be restored.`);
  }
  return sqlText;
}

const timestamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

/**
 * Restores a backup into DATA_DIR/pgdata as a new embedded cluster. The cluster is built beside the
 * final folder and renamed into place once complete, so a failed restore leaves the folder as it was.
 * An existing cluster is kept unless `force`, and then moved aside (pgdata.before-restore-<time>), never deleted.
 */
export async function restoreEmbeddedBackup(options: {
  backupFile: string;
  dataDir: string;
  force?: boolean;
  now?: Date;
}): Promise<{ clusterDir: string; movedAsideTo: string | undefined }> {
  const { backupFile, dataDir, force = false, now = new Date() } = options;
  const sqlText = readSqlDump(backupFile);
  const clusterDir = embeddedClusterDir(dataDir);
  const hasCluster = existsSync(clusterDir) && readdirSync(clusterDir).length > 0;
  if (hasCluster && !force) {
    throw new RestoreRefusedError(
      `${clusterDir} already holds a database. Stop the server and run again with --force to move it aside and restore.`,
    );
  }
  const buildingDir = `${clusterDir}.restoring`;
  rmSync(buildingDir, { recursive: true, force: true });
  const database = await openEmbeddedDatabase({ clusterDir: buildingDir });
  try {
    // A dump of one database carries grants to the app role but not the role itself.
    await database.pglite.exec(CREATE_APP_ROLE_SQL);
    await database.pglite.exec(sqlText);
    await database.pglite.exec('reset all');
    // A backup from an older version gets the newer migrations; the security posture is re-asserted.
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    rmSync(buildingDir, { recursive: true, force: true });
    throw error;
  }
  await database.close();
  let movedAsideTo: string | undefined;
  if (hasCluster) {
    movedAsideTo = `${clusterDir}.before-restore-${timestamp(now)}`;
    renameSync(clusterDir, movedAsideTo);
  } else {
    rmSync(clusterDir, { recursive: true, force: true });
  }
  renameSync(buildingDir, clusterDir);
  return { clusterDir, movedAsideTo };
}
