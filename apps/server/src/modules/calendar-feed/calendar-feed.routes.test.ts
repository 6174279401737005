import { describe, expect, it } from 'vitest';
import type { CalendarFeed, Session } from '@keel/contract';
import { useTeamSuite } from '../../test-support/team-fixtures.js';
import { addMember, auditEvents, bearer, bodyOf, expectDocumented, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();

const feedOf = async (session: Session) => {
  const response = await call(session, 'GET', '/calendar-feed');
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: CalendarFeed }>(response).data;
};
const pathOf = (feed: CalendarFeed) => new URL(feed.url).pathname;
const fetchFeed = (feed: CalendarFeed) => t.context.app.inject({ method: 'GET', url: pathOf(feed) });

describe('GET /organizations/{organizationId}/calendar-feed', () => {
  it("makes the caller's address on the first ask and answers the same one after, observers included", async () => {
    const first = await feedOf(t.member);
    expect(first.url).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.resetAt).toBeNull();
    expect(await feedOf(t.member)).toEqual(first);
    expect(await auditEvents(t.context.database, 'calendar_feed.created', t.member.user.id)).toHaveLength(1);

    const observers = await feedOf(t.observer);
    expect(observers.url).not.toBe(first.url);
    const served = await fetchFeed(observers);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['content-type']).toBe('text/calendar; charset=utf-8');
  });

  it('answers 401 without a session, 400 for a malformed organization id and 404 for another organization', async () => {
    expect((await call(null, 'GET', '/calendar-feed')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/calendar-feed/reset')).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/calendar-feed')).statusCode).toBe(401);
    for (const method of ['GET', 'DELETE'] as const) {
      const malformed = await call(t.member, method, '/calendar-feed', undefined, 'not-an-id');
      expect(malformed.statusCode).toBe(400);
      const theirs = await call(t.member, method, '/calendar-feed', undefined, t.other.user.organizationId);
      expect(theirs.statusCode).toBe(404);
    }
    expect((await call(t.member, 'POST', '/calendar-feed/reset', undefined, 'not-an-id')).statusCode).toBe(400);
    expect(
      (await call(t.member, 'POST', '/calendar-feed/reset', undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
  });
});

describe('an address sealed under a server secret since replaced', () => {
  it('is replaced by a new one instead of failing, and the old one stops working', async () => {
    const person = await addMember(t.context, t.orgId, 'member');
    const before = await feedOf(person);
    await queryAsOwner(
      t.context.database,
      `update calendar_feeds set token_sealed = 'v1.sealed-under-another-secret' where user_id = '${person.user.id}'`,
    );
    const after = await feedOf(person);
    expect(after.url).not.toBe(before.url);
    expect((await fetchFeed(before)).statusCode).toBe(404);
    expect((await fetchFeed(after)).statusCode).toBe(200);
  });
});

describe('POST /organizations/{organizationId}/calendar-feed/reset', () => {
  it('gives a new address and the old one stops working at once', async () => {
    const person = await addMember(t.context, t.orgId, 'member');
    const before = await feedOf(person);
    expect((await fetchFeed(before)).statusCode).toBe(200);

    const response = await call(person, 'POST', '/calendar-feed/reset');
    expect(response.statusCode, response.body).toBe(200);
    const after = bodyOf<{ data: CalendarFeed }>(response).data;
    expect(after.url).not.toBe(before.url);
    expect(after.resetAt).not.toBeNull();
    expect(await feedOf(person)).toEqual(after);

    const old = await fetchFeed(before);
    expect(old.statusCode).toBe(404);
    expect(old.body).toContain('This calendar address is not in use');
    expect((await fetchFeed(after)).statusCode).toBe(200);
    expect(await auditEvents(t.context.database, 'calendar_feed.reset', person.user.id)).toHaveLength(1);
  });
});

describe('DELETE /organizations/{organizationId}/calendar-feed', () => {
  it('turns the feed off; asking again makes a new address', async () => {
    const person = await addMember(t.context, t.orgId, 'observer');
    const before = await feedOf(person);
    const response = await call(person, 'DELETE', '/calendar-feed');
    expect(response.statusCode, response.body).toBe(200);
    expect((await fetchFeed(before)).statusCode).toBe(404);
    expect((await call(person, 'DELETE', '/calendar-feed')).statusCode).toBe(200);
    const again = await feedOf(person);
    expect(again.url).not.toBe(before.url);
    expect(await auditEvents(t.context.database, 'calendar_feed.turned_off', person.user.id)).toHaveLength(1);
  });
});

describe('GET /calendar/{token}.ics', () => {
  it('is documented, so the route and hostile-input walks cover it', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/calendar-feed',
      '/api/v1/organizations/{organizationId}/calendar-feed/reset',
      '/api/v1/calendar/{token}.ics',
    ]);
  });

  it('is limited per address, not per caller: one address fetched in a loop is refused, others still answer', async () => {
    const looping = await feedOf(await addMember(t.context, t.orgId, 'member'));
    const statuses: number[] = [];
    for (let fetch = 0; fetch < 31; fetch += 1) statuses.push((await fetchFeed(looping)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await fetchFeed(await feedOf(t.member))).statusCode).toBe(200);
  });

  it('answers 404 with a plain message for an unknown address and 400 for a malformed one', async () => {
    const unknown = await t.context.app.inject({ method: 'GET', url: `/api/v1/calendar/${'a'.repeat(43)}.ics` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(unknown.body).toBe('This calendar address is not in use. Copy the current one from your settings.');
    const malformed = await t.context.app.inject({ method: 'GET', url: '/api/v1/calendar/short.ics' });
    expect(malformed.statusCode).toBe(400);
  });

  it("answers 404 for a deactivated member's address, and again once they are back", async () => {
    const person = await addMember(t.context, t.orgId, 'member');
    const feed = await feedOf(person);
    const versionOf = async () => {
      const members = await t.context.app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${t.orgId}/members?limit=100`,
        headers: bearer(t.owner),
      });
      const found = bodyOf<{ data: { userId: string; version: number }[] }>(members).data.find(
        (member) => member.userId === person.user.id,
      );
      return found!.version;
    };
    const act = (action: 'deactivate' | 'reactivate', version: number) =>
      call(t.owner, 'POST', `/members/${person.user.id}/${action}`, { version });

    const deactivated = await act('deactivate', await versionOf());
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const refused = await fetchFeed(feed);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('This calendar address is not in use');

    expect((await act('reactivate', await versionOf())).statusCode).toBe(200);
    expect((await fetchFeed(feed)).statusCode).toBe(200);
  });
});
