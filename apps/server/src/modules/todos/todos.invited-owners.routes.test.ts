import { describe, expect, it } from 'vitest';
import type { Invitation, OrganizationPerson, Priority, Session, Todo } from '@keel/contract';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';
import { bearer, bodyOf, mailsTo, uniqueEmail } from '../../test-support/test-app.js';

const { state: t, call } = usePrioritiesFixture();

async function invite(email: string): Promise<Invitation> {
  const response = await call(t.owner, 'POST', '/invitations', { email, role: 'member', teamIds: [t.teamId] });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: Invitation }>(response).data;
}

async function people(): Promise<OrganizationPerson[]> {
  const response = await call(t.owner, 'GET', '/people');
  expect(response.statusCode).toBe(200);
  return bodyOf<{ data: OrganizationPerson[] }>(response).data;
}

async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await mailsTo(t.context, email);
  const token = /accept-invitation\?token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const createTodo = (ownerIds: string[]) =>
  call(t.owner, 'POST', '/todos', { title: 'Prepare the onboarding', ownerIds, teamId: t.teamId });
const createPriority = (ownerIds: string[]) =>
  call(t.owner, 'POST', '/priorities', { title: 'Hire two engineers', ownerIds, teamId: t.teamId });

describe('invited people as owners', () => {
  it('are in the people picker, marked invited, and can be given to-dos and priorities before they join', async () => {
    const email = uniqueEmail('planned');
    await invite(email);
    const invited = (await people()).find((person) => person.email === email);
    // Invited by address only: the address names them until they give their name.
    expect(invited).toMatchObject({ name: email, invited: true });
    expect((await people()).find((person) => person.id === t.owner.user.id)?.invited).toBe(false);

    const todo = await createTodo([invited!.id]);
    expect(todo.statusCode, todo.body).toBe(201);
    expect(bodyOf<{ data: Todo[] }>(todo).data[0]).toMatchObject({ ownerId: invited!.id });
    const priority = await createPriority([invited!.id]);
    expect(priority.statusCode, priority.body).toBe(201);
    expect(bodyOf<{ data: Priority[] }>(priority).data[0]).toMatchObject({ ownerId: invited!.id });

    // They cannot act in the organization yet: the invitation has to be accepted first.
    const members = await call(t.owner, 'GET', '/members');
    expect(members.body).not.toContain(email);

    // Accepting keeps the same person, so what they were given is theirs when they arrive.
    const accepted = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${await tokenMailedTo(email)}/accept`,
      payload: {
        firstName: 'Dorothy',
        lastName: 'Vaughan',
        password: 'secret-pass',
        legalAgreement: { termsAccepted: true, privacyAccepted: true },
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = bodyOf<{ data: Session }>(accepted).data;
    expect(session.user.id).toBe(invited!.id);
    const mine = await t.context.app.inject({
      url: `/api/v1/organizations/${t.orgId}/todos?teamId=${t.teamId}&ownerId=${invited!.id}`,
      headers: bearer(session),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('Prepare the onboarding');
    expect((await people()).find((person) => person.id === invited!.id)).toMatchObject({
      name: 'Dorothy Vaughan',
      invited: false,
    });
  });

  it('a revoked invitation takes the person out of the picker, and deactivated members are refused as owners', async () => {
    const email = uniqueEmail('withdrawn');
    const invitation = await invite(email);
    const personId = (await people()).find((person) => person.email === email)!.id;
    expect((await call(t.owner, 'DELETE', `/invitations/${invitation.id}`)).statusCode).toBe(200);
    expect((await people()).some((person) => person.email === email)).toBe(false);
    const refused = await createTodo([personId]);
    expect(refused.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(refused).code).toBe('todo.invalid_owner');

    const leaving = await addDeactivatedMember();
    expect(bodyOf<{ code: string }>(await createTodo([leaving])).code).toBe('todo.invalid_owner');
    expect(bodyOf<{ code: string }>(await createPriority([leaving])).code).toBe('priority.invalid_owner');
    expect((await people()).some((person) => person.id === leaving)).toBe(false);
  });
});

/** The suite's member, deactivated by the owner: their id, which no longer owns anything new. */
async function addDeactivatedMember(): Promise<string> {
  const list = await call(t.owner, 'GET', '/members');
  const member = bodyOf<{ data: { userId: string; version: number }[] }>(list).data.find(
    (row) => row.userId === t.member.user.id,
  )!;
  const response = await call(t.owner, 'POST', `/members/${member.userId}/deactivate`, { version: member.version });
  expect(response.statusCode, response.body).toBe(200);
  return member.userId;
}
