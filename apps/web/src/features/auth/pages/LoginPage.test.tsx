import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { fakeJwt, inSeconds, stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import LoginPage from './LoginPage';

beforeEach(() => {
  useSession.setState({ status: 'signedOut', user: null });
  // The single sign-on buttons ask which providers are configured; tests that care stub it again.
  stubFetch({});
  window.history.replaceState(null, '', '/login');
});
afterEach(() => vi.unstubAllGlobals());

const fill = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
};

describe('LoginPage', () => {
  it('shows the banner from the query string, then removes the query from the address', () => {
    window.history.replaceState(null, '', '/login?error=no_token');
    renderPage(<LoginPage />, { path: '/login?error=no_token', route: '/login' });
    expect(screen.getByText('Authentication Incomplete')).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('advertises only what a new account finds, and makes no marketing claim', () => {
    renderPage(<LoginPage />, { path: '/login' });
    const welcome = screen.getByRole('region', { name: 'Welcome' }).textContent ?? '';
    expect(welcome).toContain('Quarterly priorities with milestones');
    // Not built yet (issue 10): the scorecard, meetings, the business plan, documents and billing.
    expect(welcome).not.toMatch(/scorecard|meeting|strateg|blueprint|document|billing|plan\b/i);
    expect(document.body.textContent).not.toMatch(/patent|SOC 2|testimonial|rated/i);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).not.toMatch(
      /scorecard|meeting/i,
    );
  });

  it('shows validation messages from the contract schema', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('signs in, sends rememberMe, stores the session and goes to /dashboard', async () => {
    const stub = stubFetch({
      'POST /auth/login': {
        body: { data: { user: makeUser(), accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r1' } },
      },
    });
    renderPage(<LoginPage />, { path: '/login', markers: ['/dashboard'] });
    const user = await fill('ada@example.com', 'secret');
    await user.click(screen.getByLabelText('Keep me signed in'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    expect(stub.callsTo('POST /auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret',
      rememberMe: true,
    });
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(useSession.getState().status).toBe('signedIn');
  });

  it("shows the server's error, and 'Signing in...' while waiting", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    stubFetch({ 'POST /auth/login': () => new Promise((resolve) => (answer = resolve)) });
    renderPage(<LoginPage />, { path: '/login' });
    const user = await fill('ada@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Signing in...' });
    expect(busy.disabled).toBe(true);
    answer({ status: 401, body: { error: 'Invalid email or password', code: 'auth.invalid_credentials' } });
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  });

  it("falls back to 'Login failed' without a server message", async () => {
    stubFetch({ 'POST /auth/login': { status: 500 } });
    renderPage(<LoginPage />, { path: '/login' });
    const user = await fill('ada@example.com', 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeTruthy();
  });

  it('hides the sign-in error while a query banner is shown, and clears the banner at the next submit', async () => {
    stubFetch({ 'POST /auth/login': { status: 401, body: { error: 'Invalid email or password', code: 'x' } } });
    window.history.replaceState(null, '', '/login?error=auth_failed&message=Provider%20down');
    renderPage(<LoginPage />, { path: '/login?error=auth_failed&message=Provider%20down', route: '/login' });
    expect(screen.getByText('Provider down')).toBeTruthy();
    const user = await fill('ada@example.com', 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByText('Provider down')).toBeNull());
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  });

  it("shows the 'Strategy Consultant Account' badge for consultant e-mails", async () => {
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.queryByText('Strategy Consultant Account')).toBeNull();
    await userEvent.setup().type(screen.getByLabelText('Email'), 'sam.consultant@firm.com');
    expect(screen.getByText('Strategy Consultant Account')).toBeTruthy();
  });

  it('shows the server reason when a sign-in provider is not configured', async () => {
    stubFetch({
      'GET /auth/google': {
        status: 503,
        body: { error: 'Google sign-in is not configured on this server', code: 'auth.sso_not_configured' },
      },
    });
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google sign-in is not configured on this server')).toBeTruthy();
  });
});
