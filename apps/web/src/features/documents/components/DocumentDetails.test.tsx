import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { departmentsReply, makeDepartment, signedInForEachTest } from '../../../test-utils/team-stubs';
import DocumentsPage from '../pages/DocumentsPage';
import { stubXhr } from '../fake-xhr';
import { DOCUMENT_ID, listReply, makeDocument, makeVersion } from '../test-data';

const base = `/organizations/${ORG_ID}/documents`;
const one = `${base}/${DOCUMENT_ID}`;

function stubDetails(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /users/departments': departmentsReply([makeDepartment('55555555-5555-4555-8555-555555555555', 'Sales')]),
    [`GET ${base}/recent`]: { body: { data: [] } },
    [`GET ${base}`]: listReply([makeDocument()]),
    [`GET ${one}`]: { body: { data: makeDocument() } },
    [`GET ${one}/versions`]: { body: { data: [makeVersion(2, true), makeVersion(1, false)] } },
    ...routes,
  });
}

const render = () =>
  renderWithToasts(<DocumentsPage />, { path: `/documents?document=${DOCUMENT_ID}`, route: '/documents' });

signedInForEachTest();
afterEach(() => vi.restoreAllMocks());

describe('DocumentDetails', () => {
  it('lists the versions and restores an older one after a confirmation', async () => {
    const stub = stubDetails({
      [`POST ${one}/versions/1/restore`]: { body: { data: makeDocument({ currentVersion: 3, version: 4 }) } },
    });
    render();
    const dialog = await screen.findByRole('dialog', { name: 'Handbook.docx' });
    const versions = await within(dialog).findByRole('list', { name: 'Versions' });
    expect(within(versions).getByText('Version 2 (current)')).toBeTruthy();
    expect(within(versions).queryByRole('button', { name: 'Restore version 2' })).toBeNull();

    await userEvent.click(within(versions).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    expect(stub.callsTo(`POST ${one}/versions/1/restore`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(stub.callsTo(`POST ${one}/versions/1/restore`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${one}/versions/1/restore`)[0]?.body).toEqual({ version: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Restore version 1?' })).toBeNull());
    expect(await screen.findByText('Version 1 restored')).toBeTruthy();
  });

  it('says why a restore was refused and keeps the confirmation open', async () => {
    stubDetails({
      [`POST ${one}/versions/1/restore`]: {
        status: 409,
        body: { error: 'Someone changed this document; reload to see their change', code: 'document.stale_version' },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    expect(await within(confirm).findByText('Someone changed this document; reload to see their change')).toBeTruthy();
  });

  it('uploads a new version with its progress', async () => {
    const xhr = stubXhr();
    stubDetails();
    render();
    await screen.findByRole('list', { name: 'Versions' });
    await userEvent.upload(screen.getByLabelText('New version file'), new File(['v3'], 'Handbook.docx'));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.url).toBe(`/api/v1${one}/versions`);
    act(() => xhr.sent[0]?.progress(30, 100));
    expect(await screen.findByRole('progressbar', { name: 'Uploading the new version, 30%' })).toBeTruthy();
    act(() => xhr.sent[0]?.respond(201, { data: makeDocument({ currentVersion: 3, version: 4 }) }));
    expect(await screen.findByText('Version 3 uploaded')).toBeTruthy();
  });

  it('previews an image from an object URL fetched through the API client, and revokes it on close', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const image = makeDocument({ name: 'Chart.png', contentType: 'image/png' });
    const stub = stubDetails({ [`GET ${one}`]: { body: { data: image } }, [`GET ${one}/content`]: { body: 'PNG' } });
    render();
    const preview = await screen.findByRole('img', { name: 'Preview of Chart.png' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    expect(stub.callsTo(`GET ${one}/content`)[0]?.url).toBe(`${one}/content?disposition=inline`);
    expect(revoke).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:preview'));
  });
});
