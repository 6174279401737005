import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountSession } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection, deviceName } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser() }));
afterEach(() => vi.unstubAllGlobals());

const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: '33333333-3333-4333-8333-333333333333',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
  ipAddress: '203.0.113.5',
  signedInAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-21T10:00:00.000Z',
  current: false,
  ...overrides,
});

describe('TwoFactorSection', () => {
  it('enrols with the QR code and key, refuses a wrong code, then shows the recovery codes once', async () => {
    const stub = stubFetch({
      'GET /auth/two-factor': [
        { body: { data: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } } },
        { body: { data: { enabled: true, enabledAt: '2026-11-22T05:00:00.000Z', recoveryCodesLeft: 10 } } },
      ],
      'POST /auth/two-factor/enrol': {
        body: {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/x',
            qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        },
      },
      'POST /auth/two-factor/confirm': [
        { status: 400, body: { error: 'That code is not correct.', code: 'auth.invalid_two_factor_code' } },
        { body: { data: { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } } },
      ],
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorSection />);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect((await screen.findByAltText('QR code for your authenticator app')).getAttribute('src')).toContain(
      'data:image/svg+xml',
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Please enter the 6-digit code from your authenticator app')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not correct.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Code from your app'));
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    expect(stub.callsTo('POST /auth/two-factor/confirm')[1]?.body).toEqual({ code: '123456' });
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeTruthy();
    expect(screen.queryByText('aaaaa-bbbbb')).toBeNull();
  });

  it('turns off with the password and a code', async () => {
    const stub = stubFetch({
      'GET /auth/two-factor': { body: { data: { enabled: true, enabledAt: null, recoveryCodesLeft: 7 } } },
      'POST /auth/two-factor/disable': { body: { data: { success: true } } },
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorSection />);
    await user.type(await screen.findByLabelText('Your password'), 'secret');
    await user.type(screen.getByLabelText('Code or recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await vi.waitFor(() =>
      expect(stub.callsTo('POST /auth/two-factor/disable')[0]?.body).toEqual({ password: 'secret', code: '123456' }),
    );
  });
});

describe('SessionsSection', () => {
  it('lists sessions, marks this device, and signs out one or all others', async () => {
    const stub = stubFetch({
      'GET /auth/sessions': {
        body: {
          data: [
            session({
              id: '11111111-1111-4111-8111-111111111111',
              current: true,
              userAgent: 'X Firefox/120 (Windows NT 10.0)',
            }),
            session({}),
          ],
        },
      },
      'DELETE /auth/sessions/33333333-3333-4333-8333-333333333333': { body: { data: { success: true } } },
      'POST /auth/sessions/sign-out-others': { body: { data: { signedOut: 1 } } },
    });
    const user = userEvent.setup();
    renderPage(<SessionsSection />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(within(list).getByText('Safari on macOS')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /^Sign out Safari on macOS/ })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: /^Sign out Safari on macOS/ }));
    await vi.waitFor(() =>
      expect(stub.callsTo('DELETE /auth/sessions/33333333-3333-4333-8333-333333333333')).toHaveLength(1),
    );
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await vi.waitFor(() => expect(stub.callsTo('POST /auth/sessions/sign-out-others')).toHaveLength(1));
  });

  it('names common browsers', () => {
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceName('curl/8.0')).toBe('curl/8.0');
  });
});

describe('PasswordSection', () => {
  it('checks the confirmation and the minimum length, then sends current and new password', async () => {
    const stub = stubFetch({ 'PUT /auth/password': { body: { data: { success: true } } } });
    const user = userEvent.setup();
    renderPage(<PasswordSection />);
    await user.type(screen.getByLabelText('Current password'), 'old secret');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'brand new');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() =>
      expect(stub.callsTo('PUT /auth/password')[0]?.body).toEqual({
        currentPassword: 'old secret',
        newPassword: 'brand new',
      }),
    );
  });

  it("shows the server's refusal", async () => {
    stubFetch({
      'PUT /auth/password': { status: 400, body: { error: 'Your current password is not correct.', code: 'x' } },
    });
    const user = userEvent.setup();
    renderPage(<PasswordSection />);
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'brand new');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeTruthy();
  });
});

describe('EmailSection', () => {
  it('sends the new address with the password and updates the signed-in user', async () => {
    const stub = stubFetch({ 'PUT /auth/email': { body: { data: { success: true } } } });
    const user = userEvent.setup();
    renderPage(<EmailSection currentEmail="ada@example.com" />);
    await user.type(screen.getByLabelText('New email'), 'ada@new.example');
    await user.type(screen.getByLabelText('Password to confirm'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await vi.waitFor(() => expect(useSession.getState().user?.email).toBe('ada@new.example'));
    expect(stub.callsTo('PUT /auth/email')[0]?.body).toEqual({ email: 'ada@new.example', currentPassword: 'secret' });
  });

  it('shows a taken address as the server says it', async () => {
    stubFetch({
      'PUT /auth/email': {
        status: 409,
        body: { error: 'Another account already uses this email address.', code: 'auth.email_taken' },
      },
    });
    const user = userEvent.setup();
    renderPage(<EmailSection currentEmail="ada@example.com" />);
    await user.type(screen.getByLabelText('New email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password to confirm'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Another account already uses this email address.')).toBeTruthy();
  });
});
