import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberImportPreview } from '@keel/contract';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import BulkImportPage from './BulkImportPage';

const base = `/organizations/${ORG_ID}/imports/members`;

function previewOf(overrides: Partial<MemberImportPreview> = {}): MemberImportPreview {
  return {
    fileName: 'people.csv',
    format: 'csv',
    sheet: 'people',
    columns: { email: 'Email', firstName: 'First name', lastName: null, role: 'Role', teams: 'Teams' },
    totalRows: 3,
    newCount: 1,
    skippedCount: 1,
    invalidCount: 1,
    rows: [
      {
        rowNumber: 2,
        email: 'grace@example.com',
        firstName: 'Grace',
        lastName: '',
        role: 'admin',
        teams: ['Sales'],
        status: 'new',
        notice: null,
      },
      {
        rowNumber: 3,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: '',
        role: 'member',
        teams: [],
        status: 'skipped',
        notice: 'Already a member: skipped',
      },
      {
        rowNumber: 4,
        email: '=HYPERLINK("x")',
        firstName: '<b>Evil</b>',
        lastName: '',
        role: 'member',
        teams: [],
        status: 'invalid',
        notice: null,
      },
    ],
    errors: [
      { sheet: 'people', rowNumber: 4, field: 'email', message: '"=HYPERLINK("x")" is not a valid e-mail address' },
    ],
    errorCount: 1,
    ...overrides,
  };
}

const LINK = 'http://keel.test/accept-invitation?token=secret-token';
const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

async function pickFile() {
  const input = await screen.findByLabelText<HTMLInputElement>('Spreadsheet file');
  await userEvent.upload(input, new File(['Email\ngrace@example.com'], 'people.csv', { type: 'text/csv' }));
}

signedInForEachTest();

describe('BulkImportPage', () => {
  it('previews every row with its status and problems as text, then invites with the server progress', async () => {
    const stub = stubFetch(signedInFrameRoutes({ [`POST ${base}/preview`]: { body: { data: previewOf() } } }));
    const lines = [
      { type: 'progress', stage: 'checking', done: 3, total: 3 },
      {
        type: 'result',
        data: {
          invited: 1,
          skipped: 1,
          invalid: 1,
          // No mail on this server: the link comes back to pass on by hand.
          delivery: { mailed: false, unmailed: [{ email: 'grace@example.com', link: LINK }] },
        },
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (urlOf(input).endsWith(`/api/v1${base}`) && init?.method === 'POST') {
          expect(new Headers(init.headers).get('accept')).toBe('application/x-ndjson');
          expect((init.body as FormData).get('file')).toBeInstanceOf(File);
          return new Response(lines.map((line) => JSON.stringify(line)).join('\n'), {
            headers: { 'content-type': 'application/x-ndjson' },
          });
        }
        return stub.fetchMock(input, init);
      }),
    );
    renderPage(<BulkImportPage />, { markers: ['/users'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulk user import' })).toBeTruthy();
    await pickFile();

    const table = await screen.findByRole('table', { name: 'People in people.csv' });
    expect(within(table).getByText('Will be invited')).toBeTruthy();
    expect(within(table).getByText('Already a member: skipped')).toBeTruthy();
    expect(within(table).getByText('<b>Evil</b>')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1 row has problems and will be left out' })).toBeTruthy();
    expect(screen.getByText(/E-mail:/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Invite 1 person' }));
    expect(await screen.findByText('Import complete')).toBeTruthy();
    expect(screen.getByText(/1 person invited; 1 person skipped; 1 row with problems left out/)).toBeTruthy();
    expect(screen.getByText(/Mail is not set up on this server, so no e-mail was sent/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Invitation link for grace@example.com').value).toBe(LINK);
    expect(stub.callsTo(`POST ${base}/preview`).length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the import disabled when nobody needs an invitation (the same file again)', async () => {
    stubFetch(
      signedInFrameRoutes({
        [`POST ${base}/preview`]: {
          body: { data: previewOf({ newCount: 0, skippedCount: 3, invalidCount: 0, errors: [], errorCount: 0 }) },
        },
      }),
    );
    renderPage(<BulkImportPage />);
    await pickFile();
    expect(await screen.findByText('Nobody in this file needs an invitation.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Invite 0 people' }).disabled).toBe(true);
  });

  it("shows the server's message for a file it refuses, and for an import that is not available yet", async () => {
    stubFetch(
      signedInFrameRoutes({
        [`POST ${base}/preview`]: [
          {
            status: 400,
            body: { error: 'The file needs an "E-mail" column.', code: 'member_import.email_column_missing' },
          },
          { body: { data: previewOf() } },
        ],
        [`POST ${base}`]: {
          status: 503,
          body: {
            error: 'Bulk invitations are not available yet: nothing was imported.',
            code: 'member_import.not_yet',
          },
        },
      }),
    );
    renderPage(<BulkImportPage />);
    await pickFile();
    expect(await screen.findByText('The file needs an "E-mail" column.')).toBeTruthy();
    await pickFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite 1 person' }));
    await waitFor(() => expect(screen.getByText(/not available yet/)).toBeTruthy());
    expect(screen.getByText('Nobody was invited')).toBeTruthy();
  });
});
