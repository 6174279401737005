import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScorecardImportPreview, ScorecardImportResult } from '@keel/contract';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import {
  ADA,
  DEPT,
  departmentsReply,
  makeDepartment,
  peopleReply,
  signedInForEachTest,
} from '../../../test-utils/team-stubs';
import ImportScorecardPage from './ImportScorecardPage';

const base = `/organizations/${ORG_ID}/imports/scorecard`;

function previewOf(overrides: Partial<ScorecardImportPreview> = {}): ScorecardImportPreview {
  return {
    fileName: 'ninety.xlsx',
    format: 'xlsx',
    sheets: [
      {
        name: 'Scorecard',
        headers: ['Group', 'Status', 'Title', 'Owner', 'Goal', 'Average', 'Nov 16 - Nov 22', 'Nov 23 - Nov 29'],
        rowCount: 2,
      },
    ],
    sheet: 'Scorecard',
    layout: 'ninety',
    frequency: 'weekly',
    frequencySource: 'columns',
    columns: {
      title: 'Title',
      owner: 'Owner',
      goal: 'Goal',
      group: 'Group',
      description: null,
      unit: null,
      frequency: null,
    },
    periods: [
      { header: 'Nov 16 - Nov 22', periodStart: '2026-11-16', periodEnd: '2026-11-22' },
      { header: 'Nov 23 - Nov 29', periodStart: '2026-11-23', periodEnd: '2026-11-29' },
    ],
    ignoredColumns: ['Status', 'Average'],
    notices: [],
    totalRows: 2,
    importableRows: 1,
    valueCount: 2,
    newGroups: ['Sales'],
    rows: [
      {
        rowNumber: 2,
        title: 'Calls made',
        group: 'Sales',
        ownerName: 'Ada Lovelace',
        ownerId: makeUser().id,
        ownerMatch: 'member',
        goalText: '>= 50',
        goal: { operator: '>=', value: 50, valueMax: null, band: null },
        unit: 'number',
        currencyCode: null,
        frequency: 'weekly',
        valueCount: 2,
        importable: true,
      },
      {
        rowNumber: 3,
        title: 'Conversion',
        group: null,
        ownerName: 'Ada Lovelace',
        ownerId: makeUser().id,
        ownerMatch: 'member',
        goalText: '>= 50%%',
        goal: null,
        unit: 'percent',
        currencyCode: null,
        frequency: 'weekly',
        valueCount: 0,
        importable: false,
      },
    ],
    errors: [{ sheet: 'Scorecard', rowNumber: 3, field: 'goal', message: 'The goal ">= 50%%" cannot be read' }],
    errorCount: 1,
    unmatchedOwners: [],
    ...overrides,
  };
}

const result: ScorecardImportResult = {
  teamId: DEPT,
  frequency: 'weekly',
  created: 1,
  groupsCreated: 1,
  values: 2,
  skippedRows: 1,
  skipped: [{ sheet: 'Scorecard', rowNumber: 3, field: 'goal', message: 'The goal ">= 50%%" cannot be read' }],
};

const routes = (overrides: Record<string, unknown> = {}) =>
  signedInFrameRoutes({
    'GET /users/departments': departmentsReply([makeDepartment(DEPT, 'Operations')]),
    [`GET /organizations/${ORG_ID}/people`]: peopleReply([ADA]),
    ...overrides,
  });
const mappingOf = (call: StubCall | undefined) =>
  JSON.parse((call?.body as FormData).get('mapping') as string) as unknown;

async function pickFile() {
  const input = await screen.findByLabelText<HTMLInputElement>('Spreadsheet file');
  await waitFor(() => expect(input.disabled).toBe(false));
  await userEvent.upload(input, new File(['PK fake'], 'ninety.xlsx'));
}

signedInForEachTest(() => makeUser({ role: 'admin' }));

describe('ImportScorecardPage', () => {
  it('shows what the file holds: format, frequency, periods, each measurable with its goal and counts, row problems', async () => {
    const stub = stubFetch(routes({ [`POST ${base}/preview`]: { body: { data: previewOf() } } }));
    renderPage(<ImportScorecardPage />, { path: '/admin/import-scorecard' });
    expect(await screen.findByRole('heading', { name: 'Import Numbers', level: 1 })).toBeTruthy();
    await pickFile();
    const table = await screen.findByRole('table', { name: 'Measurables in ninety.xlsx' });
    expect((stub.callsTo(`POST ${base}/preview`)[0]?.body as FormData).get('teamId')).toBe(DEPT);
    expect(screen.getByText('Ninety’s scorecard export')).toBeTruthy();
    expect(screen.getByText('Weekly, read from the dates of the period columns')).toBeTruthy();
    expect(
      screen.getByText(/2: from “Nov 16 - Nov 22” \(2026-11-16\) to “Nov 23 - Nov 29” \(2026-11-29\)/),
    ).toBeTruthy();
    expect(screen.getByText('Status, Average')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2', 'Calls made', 'Sales', 'Ada Lovelace', '>= 50', 'Number', '2', 'Imported'],
      ['3', 'Conversion', '—', 'Ada Lovelace', '>= 50%%', 'Percent', '0', 'Left out'],
    ]);
    const problems = screen.getByRole('region', { name: '1 problem: rows with one are left out of the import' });
    expect(within(problems).getByText(/Row 3 · Goal:/)).toBeTruthy();
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
      [],
    );
  });

  it('previews again with a chosen frequency, keeping the columns', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${base}/preview`]: [
          { body: { data: previewOf() } },
          { body: { data: previewOf({ frequency: 'monthly', frequencySource: 'mapping' }) } },
        ],
      }),
    );
    renderPage(<ImportScorecardPage />, { path: '/admin/import-scorecard' });
    await pickFile();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Frequency' }), 'monthly');
    await waitFor(() => expect(stub.callsTo(`POST ${base}/preview`)).toHaveLength(2));
    expect(mappingOf(stub.callsTo(`POST ${base}/preview`)[1])).toEqual({
      sheet: 'Scorecard',
      columns: {
        title: 'Title',
        owner: 'Owner',
        goal: 'Goal',
        group: 'Group',
        description: null,
        unit: null,
        frequency: null,
      },
      frequency: 'monthly',
    });
    expect(await screen.findByText('Monthly, as chosen below')).toBeTruthy();
  });

  it('imports in one go and shows what was written and what was left out', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${base}/preview`]: { body: { data: previewOf() } },
        [`POST ${base}`]: { status: 201, body: { data: result } },
      }),
    );
    renderPage(<ImportScorecardPage />, { path: '/admin/import-scorecard' });
    await pickFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 1 measurable with 2 values' }));
    const done = await screen.findByText(
      /1 measurable and 2 values imported \(weekly\), 1 group created\. 1 row was left out\./,
    );
    expect(done).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Numbers' }).getAttribute('href')).toBe(
      `/scorecard?teamId=${DEPT}`,
    );
    expect(screen.getByRole('region', { name: '1 row left out' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Measurables in ninety.xlsx' })).toBeNull();
    expect(stub.callsTo(`POST ${base}`)[0]?.headers.get('accept')).toBe('application/x-ndjson');
  });
});
