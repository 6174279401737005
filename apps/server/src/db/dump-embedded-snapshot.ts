// Child process of backupEmbeddedDatabase: loads a copy of the cluster files (a tar made by
// PGlite's dumpDataDir) into memory, writes it as plain SQL to the file given, and exits.
import { readFileSync } from 'node:fs';
import { dumpEmbeddedSql, writeFileDurably } from './embedded-backup.js';
import { openEmbeddedDatabase } from './embedded-database.js';

const [snapshotFile, outputFile] = process.argv.slice(2);
if (!snapshotFile || !outputFile) throw new Error('usage: dump-embedded-snapshot <snapshot.tar> <output.sql>');
const database = await openEmbeddedDatabase({ loadDataDir: new Blob([readFileSync(snapshotFile)]) });
try {
  writeFileDurably(outputFile, await dumpEmbeddedSql(database.pglite));
} finally {
  await database.close();
}
