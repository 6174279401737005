import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, departmentsReply, makeDepartment, pageReply, signedInForEachTest } from '../../../test-utils/team-stubs';
import { makeIssue } from '../../issues/issues-test-data';
import DocumentsPage from '../pages/DocumentsPage';
import { DOCUMENT_ID, FOLDER_ID, listReply, makeDocument, makeFolder } from '../test-data';

const base = `/organizations/${ORG_ID}/documents`;
const folders = `/organizations/${ORG_ID}/document-folders`;
const ARCHIVE_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const PRIORITY_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

function stubPage(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /users/departments': departmentsReply([makeDepartment(DEPT, 'Operations')]),
    [`GET ${base}/recent`]: { body: { data: [] } },
    ...routes,
  });
}

const render = (path = '/documents') => renderWithToasts(<DocumentsPage />, { path, route: '/documents' });

signedInForEachTest();

describe('folders', () => {
  it('shows why a folder that still holds something cannot be deleted', async () => {
    const stub = stubPage({
      [`GET ${base}`]: listReply([], { folders: [makeFolder()] }),
      [`DELETE ${folders}/${FOLDER_ID}`]: {
        status: 409,
        body: { error: 'Move or delete what is in the folder first.', code: 'document.folder_not_empty' },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage folder Contracts' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Contracts?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete folder' }));
    expect(await within(confirm).findByText('Move or delete what is in the folder first.')).toBeTruthy();
    expect(stub.callsTo(`DELETE ${folders}/${FOLDER_ID}`)[0]?.body).toEqual({ version: 1 });
  });

  it('moves a folder into another one chosen level by level, never into itself', async () => {
    const archive = makeFolder({ id: ARCHIVE_ID, name: 'Archive' });
    const stub = stubPage({
      [`GET ${base}`]: (call) =>
        call.url.includes(`folderId=${ARCHIVE_ID}`)
          ? listReply([], { path: [{ id: ARCHIVE_ID, name: 'Archive' }] })
          : listReply([], { folders: [makeFolder(), archive] }),
      [`PATCH ${folders}/${FOLDER_ID}`]: { body: { data: makeFolder({ parentId: ARCHIVE_ID, version: 2 }) } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage folder Contracts' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Move to another folder' }));
    const picker = await screen.findByRole('dialog', { name: 'Move Contracts' });
    const choices = await within(picker).findByRole('list', { name: 'Folders in All documents' });
    expect(within(choices).queryByRole('button', { name: 'Open Contracts' })).toBeNull();
    await userEvent.click(within(choices).getByRole('button', { name: 'Open Archive' }));
    await userEvent.click(await within(picker).findByRole('button', { name: 'Move to Archive' }));
    await waitFor(() => expect(stub.callsTo(`PATCH ${folders}/${FOLDER_ID}`)).toHaveLength(1));
    expect(stub.callsTo(`PATCH ${folders}/${FOLDER_ID}`)[0]?.body).toEqual({ version: 1, parentId: ARCHIVE_ID });
  });
});

describe('links to items', () => {
  it('links a document to an issue chosen by team and title, and unlinks another item', async () => {
    const linked = makeDocument({ links: [{ target: 'priority', targetId: PRIORITY_ID, title: 'Grow sales' }] });
    const stub = stubPage({
      [`GET ${base}`]: listReply([linked]),
      [`GET ${base}/${DOCUMENT_ID}`]: { body: { data: linked } },
      [`GET ${base}/${DOCUMENT_ID}/versions`]: { body: { data: [] } },
      [`GET /organizations/${ORG_ID}/issues`]: pageReply([makeIssue(), makeIssue({ id: PRIORITY_ID, title: 'Churn' })]),
      [`POST ${base}/${DOCUMENT_ID}/links`]: { body: { data: linked } },
      [`DELETE ${base}/${DOCUMENT_ID}/links`]: { body: { data: makeDocument() } },
    });
    render(`/documents?document=${DOCUMENT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Handbook.docx' });
    const links = await within(dialog).findByRole('list', { name: 'Linked items' });
    expect(within(links).getByText('Grow sales')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Link to an item' }));
    const form = within(dialog).getByRole('form', { name: 'Link to an item' });
    await userEvent.selectOptions(within(form).getByLabelText('Kind of item'), 'issue');
    await within(form).findByRole('option', { name: 'Hiring is slow' });
    await userEvent.type(within(form).getByLabelText('Filter by title'), 'hiring');
    expect(within(form).queryByRole('option', { name: 'Churn' })).toBeNull();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Issue' }), 'Hiring is slow');
    await userEvent.click(within(form).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${DOCUMENT_ID}/links`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${DOCUMENT_ID}/links`)[0]?.body).toEqual({
      target: 'issue',
      targetId: makeIssue().id,
    });

    await userEvent.click(within(links).getByRole('button', { name: 'Unlink Grow sales' }));
    await waitFor(() => expect(stub.callsTo(`DELETE ${base}/${DOCUMENT_ID}/links`)).toHaveLength(1));
    expect(stub.callsTo(`DELETE ${base}/${DOCUMENT_ID}/links`)[0]?.body).toEqual({
      target: 'priority',
      targetId: PRIORITY_ID,
    });
  });
});
