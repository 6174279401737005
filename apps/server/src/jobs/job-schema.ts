import PgBoss from 'pg-boss';
import type { OwnerSql } from '../db/database.js';
import { APP_ROLE } from '../db/table-helpers.js';

/** pg-boss keeps its queue in this schema of the same database (decision 0009). */
export const JOB_SCHEMA = 'pgboss';

/** pg-boss's view of a database: the owner's connection, where a text without values may hold several statements. */
export const bossDatabase = (ownerSql: OwnerSql) => ({
  executeSql: (text: string, values?: unknown[]) => ownerSql.query(text, values),
});

/**
 * Creates pg-boss's tables, or brings them to the installed pg-boss version, and lets the app role
 * add jobs: a use case enqueues in its own transaction, as the app role, so the job commits or
 * rolls back with the change that caused it. The app role may insert jobs and read their ids,
 * nothing else of the queue.
 */
export async function installJobSchema(ownerSql: OwnerSql): Promise<void> {
  const boss = new PgBoss({
    db: bossDatabase(ownerSql),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
  await ownerSql.query(
    [
      `grant usage on schema ${JOB_SCHEMA} to ${APP_ROLE}`,
      `grant select on ${JOB_SCHEMA}.queue to ${APP_ROLE}`,
      `grant insert, select (id) on ${JOB_SCHEMA}.job to ${APP_ROLE}`,
    ].join(';\n'),
  );
}
