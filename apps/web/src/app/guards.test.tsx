import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useSession } from '../lib/session-store';
import { makeUser } from '../test-utils/fixtures';
import { renderRoutes } from '../test-utils/render';
import { HomeRoute, RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';

vi.mock('../features/marketing/pages/HomePage', () => ({ default: () => <p>home page</p> }));

const routes = [
  { path: '/', element: <HomeRoute /> },
  {
    element: <RedirectIfSignedIn />,
    children: ['/login', '/register', '/consultant-register', '/forgot-password', '/reset-password'].map((path) => ({
      path,
      element: <p>public {path}</p>,
    })),
  },
  {
    element: <RequireAuth />,
    children: [
      { path: '/dashboard', element: <p>at /dashboard</p> },
      { path: '/scorecard', element: <p>scorecard page</p> },
      { element: <RequireAdmin />, children: [{ path: '/admin/tools', element: <p>admin tools</p> }] },
    ],
  },
];

const signedInAs = (role: 'owner' | 'admin' | 'member' | 'observer') =>
  useSession.setState({ status: 'signedIn', user: makeUser({ role }) });

beforeEach(() => useSession.setState({ status: 'signedOut', user: null }));

describe('RequireAuth', () => {
  it('sends signed-out visitors to /login', async () => {
    renderRoutes(routes, { path: '/scorecard' });
    expect(await screen.findByText('public /login')).toBeTruthy();
  });

  it('shows a full-screen spinner while the session loads', () => {
    useSession.setState({ status: 'loading', user: null });
    renderRoutes(routes, { path: '/scorecard' });
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('lets signed-in users through', async () => {
    signedInAs('member');
    renderRoutes(routes, { path: '/scorecard' });
    expect(await screen.findByText('scorecard page')).toBeTruthy();
  });
});

describe('RedirectIfSignedIn', () => {
  it.each(['/login', '/register', '/consultant-register', '/forgot-password', '/reset-password'])(
    'sends signed-in users from %s to /dashboard',
    async (path) => {
      signedInAs('member');
      renderRoutes(routes, { path });
      expect(await screen.findByText('at /dashboard')).toBeTruthy();
    },
  );

  it('shows the page to signed-out visitors', async () => {
    renderRoutes(routes, { path: '/register' });
    expect(await screen.findByText('public /register')).toBeTruthy();
  });
});

describe('RequireAdmin', () => {
  it.each(['admin', 'owner'] as const)('lets an %s in', async (role) => {
    signedInAs(role);
    renderRoutes(routes, { path: '/admin/tools' });
    expect(await screen.findByText('admin tools')).toBeTruthy();
  });

  it.each(['member', 'observer'] as const)('sends a %s to /dashboard', async (role) => {
    signedInAs(role);
    renderRoutes(routes, { path: '/admin/tools' });
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
  });
});

describe('HomeRoute', () => {
  it('sends signed-in users to /dashboard', async () => {
    signedInAs('member');
    renderRoutes(routes, { path: '/' });
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
  });

  it('shows the home page to visitors on the bare domain', async () => {
    renderRoutes(routes, { path: '/' });
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});
