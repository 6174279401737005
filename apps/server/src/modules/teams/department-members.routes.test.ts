import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDepartment, DepartmentList, DepartmentMember, Session } from '@keel/contract';
import { addMember, auditEvents, bearer, bodyOf, queryAsOwner, recordedChanges } from '../../test-support/test-app.js';
import { useDepartmentsSuite } from '../../test-support/departments-fixture.js';
import { malformedJson } from '../../test-support/team-fixtures.js';
import { createDepartmentsService } from './departments.service.js';

const { t, orgId, call } = useDepartmentsSuite();
let sales: AdminDepartment;
let theirs: AdminDepartment;

const members = async (id = sales.id, session: Session = t.owner) =>
  bodyOf<{ data: DepartmentMember[] }>(await call(session, 'GET', `/${id}/members`)).data;

beforeAll(async () => {
  const created = await call(t.owner, 'POST', '', { name: 'Sales' });
  sales = bodyOf<{ data: AdminDepartment }>(created).data;
  const foreign = await call(t.other, 'GET', '', undefined, t.other.user.organizationId);
  theirs = bodyOf<{ data: AdminDepartment[] }>(foreign).data[0]!;
});

describe('department members', () => {
  it('adds a member, lists them with names, sets the lead role and removes them, auditing each step', async () => {
    const member = t.members.member;
    const added = await call(t.members.admin, 'POST', `/${sales.id}/members`, { userId: member.user.id });
    expect(added.statusCode).toBe(201);
    expect(await members(sales.id, t.members.observer)).toEqual([
      expect.objectContaining({ userId: member.user.id, email: member.user.email, role: 'member' }),
    ]);
    expect((await call(t.owner, 'PATCH', `/${sales.id}/members/${member.user.id}`, { role: 'lead' })).statusCode).toBe(
      200,
    );
    expect((await members())[0]!.role).toBe('lead');
    const listed = bodyOf<{ data: AdminDepartment[] }>(await call(t.owner, 'GET', '')).data;
    expect(listed.find((department) => department.id === sales.id)!.memberCount).toBe(1);
    expect((await call(t.owner, 'DELETE', `/${sales.id}/members/${member.user.id}`)).statusCode).toBe(200);
    expect(await members()).toEqual([]);
    for (const action of ['team.member_added', 'team.member_role_changed', 'team.member_removed']) {
      expect(await auditEvents(t.context.database, action, sales.id)).toHaveLength(1);
    }
  });

  it('answers 409 for someone already in the department and 404 removing someone who is not', async () => {
    await call(t.owner, 'POST', `/${sales.id}/members`, { userId: t.owner.user.id, role: 'lead' });
    const again = await call(t.owner, 'POST', `/${sales.id}/members`, { userId: t.owner.user.id });
    expect(again.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(again).code).toBe('department.already_member');
    const absent = await call(t.owner, 'DELETE', `/${sales.id}/members/${t.members.observer.user.id}`);
    expect(absent.statusCode).toBe(404);
    const role = await call(t.owner, 'PATCH', `/${sales.id}/members/${t.members.observer.user.id}`, { role: 'lead' });
    expect(role.statusCode).toBe(404);
  });

  it('adds only active members of this organization', async () => {
    const stranger = await call(t.owner, 'POST', `/${sales.id}/members`, { userId: t.other.user.id });
    expect(stranger.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(stranger).code).toBe('department.person_not_member');
    const leaver = await addMember(t.context, orgId(), 'member');
    await queryAsOwner(
      t.context.database,
      `update memberships set status = 'deactivated' where user_id = '${leaver.user.id}'`,
    );
    expect((await call(t.owner, 'POST', `/${sales.id}/members`, { userId: leaver.user.id })).statusCode).toBe(400);
  });

  it('answers 400 for bad input, 401, 403 for non-admins and 404 for another organization', async () => {
    const url = `/api/v1/organizations/${orgId()}/departments/${sales.id}/members`;
    const userId = t.members.observer.user.id;
    expect((await t.context.app.inject(malformedJson(url, t.owner))).statusCode).toBe(400);
    for (const body of [{ userId: 'x' }, { userId, role: 'boss' }, { userId, extra: 1 }, {}]) {
      expect((await call(t.owner, 'POST', `/${sales.id}/members`, body)).statusCode).toBe(400);
    }
    expect((await call(t.owner, 'PATCH', `/${sales.id}/members/${userId}`, { role: 'owner' })).statusCode).toBe(400);
    expect((await call(null, 'GET', `/${sales.id}/members`)).statusCode).toBe(401);
    expect((await call(null, 'POST', `/${sales.id}/members`, { userId })).statusCode).toBe(401);
    for (const session of [t.members.member, t.members.observer]) {
      expect((await call(session, 'POST', `/${sales.id}/members`, { userId })).statusCode).toBe(403);
      expect((await call(session, 'PATCH', `/${sales.id}/members/${userId}`, { role: 'lead' })).statusCode).toBe(403);
      expect((await call(session, 'DELETE', `/${sales.id}/members/${t.owner.user.id}`)).statusCode).toBe(403);
    }
    expect((await call(t.owner, 'GET', `/${theirs.id}/members`)).statusCode).toBe(404);
    expect((await call(t.owner, 'POST', `/${theirs.id}/members`, { userId })).statusCode).toBe(404);
    expect((await call(t.owner, 'DELETE', `/${theirs.id}/members/${t.other.user.id}`)).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'GET', `/${sales.id}/members`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
  });

  it('refuses member changes in an archived department', async () => {
    const created = await call(t.owner, 'POST', '', { name: 'Closed' });
    const closed = bodyOf<{ data: AdminDepartment }>(created).data;
    await call(t.owner, 'POST', `/${closed.id}/archive`, { version: 1 });
    const response = await call(t.owner, 'POST', `/${closed.id}/members`, { userId: t.owner.user.id });
    expect(response.statusCode).toBe(409);
  });
});

describe('the department selector after changes', () => {
  it('drops an archived department from the caller’s list and keeps is_leadership_member right', async () => {
    const mine = async (session: Session) =>
      bodyOf<{ data: DepartmentList }>(
        await t.context.app.inject({ method: 'GET', url: '/api/v1/users/departments', headers: bearer(session) }),
      ).data;
    const member = t.members.member;
    expect((await mine(member)).is_leadership_member).toBe(false);
    const leadership = (await mine(member)).departments.find((team) => team.is_leadership_team)!;
    await call(t.owner, 'POST', `/${leadership.id}/members`, { userId: member.user.id });
    expect((await mine(member)).is_leadership_member).toBe(true);
    // The profile's teams (the web's isOnLeadershipTeam check) follow too.
    const profile = await t.context.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: bearer(member) });
    const teams = bodyOf<{ data: { teams: { id: string; is_leadership_team: boolean }[] } }>(profile).data.teams;
    expect(teams.some((team) => team.id === leadership.id && team.is_leadership_team)).toBe(true);
    await call(t.owner, 'DELETE', `/${leadership.id}/members/${member.user.id}`);
    expect((await mine(member)).is_leadership_member).toBe(false);

    const created = await call(t.owner, 'POST', '', { name: 'Short-lived' });
    const team = bodyOf<{ data: AdminDepartment }>(created).data;
    expect((await mine(member)).departments.map((d) => d.id)).toContain(team.id);
    await call(t.owner, 'POST', `/${team.id}/archive`, { version: 1 });
    expect((await mine(member)).departments.map((d) => d.id)).not.toContain(team.id);
  });

  it('publishes every change on the change bus as entity team, organization-wide, after the commit', async () => {
    const { changes, events } = recordedChanges();
    const service = createDepartmentsService({ db: t.context.database.db, changes });
    const caller = { organizationId: orgId(), userId: t.owner.user.id };
    const meta = { ipAddress: 'test', userAgent: 'vitest' };
    const created = await service.create(caller, { name: 'Live' }, meta);
    await service.addMember(caller, created.id, { userId: t.owner.user.id }, meta);
    await service.archive(caller, created.id, created.version, meta);
    await expect(service.archive(caller, created.id, created.version, meta)).rejects.toThrow();
    expect(events.map((event) => [event.entity, event.action, event.teamId, event.ids])).toEqual([
      ['team', 'created', null, [created.id]],
      ['team', 'updated', null, [created.id]],
      ['team', 'updated', null, [created.id]],
    ]);
  });
});
