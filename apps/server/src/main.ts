import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openMigratedDatabase } from './db/open-database.js';

const config = loadConfig();
const database = await openMigratedDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ database, config });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Keel is ready at ${config.appUrl} (database: ${database.kind === 'embedded' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`,
);
