import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session-store';
import { signedInFrameRoutes } from '../../test-utils/app-stubs';
import { stubFetch } from '../../test-utils/fetch-stub';
import { makeUser } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { routes } from '../routes';

beforeEach(() => {
  localStorage.setItem('accessToken', 'a');
  useSession.setState({ status: 'signedIn', user: makeUser() });
});
afterEach(() => vi.unstubAllGlobals());

describe('signed-in layout', () => {
  it('shows the sidebar with terminology labels, the organization and the page name', async () => {
    stubFetch(signedInFrameRoutes());
    renderRoutes(routes, { path: '/documents' });
    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Documents' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Big Goals' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Numbers' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(await screen.findByText('Analytical Engines')).toBeTruthy();
    expect(await screen.findByText(/Your free trial ends in 12 days/)).toBeTruthy();
    // Billing is for administrators: a member is told whom to ask.
    const trialBanner = screen.getByText('Ask an administrator to choose a plan.').closest('[role="status"]');
    expect(trialBanner?.querySelector('a')).toBeNull();
    // No content file on the server: no patent notice in the footer.
    expect(screen.getByRole('contentinfo').textContent).not.toMatch(/patent/i);
  });

  it('shows the operator’s patent notice in the footer when the server sets one', async () => {
    stubFetch(
      signedInFrameRoutes({
        'GET /marketing-content': {
          body: {
            data: { testimonials: [], soc2Type2: null, aggregateRating: null, patentPending: 'Patent pending.' },
          },
        },
      }),
    );
    renderRoutes(routes, { path: '/scorecard' });
    expect(await screen.findByText(/Keel\. Patent pending\./)).toBeTruthy();
  });

  it('hides the sidebar inside a live meeting', async () => {
    stubFetch(signedInFrameRoutes());
    renderRoutes(routes, { path: '/meetings/weekly-accountability/team-1' });
    expect(await screen.findByRole('heading', { name: 'Weekly Accountability Meeting', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows the blocking legal dialog when acceptance is needed', async () => {
    stubFetch(
      signedInFrameRoutes({
        'GET /auth/check-agreements': { body: { data: { success: true, needsAcceptance: true } } },
      }),
    );
    renderRoutes(routes, { path: '/dashboard' });
    expect(await screen.findByRole('dialog', { name: 'Please review our updated terms' })).toBeTruthy();
  });

  it('sends members away from admin pages', async () => {
    stubFetch(signedInFrameRoutes());
    const { router } = renderRoutes(routes, { path: '/terminology-settings' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows admin entries to admins', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'admin' }) });
    stubFetch(signedInFrameRoutes());
    renderRoutes(routes, { path: '/dashboard' });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    expect(within(nav).getByRole('link', { name: 'Terminology' })).toBeTruthy();
  });

  it('redirects /rocks and /vto', async () => {
    stubFetch(signedInFrameRoutes());
    const { router } = renderRoutes(routes, { path: '/rocks' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/quarterly-priorities'));
    await router.navigate('/vto');
    await waitFor(() => expect(router.state.location.pathname).toBe('/business-blueprint'));
  });

  it('logs out from the user menu', async () => {
    const stub = stubFetch(signedInFrameRoutes({ 'POST /auth/logout': { body: { data: { success: true } } } }));
    localStorage.setItem('refreshToken', 'r1');
    renderRoutes(routes, { path: '/dashboard' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Ada Lovelace account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(useSession.getState().status).toBe('signedOut'));
    expect(stub.callsTo('POST /auth/logout')[0]?.body).toEqual({ refreshToken: 'r1' });
  });

  it('shows the not-found page for unknown paths', async () => {
    stubFetch(signedInFrameRoutes());
    renderRoutes(routes, { path: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
