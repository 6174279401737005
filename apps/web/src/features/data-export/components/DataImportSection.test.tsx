import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataImport, DataImportResult } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { DataImportSection } from './DataImportSection';

signedInForEachTest();

const IMPORT = 'POST /organizations/import';
const IMPORTS = 'GET /organizations/imports';
const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'keel-export.zip', { type: 'application/zip' });
const RESULT: DataImportResult = {
  organizationId: '66666666-6666-4666-8666-666666666666',
  organizationName: 'Acme',
  rows: { todos: 40, teams: 2 },
  files: 3,
  filesMissing: 0,
  peopleMatched: 4,
  peopleNew: 1,
  invitationsSent: 5,
  invitationsMailed: true,
  notRestored: [{ table: 'refresh_tokens', reason: 'its token_hash is a secret, never exported' }],
};
const importOf = (changes: Partial<DataImport>): DataImport => ({
  id: '77777777-7777-4777-8777-777777777777',
  status: 'queued',
  phase: null,
  stepsDone: 0,
  stepsTotal: 0,
  organizationName: 'Acme',
  result: null,
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  ...changes,
});

describe('DataImportSection', () => {
  it('uploads the chosen archive, follows the import, and says what the new organization holds', async () => {
    const started = importOf({});
    const stub = stubFetch({
      [IMPORT]: { status: 202, body: { data: started } },
      [IMPORTS]: [
        { body: { data: [] } },
        { body: { data: [importOf({ status: 'running', phase: 'files', stepsDone: 2, stepsTotal: 3 })] } },
        { body: { data: [importOf({ status: 'done', result: RESULT })] } },
      ],
    });
    renderWithToasts(<DataImportSection />);
    const button = screen.getByRole('button', { name: 'Import' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.upload(screen.getByLabelText('Export archive (.zip, up to 2 GB)'), zip());
    await userEvent.click(button);
    expect(await screen.findByText('Importing “Acme”. Copying its files: 2 of 3')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Importing “Acme”. Copying its files: 2 of 3' })).toBeTruthy();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
    expect(
      await screen.findByText(
        /“Acme” was imported as a new organization that you own: 42 rows and 3 files; 4 people found by e-mail, 1 new account\. 5 invitations were sent/,
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/refresh_tokens \(its token_hash is a secret, never exported\)/)).toBeTruthy();
    expect(screen.getByText(/Sign out and sign in again to open it\./)).toBeTruthy();
    const [call] = stub.callsTo(IMPORT);
    expect((call?.body as FormData).get('archive')).toBeInstanceOf(File);
  });

  it('shows why an archive was refused at once, and why an import failed later', async () => {
    stubFetch({
      [IMPORT]: {
        status: 400,
        body: {
          code: 'data_import.unknown_version',
          error: "This archive's format version 9 is not one Keel can import.",
        },
      },
      [IMPORTS]: {
        body: {
          data: [
            importOf({
              status: 'failed',
              error: { code: 'data_import.bad_json', message: 'data/todos.json is not valid JSON (end of data).' },
            }),
          ],
        },
      },
    });
    renderWithToasts(<DataImportSection />);
    expect(
      await screen.findByText('data/todos.json is not valid JSON (end of data). Nothing of “Acme” was kept.'),
    ).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Export archive (.zip, up to 2 GB)'), zip());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText("This archive's format version 9 is not one Keel can import.")).toBeTruthy();
  });

  it('says the invitations wait when the server sends no mail', async () => {
    stubFetch({
      [IMPORTS]: {
        body: {
          data: [importOf({ status: 'done', result: { ...RESULT, invitationsMailed: false, filesMissing: 1 } })],
        },
      },
    });
    renderWithToasts(<DataImportSection />);
    expect(
      await screen.findByText(/5 invitations are waiting for its former members: this server sends no mail/),
    ).toBeTruthy();
    expect(screen.getByText(/1 file the export could not read is missing\./)).toBeTruthy();
  });
});
