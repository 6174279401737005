import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import UserSettingsPage from './UserSettingsPage';

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser() }));
afterEach(() => vi.unstubAllGlobals());

describe('UserSettingsPage', () => {
  it('loads the profile and saves the names', async () => {
    const stub = stubFetch({
      'GET /auth/profile': { body: { data: makeUser() } },
      'PUT /auth/profile': { body: { data: makeUser({ firstName: 'Augusta' }) } },
    });
    const user = userEvent.setup();
    renderPage(<UserSettingsPage />);
    const first = await screen.findByLabelText<HTMLInputElement>('First name');
    expect(first.value).toBe('Ada');
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await vi.waitFor(() => expect(useSession.getState().user?.firstName).toBe('Augusta'));
    expect(stub.callsTo('PUT /auth/profile')[0]?.body).toEqual({ firstName: 'Augusta', lastName: 'Lovelace' });
  });

  it('uploads a picture, shows it at once, and removes it', async () => {
    const avatarUrl = '/api/v1/users/22222222-2222-4222-8222-222222222222/avatar/abcdefabcdefabcdefabcdef.png';
    const stub = stubFetch({
      'GET /auth/profile': [{ body: { data: makeUser() } }, { body: { data: makeUser({ avatarUrl }) } }],
      'POST /auth/profile/avatar': { body: { data: makeUser({ avatarUrl }) } },
      'DELETE /auth/profile/avatar': { body: { data: makeUser({ avatarUrl: null }) } },
    });
    const user = userEvent.setup();
    renderPage(<UserSettingsPage />);
    await screen.findByRole('button', { name: 'Upload picture' });
    await user.upload(screen.getByLabelText('Picture file'), new File(['png'], 'me.png', { type: 'image/png' }));
    expect((await screen.findByAltText('Your picture')).getAttribute('src')).toBe(avatarUrl);
    expect(useSession.getState().user?.avatarUrl).toBe(avatarUrl);
    expect(stub.callsTo('POST /auth/profile/avatar')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await vi.waitFor(() => expect(useSession.getState().user?.avatarUrl).toBeNull());
  });

  it.each([
    [{ status: 400, body: { error: 'Names must be shorter', code: 'validation' } }, 'Names must be shorter'],
    [{ status: 500 }, 'Profile update failed'],
  ])('shows the failure text', async (reply, message) => {
    stubFetch({ 'GET /auth/profile': { body: { data: makeUser() } }, 'PUT /auth/profile': reply });
    const user = userEvent.setup();
    renderPage(<UserSettingsPage />);
    await user.type(await screen.findByLabelText('Last name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
