import { loadConfig } from './config.js';

const config = loadConfig();
// Error reporting starts before the server's modules are loaded (its instrumentation hooks their first
// import), and only when configured: without SENTRY_DSN the Sentry SDK is never loaded.
const errorReporter = config.errorReporting
  ? (await import('./observability/sentry.js')).startSentry(config.errorReporting)
  : undefined;
const { openMigratedDatabase } = await import('./db/open-database.js');
const { buildApp } = await import('./app.js');

const database = await openMigratedDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ database, config, errorReporter });

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
    await errorReporter?.flush(2_000);
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
