import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataImportResult } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { DataImportSection } from './DataImportSection';

signedInForEachTest();

const IMPORT = 'POST /organizations/import';
const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'keel-export.zip', { type: 'application/zip' });
const RESULT: DataImportResult = {
  organizationId: '66666666-6666-4666-8666-666666666666',
  organizationName: 'Acme',
  rows: { todos: 40, teams: 2 },
  files: 3,
  peopleMatched: 4,
  peopleInvited: 1,
  notRestored: [{ table: 'refresh_tokens', reason: 'its token_hash is a secret, never exported' }],
};

describe('DataImportSection', () => {
  it('uploads the chosen archive and says what the new organization holds and how to open it', async () => {
    const stub = stubFetch({ [IMPORT]: { status: 201, body: { data: RESULT } } });
    renderWithToasts(<DataImportSection />);
    const button = screen.getByRole('button', { name: 'Import' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.upload(screen.getByLabelText('Export archive (.zip, up to 2 GB)'), zip());
    await userEvent.click(button);
    expect(
      await screen.findByText(/“Acme” was imported as a new organization that you own: 42 rows, 3 files, 4 people/),
    ).toBeTruthy();
    expect(screen.getByText(/refresh_tokens \(its token_hash is a secret, never exported\)/)).toBeTruthy();
    expect(screen.getByText(/Sign out and sign in again to open it\./)).toBeTruthy();
    const [call] = stub.callsTo(IMPORT);
    expect((call?.body as FormData).get('archive')).toBeInstanceOf(File);
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations).toEqual([]);
  });

  it('shows why an archive was refused', async () => {
    stubFetch({
      [IMPORT]: {
        status: 400,
        body: {
          code: 'data_import.unknown_version',
          error: "This archive's format version 9 is not one Keel can import.",
        },
      },
    });
    renderWithToasts(<DataImportSection />);
    await userEvent.upload(screen.getByLabelText('Export archive (.zip, up to 2 GB)'), zip());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText("This archive's format version 9 is not one Keel can import.")).toBeTruthy();
  });
});
