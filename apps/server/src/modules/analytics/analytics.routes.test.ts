import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnalyticsSummary, Session } from '@keel/contract';
import { accountDb, inAccountScope, inTenant, tenantDb } from '../../db/scope.js';
import { bearer, bodyOf, createTestApp, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';
import { registerConsultant } from '../../test-support/consultant-fixture.js';
import { productEvents } from './analytics.table.js';

const t = useTenantFixture(['admin', 'member', 'observer'], {
  owner: { email: 'founder.analytics@example.com', organizationName: 'Interest Works Ltd' },
});

interface EventRow extends Record<string, unknown> {
  organization_id: string | null;
  user_id: string | null;
  name: string;
  properties: Record<string, unknown>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const demoInterest = { name: 'feature_interest', feature: 'framework_demo' };

const record = (payload: unknown, headers: Record<string, string> = {}) =>
  t.context.app.inject({ method: 'POST', url: '/api/v1/analytics/events', headers, payload: payload as object });
const summary = (session: Session | null, organizationId = t.owner.user.organizationId) =>
  t.context.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${organizationId}/analytics/summary`,
    headers: session ? bearer(session) : {},
  });
const eventsWhere = (condition: string) =>
  queryAsOwner<EventRow>(
    t.context.database,
    `select organization_id, user_id, name, properties from product_events where ${condition} order by created_at, id`,
  );
const countsOf = async (session: Session) =>
  bodyOf<{ data: AnalyticsSummary }>(await summary(session, session.user.organizationId)).data;

describe('sign-up', () => {
  it('records signed_up with the e-mail and organization name in the organization, on registration', async () => {
    const rows = await eventsWhere(`organization_id = '${t.owner.user.organizationId}' and name = 'signed_up'`);
    expect(rows).toEqual([
      {
        organization_id: t.owner.user.organizationId,
        user_id: t.owner.user.id,
        name: 'signed_up',
        properties: {
          email: 'founder.analytics@example.com',
          organizationName: 'Interest Works Ltd',
          isConsultant: false,
        },
      },
    ]);
  });

  it('records a consultant’s registration as a sign-up of their practice, marked as a consultant’s', async () => {
    const consultant = await registerConsultant(t.context, { email: 'coach.analytics@example.com' });
    expect(await eventsWhere(`user_id = '${consultant.user.id}'`)).toEqual([
      {
        organization_id: consultant.user.organizationId,
        user_id: consultant.user.id,
        name: 'signed_up',
        properties: { email: 'coach.analytics@example.com', organizationName: 'Coach & Co', isConsultant: true },
      },
    ]);
  });
});

describe('POST /analytics/events', () => {
  it('keeps a visitor’s interest without an organization or a person', async () => {
    const before = await eventsWhere(`organization_id is null`);
    const response = await record(demoInterest);
    expect(response.statusCode).toBe(202);
    expect(bodyOf(response)).toEqual({ data: { success: true } });
    const after = await eventsWhere(`organization_id is null`);
    expect(after.slice(before.length)).toEqual([
      { organization_id: null, user_id: null, name: 'feature_interest', properties: { feature: 'framework_demo' } },
    ]);
  });

  it('counts a signed-in person’s interest for their organization, observers included', async () => {
    for (const session of [t.members.member, t.members.observer]) {
      const response = await record(demoInterest, bearer(session));
      expect(response.statusCode).toBe(202);
      expect(await eventsWhere(`user_id = '${session.user.id}'`)).toEqual([
        {
          organization_id: t.owner.user.organizationId,
          user_id: session.user.id,
          name: 'feature_interest',
          properties: { feature: 'framework_demo' },
        },
      ]);
    }
  });

  it('treats a token that no longer verifies as a visitor rather than refusing the event', async () => {
    const before = (await eventsWhere(`organization_id is null`)).length;
    const response = await record(demoInterest, { authorization: 'Bearer not-a-token' });
    expect(response.statusCode).toBe(202);
    expect(await eventsWhere(`organization_id is null`)).toHaveLength(before + 1);
  });

  it.each([
    ['an unknown feature', { name: 'feature_interest', feature: 'time_travel' }],
    ['a sign-up sent from the browser', { name: 'signed_up', feature: 'framework_demo' }],
    ['a missing feature', { name: 'feature_interest' }],
    ['an extra property', { ...demoInterest, email: 'someone@example.com' }],
    ['a feature of the wrong type', { name: 'feature_interest', feature: 7 }],
    ['no body at all', undefined],
  ])('answers 400 for %s and records nothing', async (_case, payload) => {
    const before = await queryAsOwner<{ count: number }>(
      t.context.database,
      'select count(*)::int from product_events',
    );
    const response = await record(payload);
    expect(response.statusCode).toBe(400);
    expect(await queryAsOwner(t.context.database, 'select count(*)::int from product_events')).toEqual(before);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"feature_interest",',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /organizations/{organizationId}/analytics/summary', () => {
  it('answers 401 without a token', async () => {
    expect((await summary(null)).statusCode).toBe(401);
  });

  it('answers 403 to admins, members and observers', async () => {
    for (const session of [t.members.admin, t.members.member, t.members.observer]) {
      const response = await summary(session);
      expect(response.statusCode).toBe(403);
      expect(bodyOf<{ code: string }>(response).code).toBe('analytics.owner_required');
    }
  });

  it("answers 404 for another organization's id, its owner included", async () => {
    expect((await summary(t.owner, t.other.user.organizationId)).statusCode).toBe(404);
    expect((await summary(t.other, t.owner.user.organizationId)).statusCode).toBe(404);
  });

  it('counts the organization’s own events over 30 and 90 days, and nothing older or anyone else’s', async () => {
    const organizationId = t.owner.user.organizationId;
    const before = await countsOf(t.owner);
    await record(demoInterest, bearer(t.owner));
    await record(demoInterest, bearer(t.other));
    await record(demoInterest);
    await queryAsOwner(
      t.context.database,
      `insert into product_events (id, organization_id, user_id, name, properties, created_at) values
        (gen_random_uuid(), '${organizationId}', null, 'feature_interest', '{"feature":"framework_demo"}', now() - interval '60 days'),
        (gen_random_uuid(), '${organizationId}', null, 'feature_interest', '{"feature":"framework_demo"}', now() - interval '91 days')`,
    );
    const after = await countsOf(t.owner);
    expect(after.events).toEqual([
      { name: 'signed_up', last30Days: 1, last90Days: 1 },
      {
        name: 'feature_interest',
        last30Days: before.events[1]!.last30Days + 1,
        last90Days: before.events[1]!.last90Days + 2,
      },
    ]);
    expect(after.features).toEqual([
      { feature: 'framework_demo', last30Days: after.events[1]!.last30Days, last90Days: after.events[1]!.last90Days },
    ]);
  });

  it('shows every name and feature with zeros where nothing was recorded', async () => {
    await queryAsOwner(
      t.context.database,
      `delete from product_events where organization_id = '${t.other.user.organizationId}'`,
    );
    expect(await countsOf(t.other)).toEqual({
      events: [
        { name: 'signed_up', last30Days: 0, last90Days: 0 },
        { name: 'feature_interest', last30Days: 0, last90Days: 0 },
      ],
      features: [{ feature: 'framework_demo', last30Days: 0, last90Days: 0 }],
    });
  });
});

describe('row-level security of product_events', () => {
  it('lets the app role add a visitor’s event but never read one back, in or out of an organization', async () => {
    const db = t.context.database.db;
    const organizationId = t.owner.user.organizationId;
    expect(await eventsWhere('organization_id is null')).not.toEqual([]);
    const outside = await inAccountScope(db, async () =>
      rowsOf<{ count: number }>(await accountDb().execute(sql`select count(*)::int from product_events`)),
    );
    expect(outside).toEqual([{ count: 0 }]);
    const inside = await inTenant(db, { organizationId, userId: null }, async () =>
      rowsOf<{ count: number }>(
        await tenantDb(organizationId).execute(
          sql`select count(*)::int from product_events where organization_id is null`,
        ),
      ),
    );
    expect(inside).toEqual([{ count: 0 }]);
  });

  it('refuses an event without an organization written inside one, and one for another organization', async () => {
    const db = t.context.database.db;
    const organizationId = t.owner.user.organizationId;
    const insert = (target: string | null) =>
      inTenant(db, { organizationId, userId: null }, () =>
        tenantDb(organizationId)
          .insert(productEvents)
          .values({
            id: crypto.randomUUID(),
            organizationId: target,
            userId: null,
            name: 'feature_interest',
            properties: { feature: 'framework_demo' },
          }),
      );
    await expect(insert(null)).rejects.toThrow();
    await expect(insert(t.other.user.organizationId)).rejects.toThrow();
  });
});

describe('rate limit', () => {
  it('answers 429 to one address past its ceiling per minute', async () => {
    const context = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const send = () => context.app.inject({ method: 'POST', url: '/api/v1/analytics/events', payload: demoInterest });
      expect((await send()).statusCode).toBe(202);
      expect((await send()).statusCode).toBe(202);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await context.close();
    }
  });
});
