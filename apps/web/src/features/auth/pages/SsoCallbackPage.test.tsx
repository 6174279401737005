import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useSession } from '../../../lib/session-store';
import { fakeJwt, inSeconds, stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import SsoCallbackPage from './SsoCallbackPage';

const MARKERS = ['/dashboard', '/login', '/user-settings'];

beforeEach(() => {
  useSession.setState({ status: 'signedOut', user: null });
  sessionStorage.clear();
  sessionStorage.setItem('ssoProvider', 'google');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const session = (linked: boolean) => {
  const accessToken = fakeJwt(inSeconds(900));
  return { data: { user: makeUser(), token: accessToken, accessToken, refreshToken: 'r1', linked } };
};

const failure = (status: number, code: string, error: string) => ({ status, body: { error, code } });

function renderCallback(query = '?code=the-code&state=the-state') {
  const view = renderPage(<SsoCallbackPage />, { path: `/auth/callback${query}`, markers: MARKERS });
  return { ...view, search: () => view.router.state.location.search };
}

describe('SsoCallbackPage', () => {
  it('posts code and state to the remembered provider, stores the session and goes to /dashboard', async () => {
    const stub = stubFetch({ 'POST /auth/google/callback': { body: session(false) } });
    renderCallback();
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    expect(stub.callsTo('POST /auth/google/callback')[0]?.body).toEqual({ code: 'the-code', state: 'the-state' });
    expect(useSession.getState().status).toBe('signedIn');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(sessionStorage.getItem('ssoProvider')).toBeNull();
  });

  it('sends an unknown identity to /login with error=user_not_found', async () => {
    stubFetch({
      'POST /auth/google/callback': failure(404, 'sso.user_not_found', 'Your account has not been created yet.'),
    });
    const view = renderCallback();
    expect(await screen.findByText('at /login')).toBeTruthy();
    expect(new URLSearchParams(view.search()).get('error')).toBe('user_not_found');
    expect(useSession.getState().status).toBe('signedOut');
  });

  it.each([
    ['sso.state_used', 'invalid_token'],
    ['sso.state_expired', 'invalid_token'],
    ['sso.state_invalid', 'invalid_token'],
    ['sso.user_inactive', 'invalid_user'],
    ['sso.authentication_failed', 'auth_failed'],
  ])('maps %s to the %s banner', async (code, banner) => {
    stubFetch({ 'POST /auth/google/callback': failure(400, code, 'Google could not confirm who you are.') });
    const view = renderCallback();
    expect(await screen.findByText('at /login')).toBeTruthy();
    const params = new URLSearchParams(view.search());
    expect(params.get('error')).toBe(banner);
    if (banner === 'auth_failed') expect(params.get('message')).toBe('Google could not confirm who you are.');
  });

  it('sends a return without a code to the no_token banner, and a provider refusal to auth_failed', async () => {
    const stub = stubFetch({});
    const view = renderCallback('?state=s');
    expect(await screen.findByText('at /login')).toBeTruthy();
    expect(new URLSearchParams(view.search()).get('error')).toBe('no_token');
    expect(stub.calls).toHaveLength(0);
  });

  it('passes the provider refusal on as auth_failed with its description', async () => {
    stubFetch({});
    const view = renderCallback('?error=access_denied&error_description=You%20cancelled');
    expect(await screen.findByText('at /login')).toBeTruthy();
    const params = new URLSearchParams(view.search());
    expect(params.get('error')).toBe('auth_failed');
    expect(params.get('message')).toBe('You cancelled');
  });

  it('returns a finished link to /user-settings', async () => {
    sessionStorage.setItem('ssoLinking', '1');
    stubFetch({ 'POST /auth/google/callback': { body: session(true) } });
    renderCallback();
    expect(await screen.findByText('at /user-settings')).toBeTruthy();
    expect(sessionStorage.getItem('ssoLinking')).toBeNull();
  });

  it('shows why a link failed, with the way back to the settings', async () => {
    sessionStorage.setItem('ssoLinking', '1');
    stubFetch({
      'POST /auth/google/callback': failure(
        409,
        'sso.identity_linked_elsewhere',
        'This Google account is already linked to another Keel account.',
      ),
    });
    renderCallback();
    expect(await screen.findByText('This Google account is already linked to another Keel account.')).toBeTruthy();
    expect(screen.getByText('The account was not linked')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your settings' }).getAttribute('href')).toBe('/user-settings');
  });
});
