// Child process of a first start on the embedded database (see createEmbeddedClusterIfMissing):
// creates the cluster in the folder given as its argument, migrates it, closes it and exits, taking
// the memory initdb used with it.
import { openEmbeddedDatabase } from './embedded-database.js';
import { migrateDatabase } from './migrate.js';

const clusterDir = process.argv[2];
if (!clusterDir) throw new Error('usage: create-embedded-cluster <cluster folder>');
// A server stopped during its first start takes this child with it (the IPC channel closes), so no
// orphan is still writing when the next start clears the folder.
const stopWithParent = () => process.exit(1);
process.on('disconnect', stopWithParent);
const database = await openEmbeddedDatabase({ clusterDir });
try {
  await migrateDatabase(database);
} finally {
  await database.close();
}
process.off('disconnect', stopWithParent);
process.disconnect?.();
