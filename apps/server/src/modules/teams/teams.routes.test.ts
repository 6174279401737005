import { beforeAll, describe, expect, it } from 'vitest';
import type { DepartmentList, Session } from '@keel/contract';
import { addMember, bearer, bodyOf, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

const t = useTenantFixture(['member']);

async function createTeam(organizationId: string, name: string, extra = ''): Promise<string> {
  const [team] = await queryAsOwner<{ id: string }>(
    t.context.database,
    `insert into teams (organization_id, name, description, color${extra ? ', archived_at' : ''}) values ('${organizationId}', '${name}', 'About ${name}', '#123456'${extra ? `, ${extra}` : ''}) returning id`,
  );
  return team!.id;
}

beforeAll(async () => {
  const organizationId = t.owner.user.organizationId;
  await createTeam(organizationId, 'sales');
  await createTeam(organizationId, 'Alpha');
  const beta = await createTeam(organizationId, 'beta');
  await createTeam(organizationId, 'Zombie', 'now()');
  await createTeam(t.other.user.organizationId, 'Foreign');
  await queryAsOwner(
    t.context.database,
    `insert into team_members (organization_id, team_id, user_id) values ('${organizationId}', '${beta}', '${t.members.member.user.id}')`,
  );
});

const departments = (session: Session | null) =>
  t.context.app.inject({ method: 'GET', url: '/api/v1/users/departments', headers: session ? bearer(session) : {} });

describe('GET /users/departments', () => {
  it('lists every active team, leadership first then by name, marking the caller’s own', async () => {
    const response = await departments(t.members.member);
    expect(response.statusCode).toBe(200);
    const { data } = bodyOf<{ data: DepartmentList }>(response);
    expect(data.departments.map((team) => [team.name, team.is_member])).toEqual([
      ['Leadership Team', false],
      ['Alpha', false],
      ['beta', true],
      ['sales', false],
    ]);
    expect(data.is_leadership_member).toBe(false);
    expect(data.departments[0]).toMatchObject({ is_leadership_team: true, parent_team_id: null });
    expect(data.departments[1]).toMatchObject({
      description: 'About Alpha',
      color: '#123456',
      is_leadership_team: false,
    });
  });

  it('says when the caller sits on the leadership team', async () => {
    const { data } = bodyOf<{ data: DepartmentList }>(await departments(t.owner));
    expect(data.is_leadership_member).toBe(true);
    expect(data.departments[0]).toMatchObject({ name: 'Leadership Team', is_member: true });
  });

  it('shows another organization only its own teams', async () => {
    const { data } = bodyOf<{ data: DepartmentList }>(await departments(t.other));
    expect(data.departments.map((team) => team.name)).toEqual(['Leadership Team', 'Foreign']);
    const ownIds = bodyOf<{ data: DepartmentList }>(await departments(t.owner)).data.departments.map((team) => team.id);
    expect(data.departments.some((team) => ownIds.includes(team.id))).toBe(false);
  });

  it('answers 401 without a token, and signs out someone whose membership ended', async () => {
    expect((await departments(null)).statusCode).toBe(401);
    const leaver = await addMember(t.context, t.owner.user.organizationId, 'member');
    await queryAsOwner(
      t.context.database,
      `update memberships set status = 'deactivated' where user_id = '${leaver.user.id}'`,
    );
    const response = await departments(leaver);
    expect(response.statusCode).toBe(401);
    expect(bodyOf<{ code: string }>(response).code).toBe('auth.membership_ended');
  });
});
