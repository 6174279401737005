import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { fakeJwt, inSeconds, stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import LoginPage from './LoginPage';

beforeEach(() => {
  useSession.setState({ status: 'signedOut', user: null });
  window.history.replaceState(null, '', '/login');
});
afterEach(() => vi.unstubAllGlobals());

const challenge = { body: { data: { twoFactorRequired: true, challengeToken: 'c1', expiresInSeconds: 300 } } };
const session = { body: { data: { user: makeUser(), accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r2' } } };

async function passwordStep() {
  const user = userEvent.setup();
  renderPage(<LoginPage />, { path: '/login', markers: ['/dashboard'] });
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
  return user;
}

describe('LoginPage with two-factor authentication', () => {
  it('asks for a code after the password, refuses a wrong one with the server message, then signs in', async () => {
    const stub = stubFetch({
      'POST /auth/login': challenge,
      'POST /auth/login/two-factor': [
        { status: 401, body: { error: 'That code is not correct.', code: 'auth.invalid_two_factor_code' } },
        session,
      ],
    });
    const user = await passwordStep();
    expect(useSession.getState().status).toBe('signedOut');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the 6-digit code from your authenticator app')).toBeTruthy();

    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not correct.')).toBeTruthy();
    // A refused code is a wrong credential, not an expired session: no refresh was attempted.
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(0);

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    expect(stub.callsTo('POST /auth/login/two-factor')[1]?.body).toEqual({ challengeToken: 'c1', code: '123456' });
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('goes back to the password step with the reason when the challenge expired', async () => {
    stubFetch({
      'POST /auth/login': challenge,
      'POST /auth/login/two-factor': {
        status: 401,
        body: {
          error: 'Your sign-in has expired. Please enter your email and password again.',
          code: 'auth.two_factor_challenge_expired',
        },
      },
    });
    const user = await passwordStep();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Your sign-in has expired. Please enter your email and password again.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
  });

  it('can go back to the password step', async () => {
    stubFetch({ 'POST /auth/login': challenge });
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
