import { describe, expect, it } from 'vitest';
import {
  emptyBusinessPlanContent,
  type BusinessPlan,
  type BusinessPlanContent,
  type BusinessPlanVersion,
  type BusinessPlanVersionPage,
  type Session,
} from '@keel/contract';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { auditEvents, bodyOf, expectDocumented, recordedChanges } from '../../test-support/test-app.js';
import { createBusinessPlanService } from './business-plan.service.js';

const { state: t, callUnder } = useTeamSuite();
const call = callUnder('/business-plan');

const withValues = (...titles: string[]): BusinessPlanContent => ({
  ...emptyBusinessPlanContent(),
  coreValues: titles.map((title, index) => ({ id: `value-${index}`, title, description: '' })),
});

const read = async (session: Session, query = '') => {
  const response = await call(session, 'GET', query);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: BusinessPlan }>(response).data;
};
const save = async (session: Session, teamId: string, version: number, content: BusinessPlanContent) => {
  const response = await call(session, 'PUT', '', { teamId, version, content });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: BusinessPlan }>(response).data;
};

describe('business plan', () => {
  it('reads a plan never saved as empty at version 0, the company plan by default, for every member', async () => {
    const company = await read(t.member);
    expect(company).toMatchObject({
      id: null,
      teamId: t.teamId,
      isCompanyPlan: true,
      version: 0,
      updatedBy: null,
      canEdit: false,
      shareToken: null,
    });
    expect(company.content).toEqual(emptyBusinessPlanContent());
    expect((await read(t.owner)).canEdit).toBe(true);
    expect((await read(t.observer)).canEdit).toBe(false);
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/business-plan',
      '/api/v1/organizations/{organizationId}/business-plan/versions',
      '/api/v1/organizations/{organizationId}/business-plan/version',
      '/api/v1/organizations/{organizationId}/business-plan/restore',
      '/api/v1/organizations/{organizationId}/business-plan/share',
      '/api/v1/organizations/{organizationId}/business-plan/pdf',
    ]);
  });

  it('answers 401 without a token and 400 for bad content, naming the field', async () => {
    expect((await call(null, 'GET', '')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '', { teamId: t.teamId, version: 0, content: withValues('x') })).statusCode).toBe(
      401,
    );
    const tooMany = await call(t.owner, 'PUT', '', {
      teamId: t.teamId,
      version: 0,
      content: {
        ...emptyBusinessPlanContent(),
        marketingStrategy: { ...emptyBusinessPlanContent().marketingStrategy, uniques: ['1', '2', '3', '4', '5', '6'] },
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(tooMany).error).toBe('Uniques: at most 5 lines');
    const twice = emptyBusinessPlanContent();
    twice.sections[1] = { key: 'core_values', title: null, hidden: false };
    const repeated = await call(t.owner, 'PUT', '', { teamId: t.teamId, version: 0, content: twice });
    expect(repeated.statusCode).toBe(400);
    expect(bodyOf<{ code: string; error: string }>(repeated)).toMatchObject({
      code: 'business_plan.repeated_section',
      error: 'Each section must appear once',
    });
    expect((await call(t.owner, 'GET', '?teamId=not-an-id')).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', '/versions')).statusCode).toBe(400);
  });

  it('refuses a plain member the company plan (403, clear message) and observers every change', async () => {
    const refused = await call(t.member, 'PUT', '', { teamId: t.teamId, version: 0, content: withValues('Mine') });
    expect(refused.statusCode).toBe(403);
    expect(bodyOf<{ error: string; code: string }>(refused)).toEqual({
      code: 'business_plan.forbidden',
      error: 'Only admins and members of the leadership team can change the company plan',
    });
    const observer = await call(t.observer, 'PUT', '', { teamId: t.teamId, version: 0, content: withValues('No') });
    expect(observer.statusCode).toBe(403);
    expect((await read(t.owner)).version).toBe(0);
  });

  it("reads another organization's ids as absent (404)", async () => {
    const elsewhere = await call(t.owner, 'GET', '', undefined, t.other.user.organizationId);
    expect(elsewhere.statusCode).toBe(404);
    const team = await call(t.owner, 'GET', `?teamId=${t.otherTeamId}`);
    expect(team.statusCode).toBe(404);
    expect(bodyOf<{ code: string }>(team).code).toBe('business_plan.team_not_found');
    const saved = await call(t.owner, 'PUT', '', { teamId: t.otherTeamId, version: 0, content: withValues('x') });
    expect(saved.statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/versions?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
  });

  it('saves versions, refuses a stale one naming who saved, audits and announces each save', async () => {
    const team = await addTeam(t.context, t.owner, 'Plan saves', [t.member.user.id]);
    const { changes, events } = recordedChanges();
    const service = createBusinessPlanService({ db: t.context.database.db, changes });
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const first = await service.save(
      { organizationId: t.orgId, userId: t.member.user.id },
      { teamId: team, version: 0, content: withValues('Candour') },
      meta,
    );
    expect(first).toMatchObject({ version: 1, isCompanyPlan: false, teamName: 'Plan saves', canEdit: true });
    expect(first.updatedBy).toEqual({ id: t.member.user.id, name: 'Grace Hopper' });
    expect(events.map((event) => [event.entity, event.teamId, event.ids, event.action])).toEqual([
      ['business_plan', team, [first.id], 'updated'],
    ]);
    expect(await auditEvents(t.context.database, 'business_plan.saved', first.id!)).toEqual([
      expect.objectContaining({ actorUserId: t.member.user.id, summary: { teamId: team, version: 1 } }),
    ]);

    const second = await save(t.owner, team, 1, withValues('Candour', 'Craft'));
    expect(second.version).toBe(2);
    const stale = await call(t.member, 'PUT', '', { teamId: team, version: 1, content: withValues('Lost?') });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string; error: string }>(stale)).toEqual({
      code: 'business_plan.stale_version',
      error: `${second.updatedBy!.name} saved this plan (version 2) since you opened it. Reload theirs, or keep yours and save it over theirs.`,
    });
    expect((await read(t.member, `?teamId=${team}`)).content.coreValues.map((value) => value.title)).toEqual([
      'Candour',
      'Craft',
    ]);
  });

  it('answers 409, not 500, to two first saves at once, and keeps one of them', async () => {
    const team = await addTeam(t.context, t.owner, 'Plan race', [t.member.user.id]);
    const [one, two] = await Promise.all([
      call(t.owner, 'PUT', '', { teamId: team, version: 0, content: withValues('Owner first') }),
      call(t.member, 'PUT', '', { teamId: team, version: 0, content: withValues('Member first') }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const plan = await read(t.owner, `?teamId=${team}`);
    expect(plan.version).toBe(1);
    const page = bodyOf<BusinessPlanVersionPage>(await call(t.owner, 'GET', `/versions?teamId=${team}`));
    expect(page.data.map((version) => version.version)).toEqual([1]);
  });

  it('lists versions newest first by pages, reads one, and restores an older one as a new version', async () => {
    const team = await addTeam(t.context, t.owner, 'Plan history', [t.member.user.id]);
    const first = await save(t.member, team, 0, withValues('First'));
    const second = await save(t.member, team, first.version, withValues('Second'));
    await save(t.member, team, second.version, withValues('Third'));

    const firstPage = bodyOf<BusinessPlanVersionPage>(await call(t.member, 'GET', `/versions?teamId=${team}&limit=2`));
    expect(firstPage.data.map((version) => version.version)).toEqual([3, 2]);
    expect(firstPage.data[0]!.createdBy).toEqual({ id: t.member.user.id, name: 'Grace Hopper' });
    const cursor = encodeURIComponent(firstPage.page.nextCursor!);
    const secondPage = bodyOf<BusinessPlanVersionPage>(
      await call(t.member, 'GET', `/versions?teamId=${team}&limit=2&cursor=${cursor}`),
    );
    expect(secondPage).toMatchObject({ data: [{ version: 1 }], page: { nextCursor: null } });
    expect((await call(t.member, 'GET', `/versions?teamId=${team}&cursor=garbage`)).statusCode).toBe(400);

    const one = bodyOf<{ data: BusinessPlanVersion }>(
      await call(t.member, 'GET', `/version?teamId=${team}&version=1`),
    ).data;
    expect(one.content.coreValues[0]!.title).toBe('First');
    expect((await call(t.member, 'GET', `/version?teamId=${team}&version=9`)).statusCode).toBe(404);

    const stale = await call(t.member, 'POST', '/restore', { teamId: team, version: 2, restoreVersion: 1 });
    expect(stale.statusCode).toBe(409);
    const restored = await call(t.member, 'POST', '/restore', { teamId: team, version: 3, restoreVersion: 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    const after = bodyOf<{ data: BusinessPlan }>(restored).data;
    expect(after.version).toBe(4);
    expect(after.content.coreValues[0]!.title).toBe('First');
    const all = bodyOf<BusinessPlanVersionPage>(await call(t.member, 'GET', `/versions?teamId=${team}`));
    expect(all.data.map((version) => version.version)).toEqual([4, 3, 2, 1]);
    const third = bodyOf<{ data: BusinessPlanVersion }>(
      await call(t.member, 'GET', `/version?teamId=${team}&version=3`),
    );
    expect(third.data.content.coreValues[0]!.title).toBe('Third');
    expect(await auditEvents(t.context.database, 'business_plan.restored', after.id!)).toEqual([
      expect.objectContaining({ summary: { teamId: team, restoredVersion: 1, version: 4 } }),
    ]);
    const missing = await call(t.member, 'POST', '/restore', { teamId: team, version: 4, restoreVersion: 99 });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps a team's plan to its members and admins, unless shared; the link works only in its organization", async () => {
    const team = await addTeam(t.context, t.owner, 'Plan private', [t.owner.user.id]);
    await save(t.owner, team, 0, withValues('Quiet'));
    const refused = await call(t.member, 'GET', `?teamId=${team}`);
    expect(refused.statusCode).toBe(403);
    expect(bodyOf<{ code: string }>(refused).code).toBe('business_plan.forbidden');

    const notSaved = await call(t.owner, 'PUT', '/share', {
      teamId: await addTeam(t.context, t.owner, 'Unsaved'),
      shared: true,
    });
    expect(notSaved.statusCode).toBe(409);
    const shared = bodyOf<{ data: BusinessPlan }>(
      await call(t.owner, 'PUT', '/share', { teamId: team, shared: true }),
    ).data;
    expect(shared.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const throughLink = await read(t.member, `?share=${shared.shareToken}`);
    expect(throughLink).toMatchObject({ teamId: team, canEdit: false, shareToken: null });
    expect(throughLink.content.coreValues[0]!.title).toBe('Quiet');

    const stranger = await call(t.other, 'GET', `?share=${shared.shareToken}`, undefined, t.other.user.organizationId);
    expect(stranger.statusCode).toBe(404);
    expect(bodyOf<{ code: string }>(stranger).code).toBe('business_plan.share_not_found');

    await call(t.owner, 'PUT', '/share', { teamId: team, shared: false });
    expect((await call(t.member, 'GET', `?share=${shared.shareToken}`)).statusCode).toBe(404);
    expect((await call(t.member, 'GET', '?share=not%20a%20token')).statusCode).toBe(400);
  });

  it('stores a broken character (a lone surrogate) as a replacement character instead of failing the save', async () => {
    const team = await addTeam(t.context, t.owner, 'Plan characters', [t.owner.user.id]);
    const plan = await save(t.owner, team, 0, withValues('Zoë says \uD800hi'));
    expect(plan.content.coreValues[0]!.title).toBe('Zoë says \uFFFDhi');
  });
});
