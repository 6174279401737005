import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { stubLocationAssign } from '../../../test-utils/location-stub';
import { renderPage } from '../../../test-utils/render';
import { LinkedSignInSection } from './LinkedSignInSection';

const assign = stubLocationAssign();

describe('LinkedSignInSection', () => {
  it('starts linking the signed-in account to Google', async () => {
    const stub = stubFetch({
      'GET /auth/providers': { body: { data: { google: true, microsoft: false } } },
      'POST /auth/google/link': { body: { data: { authUrl: 'https://accounts.example/authorize?state=l' } } },
    });
    renderPage(<LinkedSignInSection />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Link Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/authorize?state=l'));
    expect(stub.callsTo('POST /auth/google/link')).toHaveLength(1);
  });

  it('shows why linking could not start', async () => {
    stubFetch({
      'GET /auth/providers': { body: { data: { google: true, microsoft: true } } },
      'POST /auth/google/link': { status: 503, body: { error: 'Google sign-in is down', code: 'sso.unavailable' } },
    });
    renderPage(<LinkedSignInSection />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Link Google' }));
    expect(await screen.findByText('Google sign-in is down')).toBeTruthy();
  });
});
