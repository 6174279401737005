import { describe, expect, it } from 'vitest';
import type { DataIsolationReport, IsolationCheck, Session } from '@keel/contract';
import { bearer, bodyOf, expectDocumented, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

const t = useTenantFixture(['admin', 'member', 'observer'], {
  owner: { organizationName: 'Isolated Ltd' },
  other: { organizationName: 'Elsewhere Inc' },
});
const orgOf = () => t.owner.user.organizationId;
const run = (session: Session | null, org = orgOf()) =>
  t.context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${org}/data-isolation/runs`,
    headers: session ? bearer(session) : {},
  });
const report = async (session: Session = t.owner) => {
  const response = await run(session);
  expect(response.statusCode).toBe(200);
  return bodyOf<{ data: DataIsolationReport }>(response).data;
};
const check = (body: DataIsolationReport, key: IsolationCheck['key']) =>
  body.checks.find((entry) => entry.key === key)!;
const asOwner = <T extends Record<string, unknown>>(query: string) => queryAsOwner<T>(t.context.database, query);
/** A role setting is server-wide: on a shared PostgreSQL server it would reach other test files' databases. */
const onSharedServer = Boolean(process.env.TEST_DATABASE_URL);

// Every run counts against the organization's few runs a minute: the suite stays within them until the last test.
describe('POST /organizations/{id}/data-isolation/runs', () => {
  it('answers 401 without a token, 400 for a malformed id, 404 for another organization, 403 for a member', async () => {
    expect((await run(null)).statusCode).toBe(401);
    expect((await run(t.owner, 'not-an-id')).statusCode).toBe(400);
    const elsewhere = await run(t.owner, t.other.user.organizationId);
    expect(elsewhere.statusCode).toBe(404);
    expect(bodyOf<{ code: string }>(elsewhere).code).toBe('organization.not_found');
    const member = await run(t.members.member);
    expect(member.statusCode).toBe(403);
    await expectDocumented(t.context, ['/api/v1/organizations/{organizationId}/data-isolation/runs']);
  });

  it('passes the three checks on the real database, each with the time it ran', async () => {
    const before = Date.now();
    const body = await report(t.members.admin);
    expect(body.passed).toBe(true);
    expect(body.checks.map((entry) => [entry.key, entry.passed])).toEqual([
      ['app_role_cannot_bypass', true],
      ['tables_force_rls', true],
      ['other_tenant_sees_nothing', true],
    ]);
    for (const entry of body.checks) {
      expect(Date.parse(entry.ranAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(check(body, 'app_role_cannot_bypass').detail).toMatch(/keel_app, which is not a superuser.*was refused/);
    expect(check(body, 'tables_force_rls').detail).toContain('refresh_tokens is global by design');
    const [tables] = await asOwner<{ count: number }>(
      `select count(distinct table_name)::int as count from information_schema.columns
       where table_schema = 'public' and column_name = 'organization_id' and table_name <> 'refresh_tokens'`,
    );
    expect(body.tablesChecked).toBe(tables!.count);
    // Every row of the organization in those tables: its memberships, teams, audit events and the rest.
    const [memberships] = await asOwner<{ count: number }>(
      `select count(*)::int as count from memberships where organization_id = '${orgOf()}'`,
    );
    expect(memberships!.count).toBe(4);
    expect(body.rowsProtected).toBeGreaterThan(memberships!.count);
    expect(check(body, 'other_tenant_sees_nothing').detail).toContain(
      `none of this organization's ${body.rowsProtected.toLocaleString('en-US')} rows`,
    );
  });

  it("lists the organization's cross-organization refusals, newest first, without the other's ids or name", async () => {
    const otherId = t.other.user.organizationId;
    const outgoing = await t.context.app.inject({
      url: `/api/v1/organizations/${otherId}/admin-tools/figures`,
      headers: bearer(t.owner),
    });
    expect(outgoing.statusCode).toBe(404);
    const incoming = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${orgOf()}/system-health`,
      headers: bearer(t.other),
    });
    expect(incoming.statusCode).toBe(404);

    const response = await run(t.owner);
    const body = bodyOf<{ data: DataIsolationReport }>(response).data;
    expect(body.refusals.slice(0, 3)).toEqual([
      expect.objectContaining({
        method: 'GET',
        route: '/api/v1/organizations/:organizationId/system-health',
        direction: 'incoming',
      }),
      expect.objectContaining({
        method: 'GET',
        route: '/api/v1/organizations/:organizationId/admin-tools/figures',
        direction: 'outgoing',
      }),
      // The first test's attempt, made by the owner too.
      expect.objectContaining({
        method: 'POST',
        route: '/api/v1/organizations/:organizationId/data-isolation/runs',
        direction: 'outgoing',
      }),
    ]);
    expect(response.body).not.toContain(otherId);
    expect(response.body).not.toContain(t.other.user.id);
    expect(response.body).not.toContain('Elsewhere');
  });

  it('fails the RLS checks for a table with an organization column that does not force row-level security', async () => {
    await asOwner(
      `create table isolation_probe (id uuid primary key default gen_random_uuid(), organization_id uuid not null)`,
    );
    await asOwner(`grant select on isolation_probe to keel_app`);
    await asOwner(`insert into isolation_probe (organization_id) values ('${orgOf()}'), ('${orgOf()}')`);
    try {
      const body = await report();
      expect(body.passed).toBe(false);
      expect(check(body, 'app_role_cannot_bypass').passed).toBe(true);
      expect(check(body, 'tables_force_rls').passed).toBe(false);
      expect(check(body, 'tables_force_rls').detail).toContain('not enabled and forced on 1 table: isolation_probe.');
      expect(check(body, 'other_tenant_sees_nothing').passed).toBe(false);
      expect(check(body, 'other_tenant_sees_nothing').detail).toBe(
        "A scope set to another organization could see this organization's rows in isolation_probe (2 rows).",
      );
    } finally {
      await asOwner(`drop table isolation_probe`);
    }
  });

  it.skipIf(onSharedServer)(
    'fails the first check when the application role may bypass row-level security',
    async () => {
      await asOwner(`alter role keel_app bypassrls`);
      try {
        const body = await report();
        expect(check(body, 'app_role_cannot_bypass')).toMatchObject({
          passed: false,
          detail: 'Requests run as keel_app, which may bypass row-level security.',
        });
      } finally {
        await asOwner(`alter role keel_app nobypassrls`);
      }
    },
  );

  it('limits runs to a few a minute per organization', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6 && !answers.includes(429); attempt += 1) {
      answers.push((await run(t.members.admin)).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
    const limited = await run(t.owner);
    expect(bodyOf<{ code: string }>(limited).code).toBe('request.rate_limited');
    // Another organization keeps its own runs.
    const elsewhere = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${t.other.user.organizationId}/data-isolation/runs`,
      headers: bearer(t.other),
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(bodyOf<{ data: DataIsolationReport }>(elsewhere).data.passed).toBe(true);
  });
});
