import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { DOCUMENT_ID, listReply, makeDocument } from '../test-data';
import { LinkedDocuments } from './LinkedDocuments';

const PRIORITY_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const BUDGET_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const base = `/organizations/${ORG_ID}/documents`;
const linkedKey = `GET /organizations/${ORG_ID}/linked-documents`;

const handbook = makeDocument();
const budget = makeDocument({
  id: BUDGET_ID,
  kind: 'link',
  name: 'Budget 2027',
  contentType: null,
  bytes: null,
  currentVersion: null,
  storedIn: null,
  url: 'https://docs.google.com/spreadsheets/d/abc',
  linkProvider: 'google_drive',
});

const render = (readOnly = false) =>
  renderWithToasts(<LinkedDocuments target="priority" targetId={PRIORITY_ID} readOnly={readOnly} />);

signedInForEachTest();

describe('LinkedDocuments', () => {
  it('lists the linked documents with their kind, each opening on the documents page', async () => {
    const stub = stubFetch({ [linkedKey]: { body: { data: [handbook, budget] } } });
    render();
    const list = await screen.findByRole('list', { name: 'Documents' });
    const open = within(list).getByRole('link', { name: 'Handbook.docx' });
    expect(open.getAttribute('href')).toBe(`/documents?document=${DOCUMENT_ID}`);
    expect(within(list).getByRole('link', { name: 'Budget 2027' }).getAttribute('href')).toBe(
      `/documents?document=${BUDGET_ID}`,
    );
    expect(within(list).getByText('Text document')).toBeTruthy();
    expect(within(list).getByText('Google Drive')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Unlink Budget 2027' })).toBeTruthy();
    expect(stub.callsTo(linkedKey)[0]?.url).toBe(
      `/organizations/${ORG_ID}/linked-documents?target=priority&targetId=${PRIORITY_ID}`,
    );
  });

  it('says when nothing is linked yet', async () => {
    stubFetch({ [linkedKey]: { body: { data: [] } } });
    render();
    expect(await screen.findByText('No documents linked yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a document' })).toBeTruthy();
  });

  it('says why the list could not be loaded', async () => {
    stubFetch({ [linkedKey]: { status: 500, body: { error: 'The server is resting', code: 'server.error' } } });
    render();
    expect(await screen.findByText('The server is resting')).toBeTruthy();
  });

  it('offers neither adding nor unlinking when read-only', async () => {
    stubFetch({ [linkedKey]: { body: { data: [handbook] } } });
    render(true);
    expect(await screen.findByRole('link', { name: 'Handbook.docx' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlink Handbook.docx' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a document' })).toBeNull();
  });

  it('finds documents by name, leaves out those already linked, and links the chosen one', async () => {
    const stub = stubFetch({
      [linkedKey]: [{ body: { data: [handbook] } }, { body: { data: [handbook, budget] } }],
      [`GET ${base}`]: listReply([handbook, budget]),
      [`POST ${base}/${BUDGET_ID}/links`]: { body: { data: budget } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a document' }));
    const picker = screen.getByRole('form', { name: 'Add a document' });
    const field = within(picker).getByRole('searchbox', { name: 'Document name' });
    expect(document.activeElement).toBe(field);
    await userEvent.type(field, 'Bu');
    const results = await within(picker).findByRole('list', { name: 'Matching documents' });
    // Typing is waited out: one search for the whole word, not one per key.
    expect(stub.callsTo(`GET ${base}`).map((call) => call.url)).toEqual([
      `${base}?q=Bu&sort=name&direction=asc&limit=10`,
    ]);
    expect(within(results).queryByRole('button', { name: 'Link Handbook.docx' })).toBeNull();
    await userEvent.click(within(results).getByRole('button', { name: 'Link Budget 2027' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${BUDGET_ID}/links`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${BUDGET_ID}/links`)[0]?.body).toEqual({
      target: 'priority',
      targetId: PRIORITY_ID,
    });
    expect(await screen.findByRole('link', { name: 'Budget 2027' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a document' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a document' })));
  });

  it('says so when no other document matches, and shows why a link was refused', async () => {
    stubFetch({
      [linkedKey]: { body: { data: [handbook] } },
      [`GET ${base}`]: (call) =>
        call.url.includes('q=Hand') ? listReply([handbook]) : listReply([budget], { nextCursor: 'next' }),
      [`POST ${base}/${BUDGET_ID}/links`]: {
        status: 403,
        body: { error: 'You cannot link this document', code: 'document.forbidden' },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a document' }));
    const picker = screen.getByRole('form', { name: 'Add a document' });
    await userEvent.type(within(picker).getByRole('searchbox', { name: 'Document name' }), 'Hand');
    expect(await within(picker).findByText('No other document’s name contains “Hand”.')).toBeTruthy();

    const field = within(picker).getByRole('searchbox', { name: 'Document name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'B');
    await userEvent.click(await within(picker).findByRole('button', { name: 'Link Budget 2027' }));
    expect(await within(picker).findByText('You cannot link this document')).toBeTruthy();
    expect(within(picker).getByText('Showing the first 10; type more of the name to narrow the list.')).toBeTruthy();
  });

  it('unlinks a document from the item', async () => {
    const stub = stubFetch({
      [linkedKey]: [{ body: { data: [handbook, budget] } }, { body: { data: [budget] } }],
      [`DELETE ${base}/${DOCUMENT_ID}/links`]: { body: { data: handbook } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Handbook.docx' }));
    await waitFor(() => expect(stub.callsTo(`DELETE ${base}/${DOCUMENT_ID}/links`)).toHaveLength(1));
    expect(stub.callsTo(`DELETE ${base}/${DOCUMENT_ID}/links`)[0]?.body).toEqual({
      target: 'priority',
      targetId: PRIORITY_ID,
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Handbook.docx' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Budget 2027' })).toBeTruthy();
  });
});
