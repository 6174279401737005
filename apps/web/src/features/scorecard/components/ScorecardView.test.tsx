import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, signedInForEachTest } from '../../../test-utils/team-stubs';
import DepartmentScorecardPage from '../pages/DepartmentScorecardPage';
import {
  base,
  callsRow,
  GRID,
  gridBody,
  makeGrid,
  measurable,
  REVENUE,
  revenueRow,
  scorecardRoutes,
} from '../scorecard-test-data';

signedInForEachTest();

const render = (query = '') =>
  renderWithToasts(<DepartmentScorecardPage />, {
    route: '/departments/:departmentId/scorecard',
    path: `/departments/${DEPT}/scorecard${query}`,
  });

const periodHeaders = async () =>
  [...(await screen.findByRole('grid')).querySelectorAll('thead th')].map((header) => header.textContent ?? '');

const rowOf = async (title: string) => {
  const row = within(await screen.findByRole('grid'))
    .getByRole('button', { name: title })
    .closest('tr');
  if (!row) throw new Error(`no row ${title}`);
  return row;
};

describe('the scorecard page', () => {
  it('colours cells with words as well as colour, and explains a cell in its popover on focus', async () => {
    stubFetch(scorecardRoutes());
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('heading', { name: 'Numbers', level: 1 })).toBeTruthy();
    const cells = [...(await rowOf('Revenue')).querySelectorAll<HTMLElement>('td[data-c]')];
    expect(cells[0]?.className).toContain('bg-green-100');
    expect(cells[0]?.getAttribute('aria-label')).toBe('120, meets the goal, has a note');
    expect(cells[1]?.className).toContain('bg-red-100');
    expect(cells[1]?.getAttribute('aria-label')).toBe('50, misses the goal');
    expect(cells[2]?.className).toContain('bg-slate-100');
    expect(cells[2]?.getAttribute('aria-label')).toBe('missing');
    expect(cells.map((item) => item.dataset.status)).toEqual(['green', 'red', 'missing']);

    await user.click(cells[0] as HTMLElement);
    const popover = await screen.findByRole('tooltip');
    expect(popover.textContent).toContain('≥ 90');
    expect(popover.textContent).toContain('The goal in force when this number was entered.');
    expect(popover.textContent).toContain('by Ada Lovelace');
    expect(popover.textContent).toContain('Big order from Acme');
    expect(within(popover).getByRole('button', { name: 'Edit note' })).toBeTruthy();
  });

  it('marks the current period, shows the average under the view’s label and the total', async () => {
    stubFetch(scorecardRoutes());
    render();
    const headers = await periodHeaders();
    expect(headers.at(-2)).toBe('13-Week Average');
    expect(headers.at(-1)).toBe('Total');
    const current = (await screen.findByRole('grid')).querySelector('th[aria-current="date"]');
    expect(current?.textContent).toContain('current period');
    expect(within(await rowOf('Revenue')).getByText('170')).toBeTruthy();
  });

  it('shows the newest period first and no total when the person prefers so', async () => {
    stubFetch(scorecardRoutes({}, { scorecard_rtl: true, scorecard_show_total: false }));
    render();
    await waitFor(async () => expect((await periodHeaders()).at(-1)).toBe('13-Week Average'));
    const grid = await screen.findByRole('grid');
    const firstPeriod = grid.querySelectorAll('thead th')[2];
    expect(firstPeriod?.getAttribute('aria-current')).toBe('date');
    const first = (await rowOf('Revenue')).querySelector('td[data-c="0"]');
    expect(first?.getAttribute('aria-label')).toBe('missing');
  });

  it('asks for the view with the terminology’s labels and sends it', async () => {
    const stub = stubFetch(scorecardRoutes());
    const user = userEvent.setup();
    render();
    await screen.findByRole('grid');
    await user.selectOptions(screen.getByLabelText('Period view'), 'Quarter Average');
    await waitFor(() => expect(stub.calls.some((call) => call.url.includes('view=current_quarter'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    await waitFor(() => expect(stub.calls.some((call) => call.url.includes('frequency=monthly'))).toBe(true));
  });

  it('lets an observer read but not change anything', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    const stub = stubFetch(scorecardRoutes({ [GRID]: { body: gridBody(makeGrid({ canEdit: false })) } }));
    const user = userEvent.setup();
    render();
    const cell = (await rowOf('Calls')).querySelector<HTMLElement>('td[data-c="2"]');
    await user.click(cell as HTMLElement);
    await user.keyboard('5{Enter}');
    expect(screen.queryByRole('textbox', { name: /Calls/ })).toBeNull();
    expect(await screen.findByText('You can read this scorecard but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add measurable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Calls' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reorder Calls' })).toBeNull();
    expect(stub.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('locks computed rows with the reason', async () => {
    stubFetch(scorecardRoutes());
    const user = userEvent.setup();
    render();
    expect(within(await rowOf('Done on time')).getByText('From the to-dos: read-only')).toBeTruthy();
    await user.click((await rowOf('Done on time')).querySelector<HTMLElement>('td[data-c="2"]') as HTMLElement);
    await user.keyboard('7');
    expect(await screen.findByText('Computed from the to-dos; it cannot be typed.')).toBeTruthy();
  });

  it('invites to add the first measurable when there is none', async () => {
    stubFetch(scorecardRoutes({ [GRID]: { body: gridBody(makeGrid({ rows: [] })) } }));
    render();
    expect(await screen.findByText(/No measurables yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add the first measurable' })).toBeTruthy();
  });

  it('says why the grid failed and tries again', async () => {
    const stub = stubFetch(scorecardRoutes({ [GRID]: { status: 500, body: { error: 'Boom', code: 'server.error' } } }));
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Boom')).toBeTruthy();
    const before = stub.callsTo(GRID).length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stub.callsTo(GRID).length).toBeGreaterThan(before));
  });

  it('filters by owner', async () => {
    stubFetch(scorecardRoutes());
    const user = userEvent.setup();
    render();
    await screen.findByRole('grid');
    await user.selectOptions(screen.getByLabelText('Owner'), 'Bob Moses');
    expect(within(screen.getByRole('grid')).queryByRole('button', { name: 'Revenue' })).toBeNull();
    expect(within(screen.getByRole('grid')).getByRole('button', { name: 'Calls' })).toBeTruthy();
  });

  it('opens on the first empty cell of my own for the current period with ?enter=mine', async () => {
    stubFetch(scorecardRoutes());
    render('?enter=mine');
    await waitFor(async () =>
      expect(document.activeElement).toBe((await rowOf('Revenue')).querySelector('td[data-c="2"]')),
    );
  });

  it('collapses a group and moves a row with Alt+ArrowDown, announcing it', async () => {
    const group = { id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', teamId: DEPT, name: 'Sales', position: 0, version: 1 };
    const grouped = { ...callsRow, measurable: measurable({ ...callsRow.measurable, groupId: group.id }) };
    const grid = makeGrid({ groups: [group], rows: [revenueRow, grouped] });
    const stub = stubFetch(
      scorecardRoutes({
        [GRID]: { body: gridBody(grid) },
        [`POST ${base}/measurables/${REVENUE}/move`]: { body: { data: {} } },
      }),
    );
    const user = userEvent.setup();
    render();
    const toggle = await screen.findByRole('button', { name: 'Sales (1 measurable)' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(screen.getByRole('grid')).queryByRole('button', { name: 'Calls' })).toBeNull();
    await user.click(toggle);
    fireEvent.keyDown(within(screen.getByRole('grid')).getByRole('button', { name: 'Revenue' }), {
      key: 'ArrowDown',
      altKey: true,
    });
    await waitFor(() => expect(stub.callsTo(`POST ${base}/measurables/${REVENUE}/move`)).toHaveLength(1));
    expect(screen.getByText('Revenue moved to position 1 in group Sales.')).toBeTruthy();
    expect(stub.callsTo(`POST ${base}/measurables/${REVENUE}/move`)[0]?.body).toEqual({ groupId: group.id, index: 0 });
  });
});

describe('roll-ups', () => {
  it('are read-only and show their parts, with their own teams and owners, on expand', async () => {
    const rollup = {
      ...revenueRow,
      measurable: measurable({ id: '12121212-1212-4212-8212-121212121212', title: 'Group revenue', kind: 'rollup' }),
      parts: [
        {
          measurableId: '13131313-1313-4313-8313-131313131313',
          title: 'Revenue north',
          teamId: '14141414-1414-4414-8414-141414141414',
          teamName: 'North',
          ownerName: 'Bob Moses',
          cells: [{ periodStart: '2026-11-09', value: 70, status: 'green' as const }],
        },
      ],
    };
    stubFetch(scorecardRoutes({ [GRID]: { body: gridBody(makeGrid({ rows: [rollup] })) } }));
    const user = userEvent.setup();
    render();
    const row = await rowOf('Group revenue');
    expect(within(row).getByText('Roll-up: read-only')).toBeTruthy();
    const expand = within(row).getByRole('button', { name: 'Show 1 part' });
    await user.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    const part = screen.getByText('Revenue north').closest('tr');
    expect(part?.textContent).toContain('North · Bob Moses');
    expect(part?.querySelector('td[data-status="green"]')?.getAttribute('aria-label')).toBe('70, meets the goal');
  });
});
