import { describe, expect, it } from 'vitest';
import type { FeedbackPage, Session } from '@keel/contract';
import { auditEvents, bearer, bodyOf, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

const t = useTenantFixture(['member', 'observer']);

const submit = (session: Session | null, payload: unknown) =>
  t.context.app.inject({
    method: 'POST',
    url: '/api/v1/feedback/submit',
    headers: session ? bearer(session) : {},
    payload: payload as object,
  });
const list = (session: Session | null, query = '') =>
  t.context.app.inject({ method: 'GET', url: `/api/v1/feedback${query}`, headers: session ? bearer(session) : {} });
const valid = {
  type: 'ticket',
  subject: 'The scorecard is slow',
  message: 'It takes ten seconds to load.',
  pageUrl: '/scorecard',
};

describe('POST /feedback/submit', () => {
  it('takes feedback from any member, observers included, and records it', async () => {
    for (const session of [t.members.member, t.members.observer]) {
      const response = await submit(session, valid);
      expect(response.statusCode).toBe(201);
      const { data } = bodyOf<{ data: { id: string; success: boolean } }>(response);
      expect(data.success).toBe(true);
      const [row] = await queryAsOwner<{ user_id: string; subject: string; page_url: string; organization_id: string }>(
        t.context.database,
        `select user_id, subject, page_url, organization_id from feedback where id = '${data.id}'`,
      );
      expect(row).toEqual({
        user_id: session.user.id,
        subject: valid.subject,
        page_url: '/scorecard',
        organization_id: t.owner.user.organizationId,
      });
      const audit = await auditEvents(t.context.database, 'feedback.submitted', data.id);
      expect(audit).toHaveLength(1);
    }
  });

  it('accepts an enhancement without a page address', async () => {
    const response = await submit(t.owner, { type: 'enhancement', subject: 'Dark mode', message: 'Please.' });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['an unknown type', { ...valid, type: 'bug' }],
    ['a blank subject', { ...valid, subject: '   ' }],
    ['a missing message', { type: 'ticket', subject: 'Hi' }],
    ['a subject over 200 characters', { ...valid, subject: 's'.repeat(201) }],
    ['a message of the wrong type', { ...valid, message: 42 }],
    ['an unknown key', { ...valid, priority: 'high' }],
  ])('answers 400 for %s', async (_case, payload) => {
    const response = await submit(t.owner, payload);
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('request.invalid');
  });

  it('answers 400 for malformed JSON and 401 without a token', async () => {
    const malformed = await t.context.app.inject({
      method: 'POST',
      url: '/api/v1/feedback/submit',
      headers: { ...bearer(t.owner), 'content-type': 'application/json' },
      payload: '{"type":"ticket",',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await submit(null, valid)).statusCode).toBe(401);
  });
});

describe('GET /feedback', () => {
  it('pages through everything newest first, each item once, ties broken by id', async () => {
    // Several rows sharing one timestamp: the cursor must still neither skip nor repeat any.
    await queryAsOwner(
      t.context.database,
      `insert into feedback (organization_id, user_id, type, subject, message, created_at)
       select '${t.owner.user.organizationId}', '${t.members.member.user.id}', 'ticket', 'Tie ' || n, 'Same instant', '2020-01-01T00:00:00.123456Z'
       from generate_series(1, 5) as n`,
    );
    const all = await queryAsOwner<{ id: string }>(
      t.context.database,
      `select id from feedback where organization_id = '${t.owner.user.organizationId}' order by created_at desc, id desc`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(t.owner, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode).toBe(200);
      const body = bodyOf<FeedbackPage>(response);
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((item) => item.id));
      cursor = body.page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toEqual(all.map((row) => row.id));
  });

  it('shows who sent each item, and what they sent', async () => {
    const response = await list(t.owner, '?limit=1');
    const [newest] = bodyOf<FeedbackPage>(response).data;
    expect(newest).toMatchObject({ type: 'enhancement', subject: 'Dark mode', message: 'Please.', pageUrl: null });
    expect(newest?.submittedBy).toEqual({ id: t.owner.user.id, name: 'Ada Lovelace', email: t.owner.user.email });
  });

  it('answers 400 for a bad limit or a forged cursor', async () => {
    for (const query of [
      '?limit=0',
      '?limit=500',
      '?limit=abc',
      '?cursor=nonsense',
      `?cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
    ]) {
      expect((await list(t.owner, query)).statusCode).toBe(400);
    }
  });

  it('answers 401 without a token and 403 for a member', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(t.members.member)).statusCode).toBe(403);
    expect((await list(t.members.observer)).statusCode).toBe(403);
  });

  it('shows another organization none of this one’s feedback', async () => {
    const response = await list(t.other);
    expect(response.statusCode).toBe(200);
    expect(bodyOf<FeedbackPage>(response)).toEqual({ data: [], page: { nextCursor: null } });
    // A cursor taken from this organization's list leads nowhere in another one.
    const cursor = bodyOf<FeedbackPage>(await list(t.owner, '?limit=1')).page.nextCursor!;
    expect(bodyOf<FeedbackPage>(await list(t.other, `?cursor=${cursor}`)).data).toEqual([]);
  });
});
