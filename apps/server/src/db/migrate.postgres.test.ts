import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDatabase } from '../test-support/test-database.js';
import type { DatabaseHandle } from './database.js';
import { migrateDatabase } from './migrate.js';
import { openDatabase } from './open-database.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Server processes starting together on one PostgreSQL each migrate it at start. */
describe.skipIf(!databaseUrl)('migrations from several processes at once (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  const others: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await serverDatabase(databaseUrl!);
  });
  afterAll(async () => {
    await Promise.all(others.map((handle) => handle.close()));
    await database?.close();
  });

  it('takes turns: four at once all succeed and leave the schema as one would', async () => {
    for (let n = 0; n < 4; n += 1) others.push(await openDatabase({ databaseUrl: database.url }));
    await expect(Promise.all(others.map((handle) => migrateDatabase(handle)))).resolves.toBeDefined();
    const { rows } = await database.ownerSql.query(
      `select count(*)::int as unforced from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity and not c.relforcerowsecurity`,
    );
    expect(rows[0]?.unforced).toBe(0);
  });
});
