import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview, ImportResult } from '@keel/contract';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import {
  ADA,
  DEPT,
  departmentsReply,
  makeDepartment,
  peopleReply,
  signedInForEachTest,
} from '../../../test-utils/team-stubs';
import { ImportWizard } from './ImportWizard';

const SALES = '44444444-4444-4444-8444-444444444444';
const base = `/organizations/${ORG_ID}/imports/priorities`;

function previewOf(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    kind: 'priorities',
    fileName: 'rocks.xlsx',
    format: 'xlsx',
    sheets: [
      { name: 'Rocks', headers: ['Title', 'Owner', 'Due Date', 'Notes'], rowCount: 2 },
      { name: 'Milestones', headers: ['Rock', 'Title'], rowCount: 1 },
    ],
    mapping: {
      sheet: 'Rocks',
      columns: { title: 'Title', description: null, owner: 'Owner', dueDate: 'Due Date' },
      milestoneSheet: 'Milestones',
      milestoneColumns: { priority: 'Rock', title: 'Title' },
    },
    totalRows: 2,
    milestoneRows: 1,
    rows: [
      { rowNumber: 2, values: { title: '<script>alert(1)</script>', owner: 'ada@example.com', dueDate: '2026-03-31' } },
      { rowNumber: 3, values: { title: 'Hire', owner: 'Ada Lovelace', dueDate: '' } },
    ],
    errors: [],
    errorCount: 0,
    importableRows: 2,
    importableMilestones: 1,
    unmatchedOwners: [],
    ...overrides,
  };
}

const GRACE = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Grace Hopper',
  email: 'g@example.com',
  avatarUrl: null,
};
const resultOf = (overrides: Partial<ImportResult> = {}): ImportResult => ({
  kind: 'priorities',
  created: 2,
  milestones: 1,
  teamIds: [DEPT],
  skippedRows: 0,
  skippedMilestones: 0,
  skipped: [],
  ...overrides,
});

const routes = (overrides: Record<string, unknown> = {}) =>
  signedInFrameRoutes({
    'GET /users/departments': departmentsReply([makeDepartment(DEPT, 'Operations'), makeDepartment(SALES, 'Sales')]),
    [`GET /organizations/${ORG_ID}/people`]: peopleReply([ADA, GRACE]),
    ...overrides,
  });

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());
const formOf = (call: StubCall) => call.body as FormData;
const render = () =>
  renderPage(<ImportWizard kind="priorities" listPath="/quarterly-priorities" />, {
    markers: ['/quarterly-priorities'],
  });
const workbook = () => new File(['PK fake'], 'rocks.xlsx');

async function pickFile() {
  const input = await screen.findByLabelText<HTMLInputElement>('Spreadsheet file');
  // The picker waits for the departments (rows need a team to land in).
  await waitFor(() => expect(input.disabled).toBe(false));
  await userEvent.upload(input, workbook());
}

signedInForEachTest();

describe('ImportWizard', () => {
  it('previews the file for the selected department, shows rows as text, then imports with a progress bar', async () => {
    const stub = stubFetch(routes({ [`POST ${base}/preview`]: { body: { data: previewOf() } } }));
    const lines = [
      { type: 'progress', stage: 'reading', done: 1, total: 1 },
      { type: 'progress', stage: 'writing', done: 1, total: 3 },
      { type: 'result', data: resultOf() },
    ];
    const streamed = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (urlOf(input).endsWith(`/api/v1${base}`) && init?.method === 'POST') {
        expect(new Headers(init.headers).get('accept')).toBe('application/x-ndjson');
        return new Response(lines.map((line) => JSON.stringify(line)).join('\n'), {
          headers: { 'content-type': 'application/x-ndjson' },
        });
      }
      return stub.fetchMock(input, init);
    });
    vi.stubGlobal('fetch', streamed);
    render();
    expect(await screen.findByRole('heading', { name: 'Import Big Goals' })).toBeTruthy();
    await pickFile();
    const table = await screen.findByRole('table', { name: 'First rows of rocks.xlsx' });
    expect(within(table).getByText('<script>alert(1)</script>')).toBeTruthy();
    const [previewCall] = stub.callsTo(`POST ${base}/preview`);
    expect(formOf(previewCall!).get('teamId')).toBe(DEPT);
    const columns = screen.getByRole('group', { name: 'Columns' });
    expect(within(columns).getByRole<HTMLSelectElement>('combobox', { name: 'Owner' }).value).toBe('Owner');
    const milestoneColumns = screen.getByRole('group', { name: 'Milestones columns' });
    expect(within(milestoneColumns).getByRole<HTMLSelectElement>('combobox', { name: 'Priority' }).value).toBe('Rock');

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 Big Goals with 1 Milestones' }));
    const heading = await screen.findByRole('heading', { name: 'Import complete' });
    // The result is where the person looks, and announced: the heading takes focus, the banner is a status.
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toContain('2 Big Goals imported with 1 Milestones.');
    expect(screen.queryByRole('table', { name: 'First rows of rocks.xlsx' })).toBeNull();
    const commitCall = streamed.mock.calls.find(([input]) => urlOf(input).endsWith(`/api/v1${base}`));
    const sent = commitCall![1]!.body as FormData;
    expect(JSON.parse(sent.get('mapping') as string)).toMatchObject({ sheet: 'Rocks', milestoneSheet: 'Milestones' });
    await userEvent.click(screen.getByRole('link', { name: 'Go to Big Goals' }));
    expect(await screen.findByText('at /quarterly-priorities')).toBeTruthy();
  });

  it('lists every row problem with its row number, imports the other rows, and re-previews a changed mapping', async () => {
    const withErrors = previewOf({
      errors: [
        {
          sheet: 'Rocks',
          rowNumber: 3,
          field: 'dueDate',
          message: '"soon" is not a date; use a date such as 2026-03-31',
        },
        { sheet: 'Milestones', rowNumber: 2, field: 'priority', message: 'No priority titled "X" in this file' },
      ],
      errorCount: 2,
      importableRows: 1,
      importableMilestones: 0,
    });
    const stub = stubFetch(
      routes({ [`POST ${base}/preview`]: [{ body: { data: withErrors } }, { body: { data: previewOf() } }] }),
    );
    render();
    await pickFile();
    const problems = await screen.findByRole('region', {
      name: '2 problems: rows with one are left out of the import',
    });
    expect(within(problems).getByText(/Row 3 · Due date:/)).toBeTruthy();
    expect(within(problems).getByText(/Milestones, Row 2/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import 1 Priority' }).disabled).toBe(false);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Description' }), 'Notes');
    await waitFor(() => expect(stub.callsTo(`POST ${base}/preview`)).toHaveLength(2));
    const mapping = JSON.parse(formOf(stub.callsTo(`POST ${base}/preview`)[1]!).get('mapping') as string) as {
      columns: Record<string, string | null>;
    };
    expect(mapping.columns).toMatchObject({ description: 'Notes', owner: 'Owner' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /problems/ })).toBeNull());
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Import 2 Big Goals with 1 Milestones' }).disabled,
    ).toBe(false);
  });

  it('asks for an owner for every unknown name, for all at once or one by one, then sends the choices', async () => {
    const owners = [
      { name: 'Zed', message: 'No member of this organization is named or has the e-mail "Zed"', rows: 2 },
      { name: 'kim@old.example', message: '"kim@old.example" is no longer an active member', rows: 1 },
    ];
    const unknown = previewOf({
      importableRows: 0,
      importableMilestones: 0,
      unmatchedOwners: owners,
      errors: [{ sheet: 'Rocks', rowNumber: 2, field: 'owner', message: owners[0]!.message }],
      errorCount: 3,
    });
    const chosen = previewOf({ unmatchedOwners: owners, importableRows: 3 });
    const stub = stubFetch(
      routes({
        [`POST ${base}/preview`]: [{ body: { data: unknown } }, { body: { data: chosen } }, { body: { data: chosen } }],
        [`POST ${base}`]: {
          status: 201,
          body: {
            data: resultOf({
              created: 2,
              skippedRows: 1,
              skipped: [
                {
                  sheet: 'Rocks',
                  rowNumber: 4,
                  field: 'owner',
                  message: 'Left out, as chosen for the owner "kim@old.example"',
                },
              ],
            }),
          },
        },
      }),
    );
    render();
    await pickFile();
    const section = await screen.findByRole('region', { name: '2 owners match no member' });
    const importButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Import 0 Big Goals' });
    expect(importButton.disabled).toBe(true);
    expect(importButton.getAttribute('aria-describedby')).toBe('import-blocked');
    expect(screen.getByText(/Choose an owner for each unknown name above/)).toBeTruthy();
    expect(within(section).getByRole('combobox', { name: '“Zed” (2 rows)' })).toBeTruthy();

    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'For all unknown owners' }), GRACE.id);
    await waitFor(() => expect(stub.callsTo(`POST ${base}/preview`)).toHaveLength(2));
    const sentOwners = (call: StubCall) =>
      (JSON.parse(formOf(call).get('mapping') as string) as { owners: Record<string, string | null> }).owners;
    expect(sentOwners(stub.callsTo(`POST ${base}/preview`)[1]!)).toEqual({
      Zed: GRACE.id,
      'kim@old.example': GRACE.id,
    });

    await userEvent.selectOptions(
      within(section).getByRole('combobox', { name: '“kim@old.example” (1 row)' }),
      'Leave these rows out',
    );
    await waitFor(() => expect(stub.callsTo(`POST ${base}/preview`)).toHaveLength(3));
    expect(sentOwners(stub.callsTo(`POST ${base}/preview`)[2]!)).toEqual({ Zed: GRACE.id, 'kim@old.example': null });

    await userEvent.click(await screen.findByRole('button', { name: 'Import 3 Big Goals with 1 Milestones' }));
    expect(sentOwners(stub.callsTo(`POST ${base}`)[0]!)).toEqual({ Zed: GRACE.id, 'kim@old.example': null });
    expect((await screen.findByRole('status')).textContent).toContain('Left out: 1 row, listed below with why.');
    const leftOut = screen.getByRole('region', { name: 'Left out of the import' });
    expect(within(leftOut).getByText(/Row 4 · Owner:/).parentElement!.textContent).toContain(
      'Left out, as chosen for the owner "kim@old.example"',
    );
  });

  it('re-previews for another department', async () => {
    const stub = stubFetch(routes({ [`POST ${base}/preview`]: { body: { data: previewOf() } } }));
    render();
    await pickFile();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Department for rows/ }), SALES);
    await waitFor(() => expect(stub.callsTo(`POST ${base}/preview`)).toHaveLength(2));
    expect(formOf(stub.callsTo(`POST ${base}/preview`)[1]!).get('teamId')).toBe(SALES);
  });

  it('shows the server’s message for a file it refuses', async () => {
    stubFetch(
      routes({
        [`POST ${base}/preview`]: {
          status: 415,
          body: { error: 'This file is not a CSV or Excel (.xlsx) workbook.', code: 'spreadsheet.unsupported' },
        },
      }),
    );
    render();
    await pickFile();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file is not a CSV or Excel (.xlsx) workbook.');
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('says nothing was imported when the commit is refused, with the server’s reasons', async () => {
    stubFetch(
      routes({
        [`POST ${base}/preview`]: { body: { data: previewOf() } },
        [`POST ${base}`]: {
          status: 400,
          body: {
            error: 'No row can be imported: 1 problem, listed below; nothing was imported.',
            code: 'import.invalid_rows',
            details: [{ path: 'Rocks!3.owner', message: '"Zed" is no longer an active member of this organization' }],
          },
        },
      }),
    );
    render();
    await pickFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 Big Goals with 1 Milestones' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was imported')).toBeTruthy();
    expect(alert.textContent).toContain('"Zed" is no longer an active member of this organization');
  });
});
