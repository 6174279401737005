import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { stubLocationAssign } from '../../../test-utils/location-stub';
import { renderPage } from '../../../test-utils/render';
import { SsoButtons } from './SsoButtons';

const assign = stubLocationAssign();

describe('SsoButtons', () => {
  it('hands the window to the authUrl and remembers the provider', async () => {
    const stub = stubFetch({
      'GET /auth/providers': { body: { data: { google: true, microsoft: true } } },
      'GET /auth/google': { body: { data: { authUrl: 'https://accounts.example/authorize?state=s' } } },
    });
    renderPage(<SsoButtons verb="Continue with" onError={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/authorize?state=s'));
    expect(sessionStorage.getItem('ssoProvider')).toBe('google');
    expect(sessionStorage.getItem('ssoLinking')).toBeNull();
    expect(stub.callsTo('GET /auth/google')).toHaveLength(1);
  });

  it('says plainly which provider is not configured, and disables its button', async () => {
    stubFetch({ 'GET /auth/providers': { body: { data: { google: true, microsoft: false } } } });
    renderPage(<SsoButtons verb="Continue with" onError={() => undefined} />);
    expect(
      await screen.findByText(
        'Sign-in with Microsoft is not configured on this Keel server. Please use your email and password.',
      ),
    ).toBeTruthy();
    const microsoft = screen.getByRole('button', { name: 'Continue with Microsoft' });
    expect(microsoft).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveProperty('disabled', false);
  });

  it("passes the server's 503 message on when the provider cannot be used", async () => {
    stubFetch({
      'GET /auth/google': {
        status: 503,
        body: {
          error: 'Sign-in with Google is not configured on this Keel server.',
          code: 'sso.provider_not_configured',
        },
      },
    });
    const onError = vi.fn();
    renderPage(<SsoButtons verb="Continue with" onError={onError} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith('Sign-in with Google is not configured on this Keel server.'),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('links through the link endpoint and marks the flow as a link', async () => {
    const stub = stubFetch({
      'GET /auth/providers': { body: { data: { google: true, microsoft: true } } },
      'POST /auth/microsoft/link': { body: { data: { authUrl: 'https://login.example/authorize' } } },
    });
    renderPage(<SsoButtons verb="Link" onError={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Link Microsoft' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example/authorize'));
    expect(stub.callsTo('POST /auth/microsoft/link')).toHaveLength(1);
    expect(sessionStorage.getItem('ssoLinking')).toBe('1');
  });
});
