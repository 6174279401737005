import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Session } from '@keel/contract';
import { createTestApp, queryAsOwner, registerOrganization, type TestContext } from '../test-support/test-app.js';
import { proveIsolation, type IsolationProof } from './isolation-proof.js';
import { inTenant, tenantDb } from './scope.js';

let context: TestContext;
let alpha: Session;
let beta: Session;

beforeAll(async () => {
  context = await createTestApp();
  alpha = await registerOrganization(context.app, { organizationName: 'Alpha' });
  beta = await registerOrganization(context.app, { organizationName: 'Beta' });
  // Beta has more rows than alpha: none of them may be counted for alpha.
  for (const name of ['One', 'Two', 'Three']) {
    await queryAsOwner(
      context.database,
      `insert into teams (organization_id, name) values ('${beta.user.organizationId}', '${name}')`,
    );
  }
});
afterAll(async () => {
  await context.close();
});

const asOwner = <T extends Record<string, unknown>>(query: string) => queryAsOwner<T>(context.database, query);
const proveForAlpha = (globalTables: readonly string[]) =>
  inTenant(context.database.db, { organizationId: alpha.user.organizationId, userId: alpha.user.id }, async () => {
    const proof = await proveIsolation(context.database.db, alpha.user.organizationId, { globalTables });
    // The scope is still alpha's and still usable after the checks' refused statements.
    const result: unknown = await tenantDb(alpha.user.organizationId).execute(
      sql`select current_setting('app.organization_id') as id`,
    );
    return { proof, scopeAfter: (result as { rows: { id: string }[] }).rows[0]!.id };
  });
const checkOf = (proof: IsolationProof, key: string) => proof.checks.find((check) => check.key === key)!;

describe('isolation proof', () => {
  it("counts exactly this organization's rows in every table with an organization column, and leaves the scope as it was", async () => {
    const tables = await asOwner<{ name: string }>(
      `select table_name as name from information_schema.columns
       where table_schema = 'public' and column_name = 'organization_id' and table_name <> 'refresh_tokens'`,
    );
    let expected = 0;
    for (const { name } of tables) {
      const [row] = await asOwner<{ count: number }>(
        `select count(*)::int as count from "${name}" where organization_id = '${alpha.user.organizationId}'`,
      );
      expected += row!.count;
    }
    const { proof, scopeAfter } = await proveForAlpha(['refresh_tokens']);
    expect(proof.checks.every((check) => check.passed)).toBe(true);
    expect(proof.tablesChecked).toBe(tables.length);
    expect(proof.rowsProtected).toBe(expected);
    expect(scopeAfter).toBe(alpha.user.organizationId);
  });

  it('flags a table with an organization column but no row-level security when it is not declared global', async () => {
    const { proof } = await proveForAlpha([]);
    expect(checkOf(proof, 'tables_force_rls')).toMatchObject({ passed: false });
    expect(checkOf(proof, 'tables_force_rls').detail).toBe(
      'Row-level security is not enabled and forced on 1 table: refresh_tokens.',
    );
    // Its rows are alpha's sessions: a scope of another organization sees them, which is why it must stay global.
    expect(checkOf(proof, 'other_tenant_sees_nothing').detail).toMatch(/rows in refresh_tokens \(\d+ rows?\)\.$/);
  });

  it('fails a check that cannot finish with the reason, and still runs the others', async () => {
    await asOwner(`create table isolation_sealed (organization_id uuid not null)`);
    try {
      const { proof, scopeAfter } = await proveForAlpha(['refresh_tokens']);
      expect(proof.checks.map((check) => [check.key, check.passed])).toEqual([
        ['app_role_cannot_bypass', true],
        ['tables_force_rls', false],
        ['other_tenant_sees_nothing', false],
      ]);
      expect(checkOf(proof, 'other_tenant_sees_nothing').detail).toMatch(
        /^The check could not finish: .*permission denied for table isolation_sealed/,
      );
      expect(scopeAfter).toBe(alpha.user.organizationId);
    } finally {
      await asOwner(`drop table isolation_sealed`);
    }
  });
});
