import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@keel/contract';
import { createTestApp, queryAsOwner, registerOrganization, type TestContext } from '../test-support/test-app.js';
import { accountDb, inAccountScope, inTenant, readInTenant, tenantDb } from './scope.js';
import { teams } from './schema.js';

let context: TestContext;
let alpha: Session;
let beta: Session;

beforeAll(async () => {
  context = await createTestApp();
  alpha = await registerOrganization(context.app, { organizationName: 'Alpha' });
  beta = await registerOrganization(context.app, { organizationName: 'Beta' });
});
afterAll(async () => {
  await context.close();
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** Alpha's tenant scope, read once the organizations exist. */
const asAlpha = () => ({ organizationId: alpha.user.organizationId, userId: alpha.user.id });
/** A team row written through alpha's tenant handle: into another organization, or inside a read scope. */
const insertTeamAsAlpha = (organizationId: string, name: string, createdById: string | null) =>
  tenantDb(alpha.user.organizationId)
    .insert(teams)
    .values({ organizationId, name, isLeadershipTeam: false, createdById });

describe('row-level security', () => {
  it('runs requests as a role that is neither superuser nor owner nor able to bypass RLS', async () => {
    const [role] = await inAccountScope(context.database.db, async () =>
      rowsOf<{ rolsuper: boolean; rolbypassrls: boolean; owns: boolean; current_user: string }>(
        await accountDb().execute(sql`select current_user, r.rolsuper, r.rolbypassrls,
          exists(select 1 from pg_tables where tableowner = current_user and schemaname = 'public') as owns
          from pg_roles r where r.rolname = current_user`),
      ),
    );
    expect(role).toEqual({ current_user: 'keel_app', rolsuper: false, rolbypassrls: false, owns: false });
  });

  it('forces RLS on every table that carries organization_id', async () => {
    const unprotected = await queryAsOwner<{ relname: string }>(
      context.database,
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and exists (select 1 from information_schema.columns col where col.table_name = c.relname and col.column_name = 'organization_id')
         and c.relname <> 'refresh_tokens'
         and not (c.relrowsecurity and c.relforcerowsecurity)`,
    );
    expect(unprotected).toEqual([]);
  });

  it('shows no tenant rows to a transaction without a tenant', async () => {
    const seen = await inAccountScope(context.database.db, async () =>
      rowsOf<{ teams: number; organizations: number; memberships: number }>(
        await accountDb().execute(sql`select
          (select count(*)::int from teams) as teams,
          (select count(*)::int from organizations) as organizations,
          (select count(*)::int from memberships) as memberships`),
      ),
    );
    expect(seen[0]).toEqual({ teams: 0, organizations: 0, memberships: 0 });
  });

  it('shows one organization only its own rows, even with a query that forgets the filter', async () => {
    const alphaTeams = await inTenant(context.database.db, asAlpha(), () =>
      tenantDb(alpha.user.organizationId).select({ organizationId: teams.organizationId }).from(teams),
    );
    expect(alphaTeams.length).toBeGreaterThan(0);
    expect(alphaTeams.every((row) => row.organizationId === alpha.user.organizationId)).toBe(true);
  });

  it('refuses to write a row into another organization', async () => {
    await expect(
      inTenant(context.database.db, asAlpha(), () =>
        insertTeamAsAlpha(beta.user.organizationId, 'Smuggled', alpha.user.id),
      ),
    ).rejects.toThrow();
    const updated = await inTenant(context.database.db, asAlpha(), () =>
      tenantDb(alpha.user.organizationId)
        .update(teams)
        .set({ name: 'Renamed by Alpha' })
        .where(sql`organization_id = ${beta.user.organizationId}`)
        .returning(),
    );
    expect(updated).toEqual([]);
    const betaNames = await queryAsOwner<{ name: string }>(
      context.database,
      `select name from teams where organization_id = '${beta.user.organizationId}'`,
    );
    expect(betaNames.map((row) => row.name)).not.toContain('Renamed by Alpha');
  });

  it('refuses to hand a repository the transaction of another tenant', async () => {
    await expect(
      inTenant(context.database.db, asAlpha(), async () => tenantDb(beta.user.organizationId)),
    ).rejects.toThrow(/another organization/);
  });
});

describe('scopes on a shared connection', () => {
  const teamNamesOf = (organizationId: string) =>
    tenantDb(organizationId).select({ organizationId: teams.organizationId }).from(teams);

  it('refuses writes inside a read scope', async () => {
    await expect(
      readInTenant(context.database.db, asAlpha(), () => insertTeamAsAlpha(alpha.user.organizationId, 'Sneaky', null)),
    ).rejects.toThrow();
    const names = await queryAsOwner<{ name: string }>(
      context.database,
      `select name from teams where name = 'Sneaky'`,
    );
    expect(names).toEqual([]);
  });

  it('never carries one scope over to the next, after success or failure', async () => {
    const db = context.database.db;
    const alphaScope = asAlpha();
    const betaScope = { organizationId: beta.user.organizationId, userId: beta.user.id };
    for (let round = 0; round < 5; round += 1) {
      const alphaRows = await readInTenant(db, alphaScope, () => teamNamesOf(alpha.user.organizationId));
      expect(new Set(alphaRows.map((row) => row.organizationId))).toEqual(new Set([alpha.user.organizationId]));
      await expect(
        inTenant(db, betaScope, async () => {
          await teamNamesOf(beta.user.organizationId);
          throw new Error('use case failed half-way');
        }),
      ).rejects.toThrow('half-way');
      const betaRows = await readInTenant(db, betaScope, () => teamNamesOf(beta.user.organizationId));
      expect(new Set(betaRows.map((row) => row.organizationId))).toEqual(new Set([beta.user.organizationId]));
      const unscoped = await inAccountScope(db, () => accountDb().select({ id: teams.id }).from(teams));
      expect(unscoped).toEqual([]);
    }
  });
});
