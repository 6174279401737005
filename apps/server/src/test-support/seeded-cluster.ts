import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import { embeddedClusterDir, openEmbeddedDatabase } from '../db/embedded-database.js';
import { migrateDatabase } from '../db/migrate.js';
import { APP_ROLE } from '../db/table-helpers.js';
import { bossDatabase, JOB_SCHEMA } from '../jobs/job-schema.js';

interface SqlClient {
  query<Row extends Record<string, unknown>>(text: string): Promise<{ rows: Row[] }>;
}

/**
 * An embedded cluster in DATA_DIR/pgdata, migrated for real, with two organizations, their people,
 * teams and `todoCount` to-dos, an audit trail, a mail in the outbox and jobs waiting in the queue.
 */
export async function createSeededCluster(dataDir: string, todoCount = 3_000): Promise<void> {
  const database = await openEmbeddedDatabase({ clusterDir: embeddedClusterDir(dataDir) });
  try {
    await migrateDatabase(database);
    await seedOrganization(database.pglite, 'Acme', todoCount);
    await seedOrganization(database.pglite, 'Globex', 50);
    const boss = new PgBoss({
      db: bossDatabase(database.ownerSql),
      schema: JOB_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue('backup-test');
    for (let index = 0; index < 5; index += 1) await boss.send('backup-test', { index });
    await boss.stop({ graceful: false, wait: true, close: false });
  } finally {
    await database.close();
  }
}

async function seedOrganization(pglite: PGlite, name: string, todoCount: number): Promise<void> {
  const slug = name.toLowerCase();
  await pglite.exec(`
    with organization as (
      insert into organizations (name, slug, trial_ends_at) values ('${name}', '${slug}', now() + interval '14 days') returning id
    ), people as (
      insert into users (email, first_name, last_name)
      select 'person' || n || '@${slug}.test', 'Person', 'Number ' || n from generate_series(1, 12) n returning id
    ), joined as (
      insert into memberships (organization_id, user_id, role)
      select organization.id, people.id, 'member' from organization, people returning organization_id, user_id
    ), team as (
      insert into teams (organization_id, name) select id, '${name} leadership' from organization returning id, organization_id
    ), team_people as (
      insert into team_members (organization_id, team_id, user_id)
      select team.organization_id, team.id, joined.user_id from team, joined returning user_id
    )
    insert into todos (organization_id, team_id, owner_id, title, due_date)
    select team.organization_id, team.id, (select min(user_id::text)::uuid from team_people),
           'To-do ' || n || ' with a quote '' and ünïcode', current_date + (n % 30)
    from team, generate_series(1, ${todoCount}) n;
    insert into audit_events (organization_id, action)
    select id, 'organization.created' from organizations where slug = '${slug}';
    insert into mail_outbox (to_address, subject, text_body, status)
    values ('person1@${slug}.test', 'Welcome to ${name}', 'Hello', 'queued');
  `);
}

/** Per table of every schema but PostgreSQL's own: its row count and an md5 of its rows in a fixed order. */
export async function tableFingerprints(client: SqlClient): Promise<Record<string, string>> {
  await client.query(`set timezone = 'UTC'`);
  const { rows: tables } = await client.query<{ name: string }>(`
    select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    order by 1`);
  const fingerprints: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ fingerprint: string }>(
      `select count(*) || ' rows, md5 ' || md5(coalesce(string_agg(t::text, '|' order by t::text collate "C"), '')) as fingerprint from ${name} t`,
    );
    fingerprints[name] = rows[0]!.fingerprint;
  }
  const { rows: sequences } = await client.query<{ name: string; value: string }>(`
    select schemaname || '.' || sequencename as name, coalesce(last_value, 0)::text as value from pg_sequences
    where schemaname not in ('pg_catalog', 'information_schema')`);
  for (const { name, value } of sequences) fingerprints[`sequence ${name}`] = value;
  const { rows: security } = await client.query<{ name: string; posture: string }>(`
    select n.nspname || '.' || c.relname as name,
           'rls ' || c.relrowsecurity || ', forced ' || c.relforcerowsecurity || ', app role may ' || coalesce((
             select string_agg(a.privilege_type, ',' order by a.privilege_type) from aclexplode(c.relacl) a
             where a.grantee = (select oid from pg_roles where rolname = '${APP_ROLE}')), 'nothing') as posture
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'pgboss')`);
  for (const { name, posture } of security) fingerprints[`security ${name}`] = posture;
  return fingerprints;
}
