import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataIsolationReport } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import DataIsolationPage from './DataIsolationPage';

const runs = `/organizations/${ORG_ID}/data-isolation/runs`;
const RAN_AT = '2026-03-02T09:30:00.000Z';

const report = (overrides: Partial<DataIsolationReport> = {}): DataIsolationReport => ({
  ranAt: new Date().toISOString(),
  passed: true,
  checks: [
    {
      key: 'app_role_cannot_bypass',
      passed: true,
      detail: 'keel_app has no BYPASSRLS',
      ranAt: RAN_AT,
      durationMs: 3.2,
    },
    { key: 'tables_force_rls', passed: true, detail: '24 of 24 tables force RLS', ranAt: RAN_AT, durationMs: 12 },
    {
      key: 'other_tenant_sees_nothing',
      passed: true,
      detail: 'Read as another organization: 0 rows',
      ranAt: RAN_AT,
      durationMs: 41,
    },
  ],
  tablesChecked: 24,
  rowsProtected: 1234,
  refusals: [
    {
      at: new Date(Date.now() - 60_000).toISOString(),
      method: 'GET',
      route: '/api/v1/organizations/:organizationId/todos',
      direction: 'outgoing',
    },
    {
      at: new Date(Date.now() - 120_000).toISOString(),
      method: 'PUT',
      route: '/api/v1/organizations/:organizationId/issues/:issueId',
      direction: 'incoming',
    },
  ],
  ...overrides,
});

signedInForEachTest();
afterEach(() => vi.restoreAllMocks());

describe('DataIsolationPage', () => {
  it('runs the checks once when it opens and shows each one with its detail, time and duration', async () => {
    const calls = stubFetch(teamFrameRoutes({}, { [`POST ${runs}`]: { body: { data: report() } } }));
    renderPage(<DataIsolationPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Data isolation' })).toBeTruthy();
    expect(await screen.findByText('All checks passed: no other organization can see your data.')).toBeTruthy();
    expect(calls.callsTo(`POST ${runs}`)).toHaveLength(1);

    const checks = within(screen.getByRole('list', { name: 'Checks' })).getAllByRole('listitem');
    expect(checks.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'The application cannot bypass row-level security',
      'Every organization table forces row-level security',
      'Another organization sees none of your rows',
    ]);
    expect(checks.every((item) => within(item).queryByText('Passed') !== null)).toBe(true);
    expect(within(checks[0]!).getByText('keel_app has no BYPASSRLS')).toBeTruthy();
    expect(within(checks[0]!).getByText(/took 3\.2 ms/)).toBeTruthy();
    expect(
      within(checks[0]!)
        .getByText(/^Ran at/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe(RAN_AT);
    expect(screen.getByText('24 tables checked')).toBeTruthy();
    expect(screen.getByText('1,234 rows protected')).toBeTruthy();

    const refusals = within(screen.getByRole('table', { name: 'Refused requests, newest first' }));
    expect(refusals.getByText('Someone here named another organization')).toBeTruthy();
    expect(refusals.getByText('Someone elsewhere named this organization')).toBeTruthy();
    expect(refusals.getByText('/api/v1/organizations/:organizationId/todos')).toBeTruthy();
    expect(refusals.getByText('1 minute ago')).toBeTruthy();
  });

  it('runs again on demand, and says plainly when a check fails', async () => {
    const failing = report({
      passed: false,
      checks: [
        ...report().checks.slice(0, 2),
        {
          key: 'other_tenant_sees_nothing',
          passed: false,
          detail: 'Read as another organization: 3 rows of todos',
          ranAt: RAN_AT,
          durationMs: 40,
        },
      ],
      refusals: [],
    });
    const calls = stubFetch(
      teamFrameRoutes({}, { [`POST ${runs}`]: [{ body: { data: report() } }, { body: { data: failing } }] }),
    );
    renderPage(<DataIsolationPage />);
    await screen.findByText('All checks passed: no other organization can see your data.');
    await userEvent.click(screen.getByRole('button', { name: 'Run the checks' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^1 check of 3 failed\./);
    expect(calls.callsTo(`POST ${runs}`)).toHaveLength(2);
    const last = within(screen.getByRole('list', { name: 'Checks' })).getAllByRole('listitem')[2]!;
    expect(within(last).getByText('Failed')).toBeTruthy();
    expect(within(last).getByText('Read as another organization: 3 rows of todos')).toBeTruthy();
    expect(screen.getByText('No request has named another organization since the server last started.')).toBeTruthy();
  });

  it("shows a spinner while the checks run, then the server's message when they cannot run", async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    const calls = stubFetch(
      teamFrameRoutes(
        {},
        {
          [`POST ${runs}`]: () =>
            new Promise<{ status: number; body: unknown }>((resolve) => {
              answer = resolve;
            }),
        },
      ),
    );
    renderPage(<DataIsolationPage />);
    expect((await screen.findByText('Running the checks…')).closest('[role="status"]')).toBeTruthy();
    answer({
      status: 403,
      body: { error: 'Only administrators and owners can run these checks', code: 'auth.admin_required' },
    });
    expect(await screen.findByText('Only administrators and owners can run these checks')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.callsTo(`POST ${runs}`)).toHaveLength(2));
  });

  it('lists refusals as cards on a phone', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stubFetch(teamFrameRoutes({}, { [`POST ${runs}`]: { body: { data: report() } } }));
    renderPage(<DataIsolationPage />);
    const cards = await screen.findByRole('list', { name: 'Refused requests' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('GET /api/v1/organizations/:organizationId/todos')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
