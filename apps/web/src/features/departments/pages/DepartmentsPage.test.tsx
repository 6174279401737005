import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDepartment, DepartmentMember } from '@keel/contract';
import { stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { ADA, peopleReply, signedInForEachTest } from '../../../test-utils/team-stubs';
import { department } from '../department-test-data';
import DepartmentsPage from './DepartmentsPage';

const LEAD = '44444444-4444-4444-8444-444444444444';
const SALES = '55555555-5555-4555-8555-555555555555';
const BERLIN = '66666666-6666-4666-8666-666666666666';
const OPS = '77777777-7777-4777-8777-777777777777';
const base = `/organizations/${ORG_ID}/departments`;

const active = [
  department(SALES, 'Sales', { parentTeamId: LEAD, memberCount: 2 }),
  department(BERLIN, 'Berlin', { parentTeamId: SALES }),
  department(LEAD, 'Leadership Team', { isLeadershipTeam: true, memberCount: 1 }),
  department(OPS, 'Ops'),
];
const ADA_MEMBER: DepartmentMember = {
  userId: ADA.id,
  name: ADA.name,
  email: ADA.email,
  avatarUrl: null,
  role: 'lead',
};

signedInForEachTest();

function stubPage(routes: Parameters<typeof stubFetch>[0] = {}, list: AdminDepartment[] = active) {
  return stubFetch({
    [`GET ${base}`]: (call: StubCall) => ({
      body: { data: call.url.includes('archived=true') ? [department(OPS, 'Old', { archivedAt: 'x' })] : list },
    }),
    [`GET /organizations/${ORG_ID}/people`]: peopleReply([ADA]),
    ...routes,
  });
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!;

describe('DepartmentsPage', () => {
  it('shows the departments as a tree with the leadership icon and member counts', async () => {
    stubPage();
    renderPage(<DepartmentsPage />);
    const list = await screen.findByRole('list', { name: 'Departments' });
    const names = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Leadership Team', 'Sales', 'Berlin', 'Ops']);
    expect(within(await rowOf('Leadership Team')).getByRole('img', { name: 'Leadership team' })).toBeTruthy();
    expect(within(await rowOf('Leadership Team')).queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(within(await rowOf('Sales')).getByText('2 members')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Berlin' }).getAttribute('href')).toBe(`/departments/${BERLIN}`);
  });

  it('creates a department under a parent', async () => {
    const stub = stubPage({ [`POST ${base}`]: { status: 201, body: { data: department(OPS, 'Marketing') } } });
    renderPage(<DepartmentsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Department' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Give the Department a name')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Marketing');
    await userEvent.selectOptions(within(dialog).getByLabelText('Parent'), LEAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}`)[0]!.body).toEqual({
      name: 'Marketing',
      description: null,
      color: null,
      parentTeamId: LEAD,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no parent that would create a cycle, and explains a stale edit', async () => {
    const stub = stubPage({
      [`PATCH ${base}/${SALES}`]: {
        status: 409,
        body: { error: 'Someone else changed this department', code: 'department.stale_version' },
      },
    });
    renderPage(<DepartmentsPage />);
    await userEvent.click(within(await rowOf('Sales')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Department' });
    const options = within(within(dialog).getByLabelText('Parent'))
      .getAllByRole('option')
      .map((option) => option.textContent?.trim());
    expect(options).toEqual(['None (top level)', 'Leadership Team', 'Ops']);
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Revenue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone else changed this Department since you opened it/)).toBeTruthy();
    expect(stub.callsTo(`PATCH ${base}/${SALES}`)[0]!.body).toMatchObject({ version: 1, name: 'Revenue' });
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('archives after a confirmation and shows the server’s refusal', async () => {
    const stub = stubPage({
      [`POST ${base}/${SALES}/archive`]: {
        status: 409,
        body: { error: 'This department has sub-departments.', code: 'department.has_children' },
      },
      [`POST ${base}/${OPS}/archive`]: { body: { data: department(OPS, 'Ops', { archivedAt: 'now' }) } },
    });
    renderPage(<DepartmentsPage />);
    await userEvent.click(within(await rowOf('Sales')).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Sales?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByText('This department has sub-departments.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await rowOf('Ops')).getByRole('button', { name: 'Archive' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Archive Ops?' })).getByRole('button', { name: 'Archive' }),
    );
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${OPS}/archive`)[0]?.body).toEqual({ version: 1 }));
  });

  it('lists archived departments on request, with Restore', async () => {
    stubPage();
    renderPage(<DepartmentsPage />);
    await userEvent.click(await screen.findByLabelText('Show archived Departments'));
    expect(within(await rowOf('Old')).getByRole('button', { name: 'Restore' })).toBeTruthy();
  });

  it('adds, removes and marks the lead of members', async () => {
    const members = `${base}/${SALES}/members`;
    const stub = stubPage({
      [`GET ${members}`]: { body: { data: [ADA_MEMBER] } },
      [`POST ${members}`]: { status: 201, body: { data: { success: true } } },
      [`PATCH ${members}/${ADA.id}`]: { body: { data: { success: true } } },
      [`DELETE ${members}/${ADA.id}`]: { body: { data: { success: true } } },
    });
    renderPage(<DepartmentsPage />);
    await userEvent.click(within(await rowOf('Sales')).getByRole('button', { name: 'Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Sales' });
    expect(await within(dialog).findByText(ADA.email)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: `${ADA.name} leads this Department` }));
    await waitFor(() => expect(stub.callsTo(`PATCH ${members}/${ADA.id}`)[0]?.body).toEqual({ role: 'member' }));
    await userEvent.click(within(dialog).getByRole('button', { name: `Remove ${ADA.name}` }));
    await waitFor(() => expect(stub.callsTo(`DELETE ${members}/${ADA.id}`)).toHaveLength(1));
    // Everyone already in it is left out of the add list.
    expect(within(within(dialog).getByLabelText('Add a person')).getAllByRole('option')).toHaveLength(1);
  });

  it('shows an empty note when there are none', async () => {
    stubPage({}, []);
    renderPage(<DepartmentsPage />);
    expect(await screen.findByText('No Departments yet.')).toBeTruthy();
  });

  it('says when the departments could not be loaded', async () => {
    stubFetch({ [`GET ${base}`]: { status: 500, body: { error: 'Boom', code: 'server.error' } } });
    renderPage(<DepartmentsPage />);
    expect(await screen.findByText('Boom')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
