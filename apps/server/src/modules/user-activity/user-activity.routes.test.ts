import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventPage, Session } from '@keel/contract';
import {
  bearer,
  bodyOf,
  expectDocumented,
  queryAsOwner,
  TEST_PASSWORD,
  useTenantFixture,
} from '../../test-support/test-app.js';

const t = useTenantFixture(['admin', 'member', 'observer']);
const orgOf = () => t.owner.user.organizationId;
const get = (session: Session | null, path: string, org = orgOf()) =>
  t.context.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${org}/audit-events${path}`,
    headers: session ? bearer(session) : {},
  });
const page = async (query: string, session: Session = t.owner) => {
  const response = await get(session, `?${query}`);
  expect(response.statusCode).toBe(200);
  return bodyOf<AuditEventPage>(response);
};
const insertEvent = (values: { action: string; at: string; actorId?: string; userAgent?: string; summary?: string }) =>
  queryAsOwner(
    t.context.database,
    `insert into audit_events (organization_id, actor_user_id, action, user_agent, summary, created_at)
     values ('${orgOf()}', ${values.actorId ? `'${values.actorId}'` : 'null'}, '${values.action}',
       ${values.userAgent ? `'${values.userAgent}'` : 'null'}, ${values.summary ? `'${values.summary}'::jsonb` : 'null'}, '${values.at}')`,
  );

beforeAll(async () => {
  // A failed sign-in of a known e-mail lands in that person's organization.
  const failed = await t.context.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: t.members.admin.user.email, password: `${TEST_PASSWORD}!wrong` },
  });
  expect(failed.statusCode).toBe(401);
  await queryAsOwner(t.context.database, `update organizations set timezone = 'Europe/Paris' where id = '${orgOf()}'`);
  // 00:30 on 2 March in Paris is still 1 March in UTC: the day filters follow the organization's timezone.
  await insertEvent({ action: 'member.role_changed', at: '2026-03-01T23:30:00Z', actorId: t.owner.user.id });
  await insertEvent({
    action: 'consultant.switched_in',
    at: '2026-02-10T12:00:00Z',
    userAgent: '=cmd|calc',
    summary: '{"note":"-1+1, \\"quoted\\""}',
  });
});

describe('GET /organizations/{id}/audit-events', () => {
  it('lists sign-ins and failed sign-ins with their actor, newest first, for an owner and an admin', async () => {
    const body = await page('limit=200');
    const actions = body.data.map((event) => event.action);
    expect(actions).toContain('auth.signed_in');
    const failed = body.data.find((event) => event.action === 'auth.sign_in_failed')!;
    expect(failed.actor).toEqual({
      id: t.members.admin.user.id,
      name: `${t.members.admin.user.firstName} ${t.members.admin.user.lastName}`,
      email: t.members.admin.user.email,
    });
    const times = body.data.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.data.some((event) => event.action === 'consultant.switched_in' && event.actor === null)).toBe(true);
    expect((await page('limit=5', t.members.admin)).data).toHaveLength(5);
  });

  it('pages with a cursor without skipping or repeating a row', async () => {
    const all = (await page('limit=200')).data.map((event) => event.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: AuditEventPage = await page(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.data.map((event) => event.id));
      cursor = next.page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('filters by person, action and days of the organization', async () => {
    const mine = await page(`actorId=${t.members.admin.user.id}`);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((event) => event.actor?.id === t.members.admin.user.id)).toBe(true);
    const failed = await page('action=auth.sign_in_failed');
    expect(failed.data.map((event) => event.action)).toEqual(['auth.sign_in_failed']);
    expect((await page('from=2026-03-02&to=2026-03-02')).data.map((event) => event.action)).toEqual([
      'member.role_changed',
    ]);
    expect((await page('from=2026-03-01&to=2026-03-01')).data).toEqual([]);
    expect((await page('from=2026-02-01&to=2026-03-01')).data.map((event) => event.action)).toEqual([
      'consultant.switched_in',
    ]);
  });

  it('answers 400 for bad filters, 401 without a token, 403 for a member or observer, 404 for another organization', async () => {
    for (const query of [
      'actorId=nope',
      'from=2026-02-30',
      'from=2026-03-02&to=2026-03-01',
      'limit=0',
      'limit=abc',
      'cursor=bad',
      'unknown=1',
      'action=DROP%20TABLE',
    ]) {
      expect((await get(t.owner, `?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get(null, '')).statusCode).toBe(401);
    expect((await get(t.members.member, '')).statusCode).toBe(403);
    expect((await get(t.members.observer, '')).statusCode).toBe(403);
    expect((await get(t.owner, '', t.other.user.organizationId)).statusCode).toBe(404);
  });
});

describe('GET /organizations/{id}/audit-events/actions', () => {
  it('lists the distinct action names for the filter, admins and owners only', async () => {
    const response = await get(t.members.admin, '/actions');
    expect(response.statusCode).toBe(200);
    const actions = bodyOf<{ data: string[] }>(response).data;
    expect(actions).toEqual([...new Set(actions)].sort());
    expect(actions).toEqual(expect.arrayContaining(['auth.signed_in', 'auth.sign_in_failed', 'member.role_changed']));
    expect((await get(null, '/actions')).statusCode).toBe(401);
    expect((await get(t.members.member, '/actions')).statusCode).toBe(403);
    expect((await get(t.members.observer, '/actions')).statusCode).toBe(403);
    expect((await get(t.owner, '/actions', t.other.user.organizationId)).statusCode).toBe(404);
  });
});

describe('GET /organizations/{id}/audit-events.csv', () => {
  it('exports the filtered log as CSV whose formula-looking cells stay text', async () => {
    const response = await get(t.owner, '.csv?from=2026-02-01&to=2026-02-28');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="user-activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"Action"');
    expect(lines[1]).toContain('"consultant.switched_in"');
    expect(lines[1]).toContain(`"'=cmd|calc"`);
    expect(lines[1]).toContain('"{""note"":""-1+1, \\""quoted\\""""}"');
  });

  it('exports every row of a longer log in batches, newest first', async () => {
    const response = await get(t.members.admin, '.csv');
    expect(response.statusCode).toBe(200);
    const rows = response.body.trimEnd().split('\r\n').length - 1;
    expect(rows).toBe((await page('limit=200')).data.length);
  });

  it('answers 400 for bad filters (paging is not one), 401, 403 for a member or observer, 404 for another organization', async () => {
    expect((await get(t.owner, '.csv?from=yesterday')).statusCode).toBe(400);
    expect((await get(t.owner, '.csv?limit=5')).statusCode).toBe(400);
    expect((await get(null, '.csv')).statusCode).toBe(401);
    expect((await get(t.members.member, '.csv')).statusCode).toBe(403);
    expect((await get(t.members.observer, '.csv')).statusCode).toBe(403);
    expect((await get(t.owner, '.csv', t.other.user.organizationId)).statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/audit-events',
      '/api/v1/organizations/{organizationId}/audit-events/actions',
      '/api/v1/organizations/{organizationId}/audit-events.csv',
    ]);
  });
});
