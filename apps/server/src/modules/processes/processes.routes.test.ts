import { beforeAll, describe, expect, it } from 'vitest';
import type { Process, ProcessPage, ProcessVersion, ProcessVersionSummary, Session } from '@keel/contract';
import { pdfText } from '../../test-support/pdf-text.js';
import { addTeam, malformedJson, useTeamSuite } from '../../test-support/team-fixtures.js';
import {
  addMember,
  auditEvents,
  bodyOf,
  changeEvent,
  expectDocumented,
  queryAsOwner,
  recordedChanges,
} from '../../test-support/test-app.js';
import { createProcessesService } from './processes.service.js';

const { state: t, callUnder } = useTeamSuite();
const call = callUnder('/processes');

const step = (title: string, body = '<p>Do it.</p>', subSteps: { id: string; title: string; body: string }[] = []) => ({
  id: `step-${title.toLowerCase().replace(/\W+/g, '-')}`,
  title,
  body,
  subSteps,
});

let salesTeam: string;
let seller: Session;

beforeAll(async () => {
  seller = await addMember(t.context, t.orgId, 'member');
  salesTeam = await addTeam(t.context, t.owner, 'Sales', [seller.user.id, t.observer.user.id]);
});

async function create(session: Session, payload: Record<string, unknown> = {}) {
  const response = await call(session, 'POST', '', {
    teamId: salesTeam,
    title: 'Onboard a customer',
    purpose: 'Every new customer starts the same way',
    steps: [step('Send the welcome pack'), step('Book the kick-off call')],
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: Process }>(response).data;
}

const read = async (session: Session, id: string) => {
  const response = await call(session, 'GET', `/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: Process }>(response).data;
};

describe('processes: create, read, list', () => {
  it('creates a draft owned by its author, version 1 kept in its history, audited', async () => {
    const process = await create(seller);
    expect(process).toMatchObject({
      teamId: salesTeam,
      team: { id: salesTeam, name: 'Sales' },
      ownerId: seller.user.id,
      owner: { id: seller.user.id, name: 'Grace Hopper' },
      title: 'Onboard a customer',
      status: 'draft',
      stepCount: 2,
      publishedVersion: null,
      reviewEveryDays: 90,
      nextReviewOn: null,
      following: { percent: null, acknowledgedCount: 0, memberCount: 1 },
      version: 1,
      canEdit: true,
    });
    expect(process.steps.map((item) => item.title)).toEqual(['Send the welcome pack', 'Book the kick-off call']);
    const versions = bodyOf<{ data: ProcessVersionSummary[] }>(await call(seller, 'GET', `/${process.id}/versions`));
    expect(versions.data).toMatchObject([{ version: 1, title: 'Onboard a customer', status: 'draft' }]);
    expect(await auditEvents(t.context.database, 'process.created', process.id)).toHaveLength(1);
  });

  it('lists by team and status, searches titles, pages without gaps', async () => {
    const team = await addTeam(t.context, t.owner, 'Listing', [t.owner.user.id]);
    const alpha = await create(t.owner, { teamId: team, title: 'Alpha close the month' });
    const beta = await create(t.owner, { teamId: team, title: 'Beta hire 100% right_' });
    const gamma = await create(t.owner, { teamId: team, title: 'Gamma ship an order' });
    expect((await call(t.owner, 'POST', `/${beta.id}/publish`, { version: 1 })).statusCode).toBe(200);
    const titles = async (query: string) =>
      bodyOf<ProcessPage>(await call(t.observer, 'GET', `?teamId=${team}${query}`)).data.map((item) => item.title);
    expect(await titles('')).toEqual([alpha.title, beta.title, gamma.title]);
    expect(await titles('&status=published')).toEqual([beta.title]);
    expect(await titles('&status=draft&search=SHIP')).toEqual([gamma.title]);
    expect(await titles(`&search=${encodeURIComponent('100%')}`)).toEqual([beta.title]);
    expect(await titles('&search=_')).toEqual([beta.title]);
    const first = bodyOf<ProcessPage>(await call(t.owner, 'GET', `?teamId=${team}&limit=2`));
    const second = bodyOf<ProcessPage>(
      await call(t.owner, 'GET', `?teamId=${team}&limit=2&cursor=${first.page.nextCursor}`),
    );
    expect([...first.data, ...second.data].map((item) => item.id)).toEqual([alpha.id, beta.id, gamma.id]);
    expect(second.page.nextCursor).toBeNull();
  });

  it('answers 400 for bad input, 401 without a token, 403 for an observer or a stranger to the team', async () => {
    const url = `/api/v1/organizations/${t.orgId}/processes`;
    expect((await t.context.app.inject(malformedJson(url, t.owner))).statusCode).toBe(400);
    expect((await call(null, 'GET', '')).statusCode).toBe(401);
    expect((await call(null, 'POST', '', { teamId: salesTeam, title: 'x' })).statusCode).toBe(401);
    for (const body of [
      { teamId: salesTeam, title: '  ' },
      { teamId: 'sales', title: 'x' },
      { teamId: salesTeam, title: 'x', steps: [{ id: 'a', title: '', body: '', subSteps: [] }] },
      { teamId: salesTeam, title: 'x', reviewEveryDays: 0 },
      { teamId: salesTeam, title: 'x', colour: 'red' },
    ]) {
      expect((await call(t.owner, 'POST', '', body)).statusCode).toBe(400);
    }
    expect((await call(t.owner, 'GET', '?status=secret')).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', '?cursor=nonsense')).statusCode).toBe(400);
    const observer = await call(t.observer, 'POST', '', { teamId: salesTeam, title: 'Mine' });
    expect(observer.statusCode).toBe(403);
    const stranger = await call(t.member, 'POST', '', { teamId: salesTeam, title: 'Not my team' });
    expect(stranger.statusCode).toBe(403);
    expect(bodyOf<{ code: string; error: string }>(stranger)).toMatchObject({ code: 'process.team_read_only' });
    const foreignOwner = await call(t.owner, 'POST', '', { teamId: salesTeam, title: 'x', ownerId: t.other.user.id });
    expect(bodyOf<{ code: string }>(foreignOwner).code).toBe('process.owner_not_member');
  });

  it("reads another organization's ids as absent", async () => {
    const theirs = await call(
      t.other,
      'POST',
      '',
      { teamId: t.otherTeamId, title: 'Their secret process' },
      t.other.user.organizationId,
    );
    const theirId = bodyOf<{ data: Process }>(theirs).data.id;
    expect((await call(t.owner, 'GET', `/${theirId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'PATCH', `/${theirId}`, { version: 1, title: 'Mine now' })).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', `/${theirId}/acknowledge`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${theirId}/versions/1`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${theirId}/process.pdf`)).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', '', { teamId: t.otherTeamId, title: 'x' })).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', '', undefined, t.other.user.organizationId)).statusCode).toBe(404);
  });

  it('is documented', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/processes',
      '/api/v1/organizations/{organizationId}/processes/{id}',
      '/api/v1/organizations/{organizationId}/processes/{id}/publish',
      '/api/v1/organizations/{organizationId}/processes/{id}/acknowledge',
      '/api/v1/organizations/{organizationId}/processes/{id}/versions/{version}',
      '/api/v1/organizations/{organizationId}/processes/{id}/process.pdf',
    ]);
  });
});

describe('processes: editing', () => {
  it('saves on the version read, keeps every save, refuses a stale one with 409 and loses nothing', async () => {
    const process = await create(seller);
    const saved = await call(seller, 'PATCH', `/${process.id}`, {
      version: 1,
      title: 'Onboard a new customer',
      steps: [step('Send the welcome pack'), step('Call them', '<p>Within <strong>two</strong> days</p>')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bodyOf<{ data: Process }>(saved).data).toMatchObject({ version: 2, title: 'Onboard a new customer' });
    const stale = await call(t.owner, 'PATCH', `/${process.id}`, { version: 1, title: 'Someone else’s title' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string; error: string }>(stale)).toMatchObject({
      code: 'process.stale_version',
      error: 'Someone else changed this process since you opened it. Reload to see their change, then try again.',
    });
    expect((await read(t.owner, process.id)).title).toBe('Onboard a new customer');
    const versions = bodyOf<{ data: ProcessVersionSummary[] }>(await call(t.owner, 'GET', `/${process.id}/versions`));
    expect(versions.data.map((item) => item.version)).toEqual([2, 1]);
    const first = bodyOf<{ data: ProcessVersion }>(await call(t.observer, 'GET', `/${process.id}/versions/1`)).data;
    expect(first.steps.map((item) => item.title)).toEqual(['Send the welcome pack', 'Book the kick-off call']);
    expect((await call(t.owner, 'GET', `/${process.id}/versions/9`)).statusCode).toBe(404);
  });

  it('lets admins, the owner and the team edit; refuses a member of another team and an observer', async () => {
    const process = await create(seller);
    const refused = await call(t.member, 'PATCH', `/${process.id}`, { version: 1, title: 'Hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(bodyOf<{ code: string; error: string }>(refused)).toMatchObject({
      code: 'process.read_only',
      error: 'Only administrators, the owner of this process and the members of its team may change it',
    });
    expect((await call(t.observer, 'PATCH', `/${process.id}`, { version: 1, title: 'Observed' })).statusCode).toBe(403);
    expect((await call(t.member, 'POST', `/${process.id}/publish`, { version: 1 })).statusCode).toBe(403);
    expect((await read(t.member, process.id)).canEdit).toBe(false);
    expect((await read(t.observer, process.id)).canEdit).toBe(false);
    const byOwner = await call(t.owner, 'PATCH', `/${process.id}`, { version: 1, ownerId: t.member.user.id });
    expect(byOwner.statusCode).toBe(200);
    // Now its owner, the member from another team may change it.
    expect((await call(t.member, 'PATCH', `/${process.id}`, { version: 2, purpose: 'Mine' })).statusCode).toBe(200);
  });

  it('neutralises script, event handlers and javascript: links in step text, keeping the formatting', async () => {
    const hostile =
      '<p onclick="steal()">Hello <strong>there</strong><script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a> <a href="https://example.com">good</a>' +
      '<ul><li><em>one</em></li></ul><iframe src="https://evil.example"></iframe><h2 style="color:red">Title</h2>';
    const process = await create(t.owner, {
      steps: [
        step('Hostile', hostile, [
          { id: 'sub-1', title: 'Sub', body: '<p onmouseover="x()">sub</p><script>y</script>' },
        ]),
      ],
    });
    const [stored] = (await read(t.owner, process.id)).steps;
    expect(stored?.body).toBe(
      '<p>Hello <strong>there</strong></p><a>bad</a> ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a>' +
        '<ul><li><em>one</em></li></ul><h2>Title</h2>',
    );
    expect(stored?.subSteps[0]?.body).toBe('<p>sub</p>');
    expect(stored?.title).toBe('Hostile');
  });

  it('refuses a 5 MB step with a clear message and saves nothing', async () => {
    const process = await create(t.owner);
    const huge = await call(t.owner, 'PATCH', `/${process.id}`, {
      version: 1,
      steps: [step('Huge', `<p>${'x'.repeat(5 * 1024 * 1024)}</p>`)],
    });
    expect(huge.statusCode).toBe(413);
    expect(bodyOf<{ error: string }>(huge).error).toBe('The request body is too large');
    const long = await call(t.owner, 'PATCH', `/${process.id}`, {
      version: 1,
      steps: [step('Long', 'x'.repeat(20_001))],
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain("A step's text must be at most 20000 characters");
    const after = await read(t.owner, process.id);
    expect(after.version).toBe(1);
    expect(after.steps.map((item) => item.title)).toEqual(['Send the welcome pack', 'Book the kick-off call']);
  });
});

describe('processes: publishing and following', () => {
  it('publishes with a review date, measures who follows it, and counts a new publication afresh', async () => {
    const team = await addTeam(t.context, t.owner, 'Warehouse', [t.owner.user.id, seller.user.id, t.observer.user.id]);
    const process = await create(t.owner, { teamId: team, reviewEveryDays: 30 });
    expect((await call(t.owner, 'POST', `/${process.id}/acknowledge`)).statusCode).toBe(409);
    const published = bodyOf<{ data: Process }>(
      await call(t.owner, 'POST', `/${process.id}/publish`, { version: 1 }),
    ).data;
    const today = new Date().toISOString().slice(0, 10);
    const expectedReview = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(published).toMatchObject({
      status: 'published',
      version: 2,
      publishedVersion: 2,
      nextReviewOn: expectedReview,
      following: { acknowledgedCount: 0, memberCount: 2, percent: 0 },
    });

    const bySeller = bodyOf<{ data: Process }>(await call(seller, 'POST', `/${process.id}/acknowledge`)).data;
    expect(bySeller.following).toEqual({ acknowledgedCount: 1, memberCount: 2, percent: 50 });
    expect(bySeller.acknowledgedByMe).toBe(true);
    // Someone outside the team may acknowledge too; the team's figure does not move.
    const outside = bodyOf<{ data: Process }>(await call(t.member, 'POST', `/${process.id}/acknowledge`)).data;
    expect(outside.following.percent).toBe(50);
    const person = (id: string) => outside.people.find((candidate) => candidate.id === id);
    expect(person(seller.user.id)).toMatchObject({ inTeam: true });
    expect(person(seller.user.id)?.acknowledgedAt).not.toBeNull();
    expect(person(t.member.user.id)).toMatchObject({ inTeam: false });
    expect(person(t.member.user.id)?.acknowledgedAt).not.toBeNull();
    expect(person(t.owner.user.id)).toMatchObject({ inTeam: true, acknowledgedAt: null });
    // Observers only read: they are not counted and not listed as waiting.
    expect(person(t.observer.user.id)).toBeUndefined();
    expect((await call(t.observer, 'POST', `/${process.id}/acknowledge`)).statusCode).toBe(403);
    await call(t.owner, 'POST', `/${process.id}/acknowledge`);
    const listed = bodyOf<ProcessPage>(await call(t.owner, 'GET', `?teamId=${team}`)).data[0];
    expect(listed?.following).toEqual({ acknowledgedCount: 2, memberCount: 2, percent: 100 });

    // A new publication asks everyone again; acknowledging it replaces the old acknowledgement.
    await call(t.owner, 'PATCH', `/${process.id}`, { version: 2, purpose: 'Changed' });
    const again = bodyOf<{ data: Process }>(await call(t.owner, 'POST', `/${process.id}/publish`, { version: 3 })).data;
    expect(again).toMatchObject({ publishedVersion: 4, following: { acknowledgedCount: 0, percent: 0 } });
    const renewed = bodyOf<{ data: Process }>(await call(seller, 'POST', `/${process.id}/acknowledge`)).data;
    expect(renewed.following).toEqual({ acknowledgedCount: 1, memberCount: 2, percent: 50 });
    const rows = await queryAsOwner<{ version: number }>(
      t.context.database,
      `select version from process_acknowledgements where process_id = '${process.id}' and user_id = '${seller.user.id}'`,
    );
    expect(rows).toEqual([{ version: 4 }]);

    const archived = bodyOf<{ data: Process }>(
      await call(t.owner, 'POST', `/${process.id}/archive`, { version: 4 }),
    ).data;
    expect(archived).toMatchObject({ status: 'archived', following: { percent: null } });
    const draft = bodyOf<{ data: Process }>(await call(t.owner, 'POST', `/${process.id}/draft`, { version: 5 })).data;
    expect(draft.status).toBe('draft');
    expect(await auditEvents(t.context.database, 'process.acknowledged', process.id)).toHaveLength(4);
  });

  it('refuses to publish a process without steps', async () => {
    const process = await create(t.owner, { steps: [] });
    const response = await call(t.owner, 'POST', `/${process.id}/publish`, { version: 1 });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('process.no_steps');
  });

  it('marks a process reviewed: its next review is its period from today, without a new version', async () => {
    const process = await create(seller, { reviewEveryDays: 7 });
    await queryAsOwner(
      t.context.database,
      `update processes set next_review_on = '2020-01-01', review_reminder_sent_on = '2020-01-01' where id = '${process.id}'`,
    );
    const reviewed = await call(seller, 'POST', `/${process.id}/reviewed`);
    expect(reviewed.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const expected = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(bodyOf<{ data: Process }>(reviewed).data).toMatchObject({ nextReviewOn: expected, version: 1 });
    expect((await call(t.member, 'POST', `/${process.id}/reviewed`)).statusCode).toBe(403);
  });
});

describe('processes: live updates', () => {
  it('tells every open page of the organization after each change commits, and nothing for a refused one', async () => {
    const { changes, events } = recordedChanges();
    const service = createProcessesService({ db: t.context.database.db, changes });
    const caller = { organizationId: t.orgId, userId: seller.user.id };
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const process = await service.create(caller, { teamId: salesTeam, title: 'Live', steps: [step('One')] }, meta);
    await service.publish(caller, process.id, 1, meta);
    await expect(service.publish(caller, process.id, 1, meta)).rejects.toThrow();
    await service.acknowledge(caller, process.id, meta);
    const change = (action: 'created' | 'updated') =>
      changeEvent(seller, salesTeam, { teamId: null, entity: 'process', ids: [process.id], action });
    expect(events).toEqual([change('created'), change('updated'), change('updated')]);
  });
});

describe('GET /processes/:id/process.pdf', () => {
  it('is the process as text: title, team, purpose, numbered steps and sub-steps, for any reader', async () => {
    const process = await create(t.owner, {
      title: 'Łódź shipping',
      steps: [
        step('Pack the box', '<p>Use <strong>tape</strong> &amp; labels</p><ul><li>Fragile first</li></ul>', [
          { id: 'sub', title: 'Weigh it', body: '<p>Under 20 kg</p>' },
        ]),
      ],
    });
    const response = await call(t.observer, 'GET', `/${process.id}/process.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Łódź shipping.pdf')}`,
    );
    const lines = pdfText(response.rawPayload);
    for (const expected of [
      'Łódź shipping',
      'Process of Sales',
      'Every new customer starts the same way',
      '1. Pack the box',
      'Use tape & labels',
      '• Fragile first',
      '1.1 Weigh it',
      'Under 20 kg',
    ]) {
      expect(lines).toContain(expected);
    }
  });
});
