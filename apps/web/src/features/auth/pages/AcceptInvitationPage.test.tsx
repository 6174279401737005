import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitationPreview } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { fakeJwt, inSeconds, stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import AcceptInvitationPage from './AcceptInvitationPage';

const TOKEN = 'A'.repeat(43);
const path = `/accept-invitation?token=${TOKEN}`;
const preview: InvitationPreview = {
  email: 'kay@example.com',
  role: 'member',
  organizationName: 'Analytical Engines',
  inviterName: 'Ada Lovelace',
  teams: ['Sales'],
  expiresAt: '2030-01-08T10:00:00.000Z',
  accountExists: false,
};
const open = (invitation: InvitationPreview) => ({ body: { data: { state: 'open', message: null, invitation } } });
const session = {
  data: { user: makeUser({ email: 'kay@example.com' }), accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r' },
};

beforeEach(() => useSession.setState({ status: 'signedOut', user: null }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = () =>
  renderPage(<AcceptInvitationPage />, { path, route: '/accept-invitation', markers: ['/dashboard'] });

describe('AcceptInvitationPage', () => {
  it('shows who invites to what; a new person sets names and password, consents, and lands on the dashboard', async () => {
    const { calls } = stubFetch({
      [`GET /invitations/${TOKEN}`]: open(preview),
      [`POST /invitations/${TOKEN}/accept`]: { body: session },
    });
    render();
    expect(await screen.findByText(/Ada Lovelace invites you to join/)).toBeTruthy();
    expect(screen.getByText(/\(Sales\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('First name'), 'Kay');
    await userEvent.type(screen.getByLabelText('Last name'), 'Nine');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-pass');
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    const accepted = calls.find((call) => call.method === 'POST');
    expect(accepted?.body).toMatchObject({ firstName: 'Kay', lastName: 'Nine', password: 'secret-pass' });
    expect(useSession.getState().user?.email).toBe('kay@example.com');
    // The link was looked up once: never again once it was being used.
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('explains a used, expired or revoked link and how to get a new one', async () => {
    stubFetch({
      [`GET /invitations/${TOKEN}`]: {
        body: { data: { state: 'accepted', message: 'This invitation was already used.', invitation: null } },
      },
    });
    render();
    expect(await screen.findByText('This invitation was already used.')).toBeTruthy();
    expect(screen.getByText(/Ask the person who invited you to send a new invitation/)).toBeTruthy();
  });

  it('an existing account signs in with its password, then accepts', async () => {
    const { calls } = stubFetch({
      [`GET /invitations/${TOKEN}`]: open({ ...preview, accountExists: true }),
      'POST /auth/login': { body: session },
      [`POST /invitations/${TOKEN}/accept`]: { body: session },
    });
    render();
    expect(await screen.findByText(/You already have an account as kay@example.com/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to accept' }));
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    expect(calls.find((call) => call.path === '/auth/login')?.body).toEqual({
      email: 'kay@example.com',
      password: 'secret-pass',
    });
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/accept'))).toBe(true));
  });
});
