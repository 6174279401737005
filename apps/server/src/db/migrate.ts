import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { installJobSchema } from '../jobs/job-schema.js';
import type { DatabaseHandle } from './database.js';
import { APP_ROLE } from './table-helpers.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Creates the application role the migrations grant to, when the server does not have it yet. */
export const CREATE_APP_ROLE_SQL = `
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin nosuperuser nobypassrls noinherit;
      end if;
    end $$;`;

/**
 * Brings any database (fresh or old, embedded or server) to the current schema, then re-asserts the
 * security posture every start: the app role exists and may use every table, and every table that
 * has row-level security has it forced, so a table added later cannot forget it.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrate = () => migrateNow(handle);
  await (handle.migrationLock ? handle.migrationLock(migrate) : migrate());
}

async function migrateNow(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await db.execute(sql.raw(CREATE_APP_ROLE_SQL));
  await db.execute(sql.raw(`grant ${APP_ROLE} to current_user`)).catch(() => undefined);

  if (handle.kind === 'embedded') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db as never, { migrationsFolder });
  }

  const securityStatements = [
    `grant usage on schema public to ${APP_ROLE}`,
    `grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`,
    `grant usage, select on all sequences in schema public to ${APP_ROLE}`,
    `do $$ declare t record; begin
      for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity and not c.relforcerowsecurity loop
        execute format('alter table %I force row level security', t.relname);
      end loop;
    end $$`,
  ];
  for (const statement of securityStatements) await db.execute(sql.raw(statement));
  await installJobSchema(handle.ownerSql);
}
