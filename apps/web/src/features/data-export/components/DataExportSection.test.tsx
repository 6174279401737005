import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataExport } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { DataExportSection } from './DataExportSection';

signedInForEachTest();

const EXPORTS = `/organizations/${ORG_ID}/data-exports`;
const ID = '55555555-5555-4555-8555-555555555555';
const makeExport = (overrides: Partial<DataExport> = {}): DataExport => ({
  id: ID,
  status: 'ready',
  stepsDone: 40,
  stepsTotal: 40,
  bytes: 5 * 1024 * 1024,
  error: null,
  requestedByName: 'Ada Lovelace',
  createdAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  ...overrides,
});

describe('DataExportSection', () => {
  it('starts an export, shows its progress, and downloads it once ready', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const stub = stubFetch({
      [`GET ${EXPORTS}`]: [
        { body: { data: [] } },
        { body: { data: [makeExport({ status: 'running', stepsDone: 3, stepsTotal: 40, bytes: null })] } },
        { body: { data: [makeExport()] } },
      ],
      [`POST ${EXPORTS}`]: { status: 202, body: { data: makeExport({ status: 'queued', bytes: null }) } },
      [`GET ${EXPORTS}/${ID}/archive`]: {
        body: 'zip',
        headers: { 'Content-Disposition': 'attachment; filename="keel-export.zip"' },
      },
    });
    renderWithToasts(<DataExportSection />);
    expect(await screen.findByText('No export made yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(await screen.findByText('Being made: 3 of 40 parts', {}, { timeout: 5000 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Exports' }, { timeout: 5000 });
    await waitFor(() => expect(within(list).getByText('Ready, 5 MB')).toBeTruthy(), { timeout: 5000 });
    await userEvent.click(within(list).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(stub.callsTo(`GET ${EXPORTS}/${ID}/archive`)).toHaveLength(1));
  });

  it('says why an export failed', async () => {
    stubFetch({
      [`GET ${EXPORTS}`]: {
        body: { data: [makeExport({ status: 'failed', error: 'The export stopped: disk full' })] },
      },
    });
    renderWithToasts(<DataExportSection />);
    expect(await screen.findByText('The export stopped: disk full')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
