import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { departmentsReply, makeDepartment, signedInForEachTest } from '../../../test-utils/team-stubs';
import { stubXhr } from '../fake-xhr';
import { DOCUMENT_ID, FOLDER_ID, listReply, makeDocument, makeFolder, makeVersion } from '../test-data';
import DocumentsPage from './DocumentsPage';

const base = `/organizations/${ORG_ID}/documents`;
const SALES = '55555555-5555-4555-8555-555555555555';

function stubPage(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /users/departments': departmentsReply([makeDepartment(SALES, 'Sales')]),
    [`GET ${base}/recent`]: { body: { data: [] } },
    [`GET ${base}`]: listReply([]),
    ...routes,
  });
}

async function seriousViolations(context: axe.ElementContext) {
  // happy-dom has no layout or computed colours: contrast is left to the browser journey.
  const result = await axe.run(context, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 100)).join(' | ')}`);
}

const render = (path = '/documents') => renderWithToasts(<DocumentsPage />, { path, route: '/documents' });

signedInForEachTest();

describe('DocumentsPage', () => {
  it('lists subfolders then documents, and sorts by a column header', async () => {
    const pdf = makeDocument({
      id: '99999999-9999-4999-8999-999999999999',
      name: 'Price list.pdf',
      contentType: 'application/pdf',
      bytes: 300 * 1024,
      visibility: 'team',
      teamId: SALES,
    });
    const drive = makeDocument({
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      kind: 'link',
      name: 'Budget',
      contentType: null,
      bytes: null,
      currentVersion: null,
      storedIn: null,
      url: 'https://drive.google.com/file/d/abc',
      linkProvider: 'google_drive',
    });
    const stub = stubPage({ [`GET ${base}`]: listReply([makeDocument(), pdf, drive], { folders: [makeFolder()] }) });
    render();
    const table = await screen.findByRole('table', { name: 'Contents of All documents' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('button')[0]?.textContent)).toEqual([
      'Contracts',
      'Handbook.docx',
      'Price list.pdf',
      'Budget',
    ]);
    expect(within(rows[2] as HTMLElement).getAllByText('Team: Sales')).toHaveLength(2);
    expect(within(rows[2] as HTMLElement).getByText('300 KB')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Google Drive')).toBeTruthy();

    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(table).getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(stub.calls.at(-1)?.url).toBe(`${base}?sort=size&direction=asc&limit=50`));
    const sized = await screen.findByRole('columnheader', { name: /Size/ });
    expect(sized.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('none');
    await userEvent.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(stub.calls.at(-1)?.url).toBe(`${base}?sort=size&direction=desc&limit=50`));
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('opens a folder with its path, says when it is empty, and searches by name in all folders', async () => {
    const stub = stubPage({
      [`GET ${base}`]: (call) =>
        call.url.includes(`folderId=${FOLDER_ID}`)
          ? listReply([], { path: [{ id: FOLDER_ID, name: 'Contracts' }] })
          : call.url.includes('q=hand')
            ? listReply([makeDocument()])
            : listReply([], { folders: [makeFolder()] }),
    });
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Contracts' }));
    expect(await screen.findByText('This folder is empty — drop files here or use Upload files.')).toBeTruthy();
    const path = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(path).getByText('Contracts').getAttribute('aria-current')).toBe('page');

    await userEvent.type(screen.getByLabelText('Search by name in all folders'), 'hand');
    expect(await screen.findByRole('button', { name: 'Handbook.docx' })).toBeTruthy();
    expect(screen.getByText('Results for “hand” in all folders')).toBeTruthy();
    const searches = stub.calls.filter((call) => call.url.includes('q='));
    // Typed letter by letter, searched once: the wait restarts with each letter.
    expect(searches.map((call) => call.url)).toEqual([`${base}?sort=name&direction=asc&limit=50&q=hand`]);

    // Back leaves the search: the box empties with it, and the top level shows again.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('button', { name: 'Contracts' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Search by name in all folders').value).toBe('');
  });

  it('uploads several files with their own progress, and shows why one was refused while the other succeeds', async () => {
    const xhr = stubXhr();
    stubPage();
    render();
    await screen.findByText('This folder is empty — drop files here or use Upload files.');
    await userEvent.selectOptions(screen.getByLabelText('Who can see uploaded files'), 'team');
    const files = [
      new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }),
    ];
    await userEvent.upload(screen.getByLabelText('Files to upload'), files);
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    const [report, tool] = [...xhr.sent].sort((a, b) => (a.fileName() ?? '').localeCompare(b.fileName() ?? ''));
    expect(report?.url).toBe(`/api/v1${base}`);
    expect(report?.body?.get('visibility')).toBe('team');
    expect(report?.body?.get('teamId')).toBe(SALES);

    act(() => report?.progress(50, 100));
    expect(await screen.findByText('Uploading, 50%')).toBeTruthy();
    act(() => tool?.respond(415, { error: 'This type of file is not allowed.', code: 'document.type_refused' }));
    expect(await screen.findByText('This type of file is not allowed.')).toBeTruthy();
    expect(screen.getByTestId('upload-status-report.pdf').textContent).toBe('Uploading, 50%');

    act(() => report?.respond(201, { data: [makeDocument({ name: 'report.pdf' })] }));
    await waitFor(() => expect(screen.getByTestId('upload-status-report.pdf').textContent).toBe('Uploaded'));
    expect(screen.getByTestId('upload-status-tool.exe').textContent).toBe('This type of file is not allowed.');
    expect(screen.getByRole('heading', { name: 'Uploads (2 of 2 finished)' })).toBeTruthy();
  });

  it('has no serious or critical axe violations in the list, the upload queue and the details', async () => {
    const xhr = stubXhr();
    stubPage({
      [`GET ${base}`]: listReply([makeDocument()], { folders: [makeFolder()] }),
      [`GET ${base}/recent`]: { body: { data: [makeDocument()] } },
      [`GET ${base}/${DOCUMENT_ID}`]: { body: { data: makeDocument() } },
      [`GET ${base}/${DOCUMENT_ID}/versions`]: { body: { data: [makeVersion(2, true), makeVersion(1, false)] } },
    });
    render();
    await screen.findByRole('table');
    await userEvent.upload(screen.getByLabelText('Files to upload'), [new File(['x'], 'a.pdf')]);
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    act(() => xhr.sent[0]?.progress(10, 100));
    await screen.findByText('Uploading, 10%');
    expect(await seriousViolations(document.body)).toEqual([]);

    await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Handbook.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Handbook.docx' });
    await within(dialog).findByRole('list', { name: 'Versions' });
    expect(await seriousViolations(dialog)).toEqual([]);
  });

  it('loads the next page with its cursor, and adds a cloud drive link', async () => {
    const second = makeDocument({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Zebra.docx' });
    const stub = stubPage({
      [`GET ${base}`]: (call) =>
        call.url.includes('cursor=next-1')
          ? listReply([second])
          : listReply([makeDocument()], { nextCursor: 'next-1' }),
      [`POST ${base}/links`]: {
        status: 201,
        body: { data: makeDocument({ kind: 'link', name: 'Budget', linkProvider: 'sharepoint' }) },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Zebra.docx' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Handbook.docx' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(stub.calls.some((call) => call.url === `${base}?sort=name&direction=asc&limit=50&cursor=next-1`)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    await userEvent.type(within(dialog).getByLabelText('Address'), 'http://example.com/file');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect(await within(dialog).findByText('Enter the https address of the file')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Address'));
    await userEvent.type(
      within(dialog).getByLabelText('Address'),
      'https://contoso.sharepoint.com/sites/finance/Budget.xlsx',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/links`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/links`)[0]?.body).toEqual({
      url: 'https://contoso.sharepoint.com/sites/finance/Budget.xlsx',
      folderId: null,
      visibility: 'company',
      teamId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a link' })).toBeNull());
  });

  it('uploads files dropped on the page into the folder shown', async () => {
    const xhr = stubXhr();
    stubPage({ [`GET ${base}`]: listReply([], { path: [{ id: FOLDER_ID, name: 'Contracts' }] }) });
    render(`/documents?folder=${FOLDER_ID}`);
    const page = (await screen.findByRole('region', { name: 'Documents' })).parentElement as HTMLElement;
    const dataTransfer = { types: ['Files'], files: [new File(['x'], 'dropped.pdf')], dropEffect: 'none' };
    fireEvent.dragEnter(page, { dataTransfer });
    expect(screen.getByText('Drop the files to upload them to Contracts')).toBeTruthy();
    fireEvent.drop(page, { dataTransfer });
    expect(screen.queryByText('Drop the files to upload them to Contracts')).toBeNull();
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.fileName()).toBe('dropped.pdf');
    expect(xhr.sent[0]?.body?.get('folderId')).toBe(FOLDER_ID);
  });
});
