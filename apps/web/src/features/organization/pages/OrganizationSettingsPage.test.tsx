import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import OrganizationSettingsPage from './OrganizationSettingsPage';

beforeEach(() => {
  useSession.setState({ status: 'signedIn', user: makeUser({ role: 'owner' }) });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

/** The server answers a change with the whole organization, as GET does. */
const savedOrganization = () => signedInFrameRoutes()['GET /organizations/current'];

describe('OrganizationSettingsPage', () => {
  it('saves the edited fields', async () => {
    const stub = stubFetch(signedInFrameRoutes({ 'PUT /organizations/current': savedOrganization() }));
    const user = userEvent.setup();
    renderPage(<OrganizationSettingsPage />);
    const name = await screen.findByLabelText('Organization name');
    await user.clear(name);
    await user.type(name, 'Difference Engines');
    await user.selectOptions(screen.getByLabelText('Week starts on'), 'Sunday');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(stub.callsTo('PUT /organizations/current')).toHaveLength(1));
    const body = stub.callsTo('PUT /organizations/current')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Difference Engines',
      week_start_day: 0,
      logo_size: 100,
      theme_primary_color: '#1d4ed8',
    });
    expect(body).not.toHaveProperty('methodology');
  });

  it('previews a chosen logo and uploads it under the field "logo"', async () => {
    const stub = stubFetch(signedInFrameRoutes({ 'POST /organizations/current/logo': savedOrganization() }));
    const user = userEvent.setup();
    renderPage(<OrganizationSettingsPage />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Logo image'), file);
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Analytical Engines logo' }).src).toBe('blob:preview');
    await user.click(screen.getByRole('button', { name: 'Upload logo' }));
    await waitFor(() => expect(stub.callsTo('POST /organizations/current/logo')).toHaveLength(1));
    const sent = stub.callsTo('POST /organizations/current/logo')[0]?.body as FormData;
    expect((sent.get('logo') as File).name).toBe('logo.png');
  });

  it('refuses a file that is not an image', async () => {
    stubFetch(signedInFrameRoutes());
    const user = userEvent.setup({ applyAccept: false });
    renderPage(<OrganizationSettingsPage />);
    await user.upload(await screen.findByLabelText('Logo image'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Please choose a PNG, JPEG, WebP or GIF image.')).toBeTruthy();
  });
});
