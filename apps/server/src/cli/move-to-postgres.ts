// npm run db:move-to-postgres -- [--data-dir <dir>] --database-url <postgres://...>
// Copies an embedded install (DATA_DIR/pgdata) into an empty PostgreSQL database. Stop the server first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeUrl, moveEmbeddedToPostgres } from '../db/move-to-postgres.js';
import { RestoreRefusedError } from '../db/restore-embedded.js';

const usage =
  'usage: npm run db:move-to-postgres -- [--data-dir <dir>] --database-url <postgres://user:password@host/database>';

try {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } });
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new RestoreRefusedError(usage);
  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  console.log(`Moving the embedded database in ${dataDir} to ${describeUrl(databaseUrl)} ...`);
  const { backup, tables } = await moveEmbeddedToPostgres({ dataDir, databaseUrl });
  const width = Math.max(...tables.map((table) => table.table.length), 'table'.length);
  console.log(`\n${'table'.padEnd(width)}  ${'embedded'.padStart(9)}  ${'postgresql'.padStart(10)}`);
  for (const table of tables) {
    const mark = table.source === table.target ? '' : '  <- differs';
    console.log(
      `${table.table.padEnd(width)}  ${String(table.source).padStart(9)}  ${String(table.target).padStart(10)}${mark}`,
    );
  }
  const differing = tables.filter((table) => table.source !== table.target);
  if (differing.length > 0) {
    console.error(`\n${differing.length} table(s) differ: do not switch over; the dump moved is ${backup.file}.`);
    process.exitCode = 1;
  } else {
    console.log(`\nEvery row is in PostgreSQL (the dump moved is kept as ${backup.file}).`);
    console.log('Start the server with DATABASE_URL set to that database; DATA_DIR/pgdata is no longer used.');
  }
} catch (error) {
  const known = error instanceof RestoreRefusedError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
