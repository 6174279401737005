import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, signedInForEachTest } from '../../../test-utils/team-stubs';
import DepartmentScorecardPage from '../pages/DepartmentScorecardPage';
import { base, REVENUE, scorecardRoutes, WEEKS, written } from '../scorecard-test-data';

signedInForEachTest();
afterEach(() => vi.restoreAllMocks());

const render = (query = '') =>
  renderWithToasts(<DepartmentScorecardPage />, {
    route: '/departments/:departmentId/scorecard',
    path: `/departments/${DEPT}/scorecard${query}`,
  });

const titles = async () =>
  within(await screen.findByRole('grid'))
    .getAllByRole('button')
    .filter((button) => button.dataset.action === 'trend')
    .map((button) => button.textContent);

describe('the scorecard page’s actions', () => {
  it('adds a group for the team', async () => {
    const stub = stubFetch(
      scorecardRoutes({
        [`POST ${base}/measurable-groups`]: {
          status: 201,
          body: {
            data: { id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', teamId: DEPT, name: 'Sales', position: 0, version: 1 },
          },
        },
      }),
    );
    const user = userEvent.setup();
    render();
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), 'Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/measurable-groups`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/measurable-groups`)[0]?.body).toEqual({ teamId: DEPT, name: 'Sales' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New group' })).toBeNull());
  });

  it('downloads the current view as .xlsx under the server’s file name', async () => {
    const stub = stubFetch(
      scorecardRoutes({
        [`GET ${base}/scorecard/export`]: {
          body: 'xlsx',
          headers: { 'Content-Disposition': 'attachment; filename="Numbers Operations.xlsx"' },
        },
      }),
    );
    const created = vi.fn(() => 'blob:scorecard');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    localStorage.setItem('accessToken', 'token-a');
    const user = userEvent.setup();
    render();
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(clicked).toEqual(['Numbers Operations.xlsx']));
    const call = stub.calls.find((candidate) => candidate.path === `${base}/scorecard/export`);
    expect(call?.url).toContain(`teamId=${DEPT}`);
    expect(call?.url).toContain('view=13_week_rolling');
    expect(call?.headers.get('Authorization')).toBe('Bearer token-a');
    localStorage.removeItem('accessToken');
  });

  it('writes a note on the active cell with Shift+F2, keeping its number', async () => {
    const stub = stubFetch(
      scorecardRoutes({
        [`PUT ${base}/measurables/${REVENUE}/scores/${WEEKS[1]}`]: written(REVENUE, WEEKS[1], {
          value: 50,
          status: 'red',
          note: 'Holiday week',
          version: 2,
        }),
      }),
    );
    const user = userEvent.setup();
    render();
    const row = within(await screen.findByRole('grid'))
      .getByRole('button', { name: 'Revenue' })
      .closest('tr');
    await user.click(row?.querySelector('td[data-c="1"]') as HTMLElement);
    await user.keyboard('{Shift>}{F2}{/Shift}');
    const dialog = await screen.findByRole('dialog', { name: 'Note' });
    await user.type(within(dialog).getByLabelText('Note'), 'Holiday week');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(stub.callsTo(`PUT ${base}/measurables/${REVENUE}/scores/${WEEKS[1]}`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${base}/measurables/${REVENUE}/scores/${WEEKS[1]}`)[0]?.body).toEqual({
      value: 50,
      note: 'Holiday week',
      version: 1,
    });
  });

  it('puts the person’s own numbers first within each group', async () => {
    stubFetch(scorecardRoutes());
    const user = userEvent.setup();
    render();
    expect(await titles()).toEqual(['Revenue', 'Calls', 'Done on time']);
    await user.click(screen.getByRole('checkbox', { name: 'My numbers first' }));
    // Ada owns Revenue and Done on time; Bob owns Calls.
    expect(await titles()).toEqual(['Revenue', 'Done on time', 'Calls']);
  });

  it('shows the plain form of my numbers on a phone opened from the reminder link', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const stub = stubFetch(
      scorecardRoutes({ [`GET ${base}/scorecard/my-numbers`]: { body: { data: [], missing: 0 } } }),
    );
    const user = userEvent.setup();
    render('?enter=mine');
    const whole = await screen.findByRole('button', { name: 'Show the whole Numbers' });
    expect(screen.queryByRole('grid')).toBeNull();
    await waitFor(() => expect(stub.calls.some((call) => call.path === `${base}/scorecard/my-numbers`)).toBe(true));
    await user.click(whole);
    expect(await screen.findByRole('grid')).toBeTruthy();
  });
});
