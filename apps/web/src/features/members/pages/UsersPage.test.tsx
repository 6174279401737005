import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invitation, Member } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import UsersPage from './UsersPage';

const ME = '22222222-2222-4222-8222-222222222222';
const BOB = '33333333-3333-4333-8333-333333333333';
const SALES = '55555555-5555-4555-8555-555555555555';
const INVITE = '66666666-6666-4666-8666-666666666666';
const members = `/organizations/${ORG_ID}/members`;
const invitations = `/organizations/${ORG_ID}/invitations`;

const member = (userId: string, firstName: string, overrides: Partial<Member> = {}): Member => ({
  userId,
  email: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName: 'Example',
  role: 'member',
  status: 'active',
  teams: [],
  lastSignInAt: null,
  version: 1,
  ...overrides,
});
const ADA = member(ME, 'Ada', { role: 'owner' });
const BOB_MEMBER = member(BOB, 'Bob', { teams: [{ id: SALES, name: 'Sales' }] });
const pending: Invitation = {
  id: INVITE,
  email: 'new@example.com',
  role: 'member',
  teamIds: [],
  state: 'pending',
  invitedById: ME,
  expiresAt: '2030-01-08T10:00:00.000Z',
  createdAt: '2030-01-01T10:00:00.000Z',
  version: 1,
};

const LINK = 'http://keel.test/accept-invitation?token=secret-token';
const mailed = { mailed: true, unmailed: [] };
const notMailed = { mailed: false, unmailed: [{ email: 'new@example.com', link: LINK }] };

signedInForEachTest(() => makeUser({ id: ME, role: 'owner' }));

function stubPage(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`GET ${members}`]: (call) =>
      call.url.includes('cursor=next')
        ? { body: { data: [member('44444444-4444-4444-8444-444444444444', 'Cy')], page: { nextCursor: null } } }
        : call.url.includes('search=bob')
          ? { body: { data: [BOB_MEMBER], page: { nextCursor: null } } }
          : { body: { data: [ADA, BOB_MEMBER], page: { nextCursor: 'next' } } },
    [`GET ${invitations}`]: { body: { data: [pending], page: { nextCursor: null } } },
    [`GET /organizations/${ORG_ID}/departments`]: {
      body: {
        data: [
          {
            id: SALES,
            name: 'Sales',
            description: null,
            color: null,
            parentTeamId: null,
            isLeadershipTeam: false,
            memberCount: 1,
            archivedAt: null,
            version: 1,
            createdAt: '2026-11-01T09:00:00.000Z',
            updatedAt: '2026-11-01T09:00:00.000Z',
          },
        ],
      },
    },
    ...routes,
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('li')!;

describe('UsersPage', () => {
  it('lists people with role, teams and status, searches, and shows more', async () => {
    const calls = stubPage().calls;
    renderPage(<UsersPage />);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByText('Ada Example')).toBeTruthy();
    expect(within(await rowOf('Bob Example')).getByText(/Sales/)).toBeTruthy();
    expect(within(await rowOf('Ada Example')).getByText('You')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Cy Example')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search by name or e-mail'), 'bob');
    await waitFor(() => expect(screen.queryByText('Ada Example')).toBeNull());
    expect(calls.some((call) => call.url.includes('search=bob'))).toBe(true);
  });

  it('changes a role at once, but asks before making an owner, and shows the last-owner refusal', async () => {
    const { calls } = stubPage({
      [`PATCH ${members}/${BOB}/role`]: { body: { data: { ...BOB_MEMBER, role: 'admin', version: 2 } } },
      [`PATCH ${members}/${ME}/role`]: {
        status: 409,
        body: { error: 'The organization must keep at least one active owner.', code: 'members.last_owner' },
      },
    });
    renderPage(<UsersPage />);
    await userEvent.selectOptions(await screen.findByLabelText('Role of Bob Example'), 'admin');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'admin', version: 1 }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Role of Bob Example'), 'owner');
    expect(await screen.findByRole('dialog', { name: 'Make Bob Example owner?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.selectOptions(screen.getByLabelText('Role of Ada Example'), 'member');
    await userEvent.click(await screen.findByRole('button', { name: 'Change role' }));
    expect((await screen.findByRole('alert')).textContent).toContain('at least one active owner');
  });

  it('deactivates after confirming', async () => {
    const { calls } = stubPage({
      [`POST ${members}/${BOB}/deactivate`]: { body: { data: { ...BOB_MEMBER, status: 'deactivated', version: 2 } } },
    });
    renderPage(<UsersPage />);
    await userEvent.click(within(await rowOf('Bob Example')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bob Example?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${members}/${BOB}/deactivate`)?.body).toEqual({ version: 1 }),
    );
  });

  it('invites by e-mail with role and teams', async () => {
    const { calls } = stubPage({
      [`POST ${invitations}`]: { status: 201, body: { data: { ...pending, delivery: mailed } } },
    });
    renderPage(<UsersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'new@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'observer');
    await userEvent.click(await within(dialog).findByLabelText('Sales'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(/Invitation sent to new@example.com/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      role: 'observer',
      teamIds: [SALES],
    });
    expect(within(dialog).queryByText(/Mail is not set up/)).toBeNull();
  });

  it('without mail on the server, says no e-mail was sent and offers the link to copy', async () => {
    stubPage({ [`POST ${invitations}`]: { status: 201, body: { data: { ...pending, delivery: notMailed } } } });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage(<UsersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'new@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText(
        'Mail is not set up on this server, so no e-mail was sent. Copy this link and send it yourself:',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/Invitation sent/)).toBeNull();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Invitation link for new@example.com').value).toBe(LINK);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link for new@example.com' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await within(dialog).findByText('Link copied.')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('resends and revokes pending invitations', async () => {
    const { calls } = stubPage({
      [`POST ${invitations}/${INVITE}/resend`]: [
        { body: { data: { ...pending, version: 2, delivery: mailed } } },
        { body: { data: { ...pending, version: 3, delivery: notMailed } } },
      ],
      [`DELETE ${invitations}/${INVITE}`]: { body: { data: { ...pending, state: 'revoked' } } },
    });
    renderPage(<UsersPage />);
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    await userEvent.click(within(list).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/A new link was sent to new@example.com/)).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/A new link was made for new@example.com/)).toBeTruthy();
    expect(screen.queryByText(/A new link was sent/)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Invitation link for new@example.com').value).toBe(LINK);
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.path.endsWith('/resend'))?.body).toEqual({ version: 1 });
  });

  it('shows a clear error when the list cannot load', async () => {
    stubPage({ [`GET ${members}`]: { status: 500, body: { error: 'Boom', code: 'x' } } });
    renderPage(<UsersPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Boom');
  });
});
