import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { stubLocationAssign } from '../../../test-utils/location-stub';
import { renderPage, renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { savedS3, storageMove, storagePath, storageSettings } from '../storage-test-data';
import StorageSettingsPage from './StorageSettingsPage';

signedInForEachTest();
const assign = stubLocationAssign();

const PAGE = '/organization-settings/storage';

async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

describe('StorageSettingsPage', () => {
  it('says plainly that Google Drive and Microsoft are not configured on this server, and keeps them disabled', async () => {
    stubFetch({
      [`GET ${storagePath}`]: {
        body: {
          data: storageSettings({
            providers: { google_drive: { configured: false }, microsoft: { configured: false } },
          }),
        },
      },
    });
    renderPage(<StorageSettingsPage />, { path: PAGE });

    const local = await screen.findByRole('radio', { name: /This server's disk/ });
    expect(local).toHaveProperty('checked', true);
    expect(screen.getByText('In use for new files')).toBeTruthy();
    const google = screen.getByRole('radio', { name: /Google Drive/ });
    const microsoft = screen.getByRole('radio', { name: /OneDrive or SharePoint/ });
    expect(google).toHaveProperty('disabled', true);
    expect(microsoft).toHaveProperty('disabled', true);
    expect(google.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        'Not configured on this server: the operator must set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Not configured on this server: the operator must set MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: /S3-compatible/ })).toHaveProperty('disabled', false);
    expect(screen.getByText('12 files, 3.5 MB')).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });

  it('saves the S3 settings (an empty endpoint as none) and shows why the connection test failed', async () => {
    const stub = stubFetch({
      [`GET ${storagePath}`]: [
        { body: { data: storageSettings() } },
        { body: { data: storageSettings({ s3: savedS3 }) } },
      ],
      [`PUT ${storagePath}/s3`]: { body: { data: storageSettings({ s3: { ...savedS3, endpoint: null } }) } },
      [`POST ${storagePath}/test`]: {
        body: { data: { ok: false, message: 'The bucket "keel-files" answered 403 Access Denied: check the keys.' } },
      },
    });
    const user = userEvent.setup();
    renderWithToasts(<StorageSettingsPage />, { path: PAGE });
    await user.click(await screen.findByRole('radio', { name: /S3-compatible/ }));
    const form = screen.getByRole('form', { name: 'S3 settings' });
    expect(within(form).getByLabelText('Secret access key')).toHaveProperty('placeholder', '');
    expect(screen.getByRole('button', { name: 'Test connection' })).toHaveProperty('disabled', true);

    await user.click(within(form).getByRole('button', { name: 'Save S3 settings' }));
    expect(await within(form).findByText('Bucket is required')).toBeTruthy();
    expect(within(form).getByText('Secret access key is required')).toBeTruthy();
    await user.type(within(form).getByLabelText('Endpoint (optional)'), 'minio.local');
    await user.click(within(form).getByRole('button', { name: 'Save S3 settings' }));
    expect(await within(form).findByText('The endpoint must be an http or https address')).toBeTruthy();
    expect(stub.callsTo(`PUT ${storagePath}/s3`)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Endpoint (optional)'));
    await user.type(within(form).getByLabelText('Bucket'), 'keel-files');
    await user.type(within(form).getByLabelText('Region'), 'us-east-1');
    await user.type(within(form).getByLabelText('Access key id'), 'minio-user');
    await user.type(within(form).getByLabelText('Secret access key'), 'minio-secret');
    await user.click(within(form).getByRole('checkbox', { name: /path-style/ }));
    await user.type(within(form).getByLabelText('Folder prefix (optional)'), 'keel/');
    await user.click(within(form).getByRole('button', { name: 'Save S3 settings' }));
    await waitFor(() => expect(stub.callsTo(`PUT ${storagePath}/s3`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${storagePath}/s3`)[0]?.body).toEqual({
      endpoint: null,
      bucket: 'keel-files',
      region: 'us-east-1',
      accessKeyId: 'minio-user',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
      prefix: 'keel/',
    });
    expect(await screen.findByText('S3 settings saved')).toBeTruthy();
    await waitFor(() =>
      expect(within(form).getByLabelText('Secret access key')).toHaveProperty(
        'placeholder',
        'Saved — leave empty to keep',
      ),
    );

    const test = screen.getByRole('button', { name: 'Test connection' });
    await waitFor(() => expect(test).toHaveProperty('disabled', false));
    await user.click(test);
    const status = await screen.findByText(/answered 403 Access Denied/);
    expect(status.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Connection failed:');
    expect(stub.callsTo(`POST ${storagePath}/test`)[0]?.body).toEqual({ driver: 's3' });
  });

  it('keeps the saved secret when its field is left empty', async () => {
    const stub = stubFetch({
      [`GET ${storagePath}`]: { body: { data: storageSettings({ driver: 's3', s3: savedS3 }) } },
      [`PUT ${storagePath}/s3`]: {
        body: { data: storageSettings({ driver: 's3', s3: { ...savedS3, bucket: 'other' } }) },
      },
    });
    const user = userEvent.setup();
    renderWithToasts(<StorageSettingsPage />, { path: PAGE });
    const form = await screen.findByRole('form', { name: 'S3 settings' });
    const bucket = await within(form).findByDisplayValue('keel-files');
    await user.clear(bucket);
    await user.type(bucket, 'other');
    await user.click(within(form).getByRole('button', { name: 'Save S3 settings' }));
    await waitFor(() => expect(stub.callsTo(`PUT ${storagePath}/s3`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${storagePath}/s3`)[0]?.body).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'other',
      secretAccessKey: null,
    });
  });

  it('switches to S3 with the existing files moved, then shows the move’s progress', async () => {
    const ready = storageSettings({ s3: savedS3 });
    const moving = storageSettings({ driver: 's3', s3: savedS3, move: storageMove(), version: 4 });
    const stub = stubFetch({
      [`GET ${storagePath}`]: [{ body: { data: ready } }, { body: { data: moving } }],
      [`POST ${storagePath}/switch`]: { body: { data: moving } },
    });
    const user = userEvent.setup();
    renderPage(<StorageSettingsPage />, { path: PAGE });
    await user.click(await screen.findByRole('radio', { name: /S3-compatible/ }));
    await user.click(screen.getByRole('button', { name: 'Use S3-compatible object storage for new files' }));

    const dialog = await screen.findByRole('dialog', { name: 'Use S3-compatible object storage for new files?' });
    const moveBox = within(dialog).getByRole('checkbox', {
      name: 'Also move the 12 existing files (3.5 MB) there in the background',
    });
    expect(moveBox).toHaveProperty('checked', false);
    await user.click(moveBox);
    await user.click(within(dialog).getByRole('button', { name: 'Use S3-compatible object storage' }));
    await waitFor(() => expect(stub.callsTo(`POST ${storagePath}/switch`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${storagePath}/switch`)[0]?.body).toEqual({
      driver: 's3',
      moveExisting: true,
      version: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const progress = await screen.findByRole('progressbar', { name: 'Files moved' });
    expect(progress.getAttribute('aria-valuenow')).toBe('5');
    expect(progress.getAttribute('aria-valuemax')).toBe('12');
    expect(screen.getByText('Moving in the background: 5 of 12 files moved.')).toBeTruthy();
    expect(screen.getByText(/Every file stays readable while it moves/)).toBeTruthy();
    expect(screen.getByText('New files are kept here.')).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });

  it('polls every 2 seconds while a move runs', async () => {
    const stub = stubFetch({
      [`GET ${storagePath}`]: [
        { body: { data: storageSettings({ driver: 's3', s3: savedS3, move: storageMove({ moved: 5 }) }) } },
        { body: { data: storageSettings({ driver: 's3', s3: savedS3, move: storageMove({ moved: 9 }) }) } },
      ],
    });
    renderPage(<StorageSettingsPage />, { path: PAGE });
    const progress = await screen.findByRole('progressbar', { name: 'Files moved' });
    expect(progress.getAttribute('aria-valuenow')).toBe('5');
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('9'), { timeout: 3500 });
    expect(stub.callsTo(`GET ${storagePath}`).length).toBeGreaterThanOrEqual(2);
  });

  it('after a failed move says the files stay readable and tries again with the move', async () => {
    const failed = storageMove({ status: 'failed', moved: 7, error: 'The bucket refused a write: quota exceeded.' });
    const stub = stubFetch({
      [`GET ${storagePath}`]: {
        body: { data: storageSettings({ driver: 's3', s3: savedS3, move: failed, version: 5 }) },
      },
      [`POST ${storagePath}/switch`]: {
        body: { data: storageSettings({ driver: 's3', s3: savedS3, move: storageMove() }) },
      },
    });
    const user = userEvent.setup();
    renderPage(<StorageSettingsPage />, { path: PAGE });
    expect(await screen.findByText(/The bucket refused a write: quota exceeded\./)).toBeTruthy();
    expect(
      screen.getByText(/The files not moved yet stay readable in This server's disk; nothing was lost\./),
    ).toBeTruthy();
    expect(screen.getByText('Stopped: 7 of 12 files moved.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stub.callsTo(`POST ${storagePath}/switch`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${storagePath}/switch`)[0]?.body).toEqual({
      driver: 's3',
      moveExisting: true,
      version: 5,
    });
  });

  it('shows why a switch was refused (a stale version) inside the dialog', async () => {
    stubFetch({
      [`GET ${storagePath}`]: { body: { data: storageSettings({ s3: savedS3 }) } },
      [`POST ${storagePath}/switch`]: {
        status: 409,
        body: {
          error: 'Someone changed the storage settings; reload to see their change',
          code: 'storage.stale_version',
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<StorageSettingsPage />, { path: PAGE });
    await user.click(await screen.findByRole('radio', { name: /S3-compatible/ }));
    await user.click(screen.getByRole('button', { name: 'Use S3-compatible object storage for new files' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Use S3-compatible object storage' }));
    expect(
      await within(dialog).findByText('Someone changed the storage settings; reload to see their change'),
    ).toBeTruthy();
  });

  it('starts the Google consent and, back from it, says so once and clears the address', async () => {
    const stub = stubFetch({
      [`GET ${storagePath}`]: { body: { data: storageSettings() } },
      [`POST ${storagePath}/oauth/google_drive/start`]: {
        body: { data: { authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth?state=abc' } },
      },
    });
    const user = userEvent.setup();
    const { router } = renderPage(<StorageSettingsPage />, { path: `${PAGE}?connected=google_drive` });
    expect(await screen.findByText('Google Drive is connected.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('radio', { name: /Google Drive/ })).toHaveProperty('checked', true);

    await user.click(screen.getByRole('button', { name: 'Connect Google Drive' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=abc'));
    expect(stub.callsTo(`POST ${storagePath}/oauth/google_drive/start`)).toHaveLength(1);
  });

  it('shows the error the consent came back with', async () => {
    stubFetch({ [`GET ${storagePath}`]: { body: { data: storageSettings() } } });
    const { router } = renderPage(<StorageSettingsPage />, { path: `${PAGE}?error=Access%20was%20denied` });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('The connection did not complete: Access was denied'),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('picks a SharePoint library for Microsoft and disconnects after confirmation', async () => {
    const microsoft = {
      connectedAs: 'ada@example.com',
      connectedAt: '2026-11-20T10:00:00.000Z',
      locationId: null,
      locationName: null,
    };
    const stub = stubFetch({
      [`GET ${storagePath}`]: { body: { data: storageSettings({ microsoft }) } },
      [`GET ${storagePath}/microsoft/drives`]: {
        body: {
          data: [
            { id: 'drive-1', name: 'OneDrive', kind: 'onedrive', siteName: null },
            { id: 'drive-2', name: 'Documents', kind: 'sharepoint', siteName: 'Finance' },
          ],
        },
      },
      [`PUT ${storagePath}/microsoft/drive`]: { body: { data: storageSettings({ microsoft }) } },
      [`POST ${storagePath}/disconnect/microsoft`]: { body: { data: storageSettings() } },
    });
    const user = userEvent.setup();
    renderWithToasts(<StorageSettingsPage />, { path: PAGE });
    await user.click(await screen.findByRole('radio', { name: /OneDrive or SharePoint/ }));
    expect(screen.getByText(/ada@example\.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use OneDrive or SharePoint for new files' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Choose a drive first.')).toBeTruthy();

    await user.selectOptions(
      await screen.findByRole('combobox', { name: "Drive for Keel's files" }),
      'Finance: Documents',
    );
    await user.click(screen.getByRole('button', { name: 'Save drive' }));
    await waitFor(() => expect(stub.callsTo(`PUT ${storagePath}/microsoft/drive`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${storagePath}/microsoft/drive`)[0]?.body).toEqual({ driveId: 'drive-2', version: 3 });

    await user.click(screen.getByRole('button', { name: 'Disconnect OneDrive or SharePoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect OneDrive or SharePoint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(stub.callsTo(`POST ${storagePath}/disconnect/microsoft`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${storagePath}/disconnect/microsoft`)[0]?.body).toEqual({ version: 3 });
  });

  it('shows the Google connection in use, tests it, and offers no disconnect while files are kept there', async () => {
    const googleDrive = {
      connectedAs: 'files@analytical-engines.example',
      connectedAt: '2026-11-20T10:00:00.000Z',
      locationId: 'folder-1',
      locationName: 'Keel files',
    };
    const stub = stubFetch({
      [`GET ${storagePath}`]: {
        body: {
          data: storageSettings({
            driver: 'google_drive',
            googleDrive,
            usage: [{ driver: 'google_drive', files: 1, bytes: 2048 }],
          }),
        },
      },
      [`POST ${storagePath}/test`]: {
        body: { data: { ok: true, message: 'Wrote, read and removed a file in "Keel files".' } },
      },
    });
    const user = userEvent.setup();
    renderPage(<StorageSettingsPage />, { path: PAGE });
    expect(await screen.findByText(/files@analytical-engines\.example/)).toBeTruthy();
    expect(screen.getByText('Keel files')).toBeTruthy();
    expect(screen.getByText('New files are kept here.')).toBeTruthy();
    expect(screen.getByText('1 file, 2 KB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect Google Drive' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/Wrote, read and removed a file/)).toHaveProperty(
      'textContent',
      expect.stringContaining('Connection works:'),
    );
    expect(stub.callsTo(`POST ${storagePath}/test`)[0]?.body).toEqual({ driver: 'google_drive' });
  });

  it('says so when the settings cannot be loaded', async () => {
    stubFetch({
      [`GET ${storagePath}`]: {
        status: 403,
        body: { error: 'Only administrators can see this', code: 'auth.forbidden' },
      },
    });
    renderPage(<StorageSettingsPage />, { path: PAGE });
    expect(await screen.findByText('Only administrators can see this')).toBeTruthy();
  });
});
