// npm run db:restore -- <backup.sql> [--data-dir <dir>] [--force]
// Restores a backup (DATA_DIR/backups/keel-*.sql) into DATA_DIR/pgdata. Stop the server first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreEmbeddedBackup, RestoreRefusedError } from '../db/restore-embedded.js';

const usage = 'usage: npm run db:restore -- <backup.sql> [--data-dir <dir>] [--force]';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const [backupFile] = positionals;
  if (!backupFile || positionals.length > 1) throw new RestoreRefusedError(usage);
  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  console.log(`Restoring ${backupFile} into ${dataDir} ...`);
  const { clusterDir, movedAsideTo } = await restoreEmbeddedBackup({
    backupFile: path.resolve(backupFile),
    dataDir,
    force: values.force,
  });
  if (movedAsideTo) console.log(`The database that was there is kept in ${movedAsideTo}.`);
  console.log(`Restored into ${clusterDir}. Start the server with DATA_DIR=${dataDir}.`);
} catch (error) {
  const known = error instanceof RestoreRefusedError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(known ? (error as Error).message : error);
  if (known && !(error instanceof RestoreRefusedError)) console.error(usage);
  process.exitCode = 1;
}
