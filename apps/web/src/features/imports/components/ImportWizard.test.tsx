import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview } from '@keel/contract';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { DEPT, departmentsReply, makeDepartment, signedInForEachTest } from '../../../test-utils/team-stubs';
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
    ...overrides,
  };
}

const routes = (overrides: Record<string, unknown> = {}) =>
  signedInFrameRoutes({
    'GET /users/departments': departmentsReply([makeDepartment(DEPT, 'Operations'), makeDepartment(SALES, 'Sales')]),
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
      { type: 'result', data: { kind: 'priorities', created: 2, milestones: 1, teamIds: [DEPT] } },
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

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 Big Goals' }));
    expect(await screen.findByText(/2 Big Goals imported with 1 Milestones/)).toBeTruthy();
    const commitCall = streamed.mock.calls.find(([input]) => urlOf(input).endsWith(`/api/v1${base}`));
    const sent = commitCall![1]!.body as FormData;
    expect(JSON.parse(sent.get('mapping') as string)).toMatchObject({ sheet: 'Rocks', milestoneSheet: 'Milestones' });
    await userEvent.click(screen.getByRole('link', { name: 'Go to Big Goals' }));
    expect(await screen.findByText('at /quarterly-priorities')).toBeTruthy();
  });

  it('lists every row problem with its row number, keeps Import disabled, and re-previews a changed mapping', async () => {
    const withErrors = previewOf({
      errors: [
        { sheet: 'Rocks', rowNumber: 3, field: 'owner', message: 'No member of this organization is named "Zed"' },
        { sheet: 'Milestones', rowNumber: 2, field: 'priority', message: 'No priority titled "X" in this file' },
      ],
      errorCount: 2,
    });
    const stub = stubFetch(
      routes({ [`POST ${base}/preview`]: [{ body: { data: withErrors } }, { body: { data: previewOf() } }] }),
    );
    render();
    await pickFile();
    const problems = await screen.findByRole('region', { name: '2 problems to fix before importing' });
    expect(within(problems).getByText(/Row 3 · Owner:/)).toBeTruthy();
    expect(within(problems).getByText(/Milestones, Row 2/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import 2 Big Goals' }).disabled).toBe(true);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Description' }), 'Notes');
    await waitFor(() => expect(stub.callsTo(`POST ${base}/preview`)).toHaveLength(2));
    const mapping = JSON.parse(formOf(stub.callsTo(`POST ${base}/preview`)[1]!).get('mapping') as string) as {
      columns: Record<string, string | null>;
    };
    expect(mapping.columns).toMatchObject({ description: 'Notes', owner: 'Owner' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /problems to fix/ })).toBeNull());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import 2 Big Goals' }).disabled).toBe(false);
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
            error: '1 row has a problem; nothing was imported. Fix the file and try again.',
            code: 'import.invalid_rows',
            details: [{ path: 'Rocks!3.owner', message: '"Zed" is no longer an active member of this organization' }],
          },
        },
      }),
    );
    render();
    await pickFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 Big Goals' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was imported')).toBeTruthy();
    expect(alert.textContent).toContain('"Zed" is no longer an active member of this organization');
  });
});
