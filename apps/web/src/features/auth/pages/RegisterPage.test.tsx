import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { fakeJwt, inSeconds, stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import RegisterPage from './RegisterPage';

const scrollIntoView = vi.fn();

beforeEach(() => {
  useSession.setState({ status: 'signedOut', user: null });
  // The single sign-on buttons ask which providers are configured; tests that care stub it again.
  stubFetch({});
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => vi.unstubAllGlobals());

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Work email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Organization name'), 'Analytical Engines');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret1');
}

const tickBoth = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByLabelText('I have read and agree to the Terms of Service'));
  await user.click(screen.getByLabelText('I have read and agree to the Privacy Policy'));
};

describe('RegisterPage', () => {
  it('shows the texts of the registration screen', () => {
    renderPage(<RegisterPage />, { path: '/register' });
    expect(screen.getByRole('heading', { name: 'Start Your Free Trial' })).toBeTruthy();
    expect(screen.getByText('30 days free • No credit card required')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up with Microsoft' })).toBeTruthy();
    expect(screen.getByText('Or register with email')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('At least 6 characters');
    for (const badge of ['30-day trial', 'No credit card', 'Cancel anytime'])
      expect(screen.getByText(badge)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('shows every validation message of spec section 5 on submit', async () => {
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await user.type(screen.getByLabelText('Work email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Organization name is required',
      'Password must be at least 6 characters',
      "Passwords don't match",
      'You must accept both the Terms of Service and Privacy Policy to create an account',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('re-validates on change after the first submit', async () => {
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'A');
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull());
  });

  it('blocks submission and scrolls to the legal block until both documents are accepted', async () => {
    const stub = stubFetch({});
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(
      await screen.findByText('You must accept both the Terms of Service and Privacy Policy to create an account'),
    ).toBeTruthy();
    expect(scrollIntoView).toHaveBeenCalled();
    expect(stub.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('sends the payload without confirmPassword and with the acceptance record, then goes to /dashboard', async () => {
    const stub = stubFetch({
      'POST /auth/register': {
        status: 201,
        body: { data: { user: makeUser(), accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r' } },
      },
    });
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register', markers: ['/dashboard'] });
    await fillValidForm(user);
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    const body = stub.callsTo('POST /auth/register')[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret1',
      organizationName: 'Analytical Engines',
      legalAgreement: {
        termsAccepted: true,
        privacyAccepted: true,
        ipAddress: window.location.hostname,
        version: '1.0',
        userAgent: navigator.userAgent,
      },
    });
    expect(new Date((body.legalAgreement as { acceptedAt: string }).acceptedAt).toISOString()).toBe(
      (body.legalAgreement as { acceptedAt: string }).acceptedAt,
    );
    // The sign-up event is the server's to record: the browser sends the registration and nothing else.
    expect(stub.calls.filter((call) => call.method !== 'GET').map((call) => call.path)).toEqual(['/auth/register']);
  });

  it("shows the server's error, or 'Registration failed'", async () => {
    stubFetch({
      'POST /auth/register': [
        { status: 409, body: { error: 'This e-mail is already registered', code: 'auth.email_taken' } },
        { status: 500 },
      ],
    });
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fillValidForm(user);
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText('This e-mail is already registered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText('Registration failed')).toBeTruthy();
  });

  it('ticks a box from the document dialog Accept button', async () => {
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await user.click(screen.getByRole('button', { name: 'Read the Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('I have read and agree to the Privacy Policy').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('I have read and agree to the Terms of Service').checked).toBe(
      false,
    );
  });
});
