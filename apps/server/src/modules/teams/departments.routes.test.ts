import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDepartment, DepartmentList, Session } from '@keel/contract';
import { auditEvents, bearer, bodyOf, expectDocumented } from '../../test-support/test-app.js';
import { useDepartmentsSuite } from '../../test-support/departments-fixture.js';
import { malformedJson } from '../../test-support/team-fixtures.js';

const { t, orgId, call } = useDepartmentsSuite();

async function create(body: Record<string, unknown>, session: Session = t.owner): Promise<AdminDepartment> {
  const response = await call(session, 'POST', '', body);
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: AdminDepartment }>(response).data;
}
const list = async (query = '', session: Session = t.owner) =>
  bodyOf<{ data: AdminDepartment[] }>(await call(session, 'GET', query, undefined, session.user.organizationId)).data;
let leadership: AdminDepartment;

beforeAll(async () => {
  leadership = (await list()).find((department) => department.isLeadershipTeam)!;
});

describe('GET /organizations/{id}/departments', () => {
  it('lists the active departments with parent, member count and leadership flag, to every member', async () => {
    const sales = await create({ name: 'Sales', parentTeamId: leadership.id, color: '#123456' });
    const departments = await list('', t.members.observer);
    expect(departments.find((department) => department.id === leadership.id)).toMatchObject({
      name: 'Leadership Team',
      isLeadershipTeam: true,
      memberCount: 1,
      parentTeamId: null,
      archivedAt: null,
    });
    expect(departments.find((department) => department.id === sales.id)).toMatchObject({
      parentTeamId: leadership.id,
      memberCount: 0,
      color: '#123456',
      version: 1,
    });
  });

  it('lists archived departments only when asked, and refuses an unknown query value', async () => {
    const old = await create({ name: 'Old' });
    await call(t.owner, 'POST', `/${old.id}/archive`, { version: old.version });
    expect((await list()).some((department) => department.id === old.id)).toBe(false);
    const archived = await list('?archived=true');
    expect(archived.map((department) => department.id)).toContain(old.id);
    expect(archived.every((department) => department.archivedAt !== null)).toBe(true);
    expect((await call(t.owner, 'GET', '?archived=yes')).statusCode).toBe(400);
  });

  it('answers 401 without a token and 404 for another organization', async () => {
    expect((await call(null, 'GET', '')).statusCode).toBe(401);
    expect((await call(t.owner, 'GET', '', undefined, t.other.user.organizationId)).statusCode).toBe(404);
    const theirs = await list('', t.other);
    expect(theirs.map((department) => department.name)).toEqual(['Leadership Team']);
  });

  it('is documented in the OpenAPI document', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/departments',
      '/api/v1/organizations/{organizationId}/departments/{departmentId}',
      '/api/v1/organizations/{organizationId}/departments/{departmentId}/archive',
      '/api/v1/organizations/{organizationId}/departments/{departmentId}/members/{userId}',
    ]);
  });
});

describe('POST /organizations/{id}/departments', () => {
  it('creates a department for an admin, audits it, and shows it in everyone’s department list', async () => {
    const created = await create({ name: '  Marketing ', description: 'Brand' }, t.members.admin);
    expect(created).toMatchObject({ name: 'Marketing', description: 'Brand', isLeadershipTeam: false, version: 1 });
    expect(await auditEvents(t.context.database, 'team.created', created.id)).toHaveLength(1);
    const mine = await t.context.app.inject({
      method: 'GET',
      url: '/api/v1/users/departments',
      headers: bearer(t.members.member),
    });
    const names = bodyOf<{ data: DepartmentList }>(mine).data.departments.map((department) => department.name);
    expect(names).toContain('Marketing');
  });

  it.each([
    ['a blank name', { name: '  ' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['a name of the wrong type', { name: 42 }],
    ['a bad colour', { name: 'A', color: 'red' }],
    ['an unknown key', { name: 'A', isLeadershipTeam: true }],
    ['a malformed parent id', { name: 'A', parentTeamId: 'nope' }],
  ])('answers 400 for %s', async (_case, body) => {
    expect((await call(t.owner, 'POST', '', body)).statusCode).toBe(400);
  });

  it('answers 400 for a parent of another organization, or an archived one', async () => {
    const [theirs] = await list('', t.other);
    const foreign = await call(t.owner, 'POST', '', { name: 'A', parentTeamId: theirs!.id });
    expect(foreign.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(foreign).code).toBe('department.invalid_parent');
    const gone = await create({ name: 'Gone' });
    await call(t.owner, 'POST', `/${gone.id}/archive`, { version: 1 });
    expect((await call(t.owner, 'POST', '', { name: 'A', parentTeamId: gone.id })).statusCode).toBe(400);
  });

  it('answers 400 for malformed JSON, 401 without a token, 403 for a member or observer, 404 elsewhere', async () => {
    const url = `/api/v1/organizations/${orgId()}/departments`;
    expect((await t.context.app.inject(malformedJson(url, t.owner))).statusCode).toBe(400);
    expect((await call(null, 'POST', '', { name: 'A' })).statusCode).toBe(401);
    expect((await call(t.members.member, 'POST', '', { name: 'A' })).statusCode).toBe(403);
    expect((await call(t.members.observer, 'POST', '', { name: 'A' })).statusCode).toBe(403);
    expect((await call(t.owner, 'POST', '', { name: 'A' }, t.other.user.organizationId)).statusCode).toBe(404);
  });
});

describe('PATCH /organizations/{id}/departments/{departmentId}', () => {
  it('renames and re-parents at the current version, audits it, and answers 409 for a stale one', async () => {
    const ops = await create({ name: 'Ops' });
    const response = await call(t.owner, 'PATCH', `/${ops.id}`, {
      version: 1,
      name: 'Operations',
      parentTeamId: leadership.id,
      color: null,
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: AdminDepartment }>(response).data).toMatchObject({
      name: 'Operations',
      parentTeamId: leadership.id,
      version: 2,
    });
    expect(await auditEvents(t.context.database, 'team.updated', ops.id)).toHaveLength(1);
    const stale = await call(t.owner, 'PATCH', `/${ops.id}`, { version: 1, name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(stale).code).toBe('department.stale_version');
  });

  it('refuses a parent that is the department itself or one of its descendants: would create a cycle', async () => {
    const top = await create({ name: 'Top' });
    const middle = await create({ name: 'Middle', parentTeamId: top.id });
    const bottom = await create({ name: 'Bottom', parentTeamId: middle.id });
    for (const parentTeamId of [top.id, bottom.id]) {
      const response = await call(t.owner, 'PATCH', `/${top.id}`, { version: 1, parentTeamId });
      expect(response.statusCode).toBe(400);
      const body = bodyOf<{ code: string; error: string }>(response);
      expect(body.code).toBe('department.cycle');
      expect(body.error).toMatch(/would create a cycle/);
    }
    expect((await call(t.owner, 'PATCH', `/${top.id}`, { version: 1, parentTeamId: null })).statusCode).toBe(200);
  });

  it('answers 400 for bad input, 401, 403 for non-admins, 404 for another organization’s department', async () => {
    const team = await create({ name: 'Guarded' });
    const url = `/api/v1/organizations/${orgId()}/departments/${team.id}`;
    expect((await t.context.app.inject(malformedJson(url, t.owner, 'PATCH'))).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', `/${team.id}`, { name: 'No version' })).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', `/${team.id}`, { version: 1, isLeadershipTeam: true })).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', '/not-a-uuid', { version: 1 })).statusCode).toBe(400);
    expect((await call(null, 'PATCH', `/${team.id}`, { version: 1 })).statusCode).toBe(401);
    expect((await call(t.members.member, 'PATCH', `/${team.id}`, { version: 1, name: 'X' })).statusCode).toBe(403);
    const [theirs] = await list('', t.other);
    expect((await call(t.owner, 'PATCH', `/${theirs!.id}`, { version: 1, name: 'X' })).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', `/${theirs!.id}`)).statusCode).toBe(404);
  });
});

describe('archive and restore', () => {
  it('archives and restores with audit, and answers 409 for a stale version', async () => {
    const team = await create({ name: 'Seasonal' });
    const archived = await call(t.owner, 'POST', `/${team.id}/archive`, { version: 1 });
    expect(bodyOf<{ data: AdminDepartment }>(archived).data).toMatchObject({ version: 2 });
    expect(bodyOf<{ data: AdminDepartment }>(archived).data.archivedAt).not.toBeNull();
    expect((await call(t.owner, 'POST', `/${team.id}/restore`, { version: 1 })).statusCode).toBe(409);
    const restored = await call(t.owner, 'POST', `/${team.id}/restore`, { version: 2 });
    expect(bodyOf<{ data: AdminDepartment }>(restored).data).toMatchObject({ archivedAt: null, version: 3 });
    expect(await auditEvents(t.context.database, 'team.archived', team.id)).toHaveLength(1);
    expect(await auditEvents(t.context.database, 'team.restored', team.id)).toHaveLength(1);
  });

  it('never archives the leadership team', async () => {
    const response = await call(t.owner, 'POST', `/${leadership.id}/archive`, { version: leadership.version });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(response).error).toBe('The leadership team cannot be archived');
  });

  it('refuses to archive a department with active sub-departments, and to restore under an archived parent', async () => {
    const parent = await create({ name: 'Parent' });
    const child = await create({ name: 'Child', parentTeamId: parent.id });
    const refused = await call(t.owner, 'POST', `/${parent.id}/archive`, { version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(refused).code).toBe('department.has_children');
    await call(t.owner, 'POST', `/${child.id}/archive`, { version: 1 });
    expect((await call(t.owner, 'POST', `/${parent.id}/archive`, { version: 1 })).statusCode).toBe(200);
    const orphan = await call(t.owner, 'POST', `/${child.id}/restore`, { version: 2 });
    expect(orphan.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(orphan).code).toBe('department.parent_archived');
  });

  it('answers 400 without a version, 401, 403 for non-admins, 404 for another organization', async () => {
    const team = await create({ name: 'Locked' });
    expect((await call(t.owner, 'POST', `/${team.id}/archive`, {})).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${team.id}/archive`, { version: 1 })).statusCode).toBe(401);
    expect((await call(t.members.observer, 'POST', `/${team.id}/archive`, { version: 1 })).statusCode).toBe(403);
    expect((await call(t.members.member, 'POST', `/${team.id}/restore`, { version: 1 })).statusCode).toBe(403);
    const [theirs] = await list('', t.other);
    expect((await call(t.owner, 'POST', `/${theirs!.id}/restore`, { version: 1 })).statusCode).toBe(404);
  });
});

describe('POST /organizations/{id}/departments/{departmentId}/make-leadership', () => {
  it('moves the one leadership flag in one step, audited, and keeps exactly one', async () => {
    const board = await create({ name: 'Board' });
    const response = await call(t.owner, 'POST', `/${board.id}/make-leadership`, { version: 1 });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: AdminDepartment }>(response).data).toMatchObject({ isLeadershipTeam: true, version: 2 });
    const flagged = (await list()).filter((department) => department.isLeadershipTeam);
    expect(flagged.map((department) => department.id)).toEqual([board.id]);
    expect(await auditEvents(t.context.database, 'team.leadership_moved', board.id)).toHaveLength(1);
    // Moved back, so the other suites still see the original leadership team.
    const old = (await list()).find((department) => department.id === leadership.id)!;
    expect((await call(t.owner, 'POST', `/${old.id}/make-leadership`, { version: old.version })).statusCode).toBe(200);
    leadership = (await list()).find((department) => department.id === leadership.id)!;
    expect(leadership.isLeadershipTeam).toBe(true);
  });

  it('answers 409 for a stale version, 400 without one, 401, 403 for non-admins, 404 elsewhere', async () => {
    const team = await create({ name: 'Candidate' });
    expect((await call(t.owner, 'POST', `/${team.id}/make-leadership`, { version: 9 })).statusCode).toBe(409);
    expect((await call(t.owner, 'POST', `/${team.id}/make-leadership`, {})).statusCode).toBe(400);
    expect((await call(null, 'POST', `/${team.id}/make-leadership`, { version: 1 })).statusCode).toBe(401);
    expect((await call(t.members.admin, 'POST', `/${team.id}/make-leadership`, { version: 9 })).statusCode).toBe(409);
    expect((await call(t.members.member, 'POST', `/${team.id}/make-leadership`, { version: 1 })).statusCode).toBe(403);
    const [theirs] = await list('', t.other);
    expect((await call(t.owner, 'POST', `/${theirs!.id}/make-leadership`, { version: 1 })).statusCode).toBe(404);
    expect((await list()).filter((department) => department.isLeadershipTeam)).toHaveLength(1);
  });
});
