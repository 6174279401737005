import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SystemHealth } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import SystemHealthPage from './SystemHealthPage';

const path = `/organizations/${ORG_ID}/system-health`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const health = (overrides: Partial<SystemHealth> = {}): SystemHealth => ({
  checkedAt: new Date().toISOString(),
  version: '1.4.2',
  uptimeSeconds: 3 * 86_400 + 4 * 3_600 + 5 * 60,
  database: {
    level: 'green',
    reason: 'Answers in 2 ms',
    reachable: true,
    latencyMs: 2.4,
    kind: 'embedded',
    sizeBytes: 42 * 1024 * 1024,
  },
  mail: {
    level: 'amber',
    reason: '3 mails are waiting for the mail server',
    mode: 'smtp',
    lastDeliveryAt: minutesAgo(5),
    queued: 3,
    failed: 0,
  },
  jobs: { level: 'green', reason: 'Jobs start on time', depth: 4, oldestWaitingAt: minutesAgo(2), failed: 2 },
  storage: {
    level: 'red',
    reason: 'Less than 1% of the disk is free',
    freeBytes: 512 * 1024 * 1024,
    totalBytes: 120 * 1024 ** 3,
  },
  backups: { level: 'green', reason: 'Backed up today', applies: true, lastBackupAt: minutesAgo(60), kept: 7 },
  realtime: { level: 'green', reason: 'Live updates are on', connections: 12 },
  ...overrides,
});

const card = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest<HTMLElement>('div.grid')!;

signedInForEachTest();
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('SystemHealthPage', () => {
  it('shows each part with its level in words, the reason and its figures, with version and uptime', async () => {
    stubFetch(teamFrameRoutes({}, { [`GET ${path}`]: { body: { data: health() } } }));
    renderPage(<SystemHealthPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'System health' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Database' });

    const database = within(card('Database'));
    expect(database.getByText('Healthy')).toBeTruthy();
    expect(database.getByText('Answers in 2 ms')).toBeTruthy();
    expect(database.getByText('2.4 ms')).toBeTruthy();
    expect(database.getByText('42 MB')).toBeTruthy();
    expect(database.getByText('Embedded (inside the server)')).toBeTruthy();

    const mail = within(card('Mail'));
    expect(mail.getByText('Needs attention')).toBeTruthy();
    expect(mail.getByText('5 minutes ago')).toBeTruthy();
    expect(mail.getByText('3 mails are waiting for the mail server')).toBeTruthy();

    const storage = within(card('File storage'));
    expect(storage.getByText('Not working')).toBeTruthy();
    expect(storage.getByText('512 MB')).toBeTruthy();
    expect(storage.getByText('120 GB')).toBeTruthy();

    const jobs = within(card('Job queue'));
    expect(jobs.getByText('4')).toBeTruthy();
    expect(jobs.getByRole('link', { name: 'See the failed operations' }).getAttribute('href')).toBe(
      '/admin/failed-operations',
    );
    expect(within(card('Backups')).getByText('1 hour ago')).toBeTruthy();
    expect(within(card('Live connections')).getByText('12')).toBeTruthy();

    expect(screen.getByText('Version 1.4.2')).toBeTruthy();
    expect(screen.getByText('Up for 3 days 4 hours')).toBeTruthy();
    expect(screen.getByText(/^Checked (just now|1 second ago)$/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Not working: File storage. Needs attention: Mail.');
  });

  it('says every part is healthy, and that backups are the PostgreSQL operator’s on PostgreSQL', async () => {
    const green = { level: 'green' as const, reason: 'Fine' };
    stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${path}`]: {
            body: {
              data: health({
                mail: { ...health().mail, ...green },
                storage: { ...health().storage, ...green },
                database: { ...health().database, kind: 'postgresql', sizeBytes: null, latencyMs: null },
                backups: { ...green, applies: false, lastBackupAt: null, kept: 0 },
              }),
            },
          },
        },
      ),
    );
    renderPage(<SystemHealthPage />);
    expect(await screen.findByText('Every part is healthy.')).toBeTruthy();
    expect(screen.getAllByText('Healthy')).toHaveLength(6);
    expect(within(card('Database')).getByText('PostgreSQL server')).toBeTruthy();
    expect(within(card('Database')).getAllByText(/^Not (known|measured)$/)).toHaveLength(2);
    expect(within(card('Backups')).getByText(/backed up by its own operator/)).toBeTruthy();
  });

  it('asks again every 10 seconds, on Refresh, and counts the seconds since the last check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(teamFrameRoutes({}, { [`GET ${path}`]: { body: { data: health() } } }));
    renderPage(<SystemHealthPage />);
    await screen.findByRole('heading', { level: 2, name: 'Database' });
    expect(calls.callsTo(`GET ${path}`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText(/^Checked [56] seconds ago$/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_500));
    await waitFor(() => expect(calls.callsTo(`GET ${path}`)).toHaveLength(2));
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.callsTo(`GET ${path}`)).toHaveLength(3));
  });

  it("shows the server's message when health cannot be read, and keeps the last figures when a later check fails", async () => {
    const calls = stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${path}`]: [
            {
              status: 403,
              body: { error: 'Only administrators and owners can see this', code: 'auth.admin_required' },
            },
            { body: { data: health() } },
            { status: 503, body: { error: 'The server is restarting', code: 'server.unavailable' } },
          ],
        },
      ),
    );
    renderPage(<SystemHealthPage />);
    expect(await screen.findByText('Only administrators and owners can see this')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 2, name: 'Database' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText(
        'The last check failed: The server is restarting. The figures below are from the check before.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Database' })).toBeTruthy();
    expect(calls.callsTo(`GET ${path}`)).toHaveLength(3);
  });

  it('shows a spinner while the first check runs', async () => {
    stubFetch(teamFrameRoutes({}, { [`GET ${path}`]: () => new Promise(() => undefined) }));
    renderPage(<SystemHealthPage />);
    expect((await screen.findByText('Loading the system health…')).closest('[role="status"]')).toBeTruthy();
  });
});
