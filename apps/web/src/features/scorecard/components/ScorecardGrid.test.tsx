import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, signedInForEachTest } from '../../../test-utils/team-stubs';
import DepartmentScorecardPage from '../pages/DepartmentScorecardPage';
import {
  base,
  CALLS,
  cell,
  GRID,
  gridBody,
  makeGrid,
  REVENUE,
  revenueRow,
  scorecardRoutes,
  WEEKS,
  written,
} from '../scorecard-test-data';

signedInForEachTest();

const render = () =>
  renderWithToasts(<DepartmentScorecardPage />, {
    route: '/departments/:departmentId/scorecard',
    path: `/departments/${DEPT}/scorecard`,
  });

/** The period cells of a measurable's row, in display order. */
async function cellsOf(title: string) {
  const grid = await screen.findByRole('grid');
  const row = within(grid).getByRole('button', { name: title }).closest('tr');
  if (!row) throw new Error(`no row ${title}`);
  return [...row.querySelectorAll<HTMLElement>('td[data-c]')];
}
async function cellOf(title: string, column: number) {
  const found = (await cellsOf(title))[column];
  if (!found) throw new Error(`no cell ${column} of ${title}`);
  return found;
}

const put = (id: string, week: string) => `PUT ${base}/measurables/${id}/scores/${week}`;

describe('the scorecard grid: keyboard', () => {
  it('types a number into the focused cell, saves it with the version it saw and moves down on Enter', async () => {
    const saved = cell(WEEKS[2], { value: 42, status: 'red', source: 'entered', version: 1 });
    const after = makeGrid({
      rows: makeGrid().rows.map((row) =>
        row.measurable.id === REVENUE
          ? { ...row, cells: row.cells.map((item) => (item.periodStart === WEEKS[2] ? saved : item)) }
          : row,
      ),
    });
    const stub = stubFetch(
      scorecardRoutes({
        [GRID]: [{ body: gridBody(makeGrid()) }, { body: gridBody(after) }],
        [put(REVENUE, WEEKS[2])]: written(REVENUE, WEEKS[2], { value: 42, status: 'red', version: 1 }),
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await cellOf('Revenue', 2));
    await user.keyboard('42');
    const input = screen.getByRole('textbox', { name: /Revenue/ });
    expect((input as HTMLInputElement).value).toBe('42');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stub.callsTo(put(REVENUE, WEEKS[2]))).toHaveLength(1));
    expect(stub.callsTo(put(REVENUE, WEEKS[2]))[0]?.body).toEqual({ value: 42, version: 0 });
    expect(document.activeElement).toBe(await cellOf('Calls', 2));
    await waitFor(async () => expect((await cellOf('Revenue', 2)).textContent).toContain('42'));
  });

  it('moves with the arrows, saves and moves right with Tab, left with Shift+Tab, and cancels with Escape', async () => {
    const stub = stubFetch(
      scorecardRoutes({
        [put(CALLS, WEEKS[0])]: written(CALLS, WEEKS[0], { value: 3, status: 'green', version: 1 }),
        [put(CALLS, WEEKS[1])]: written(CALLS, WEEKS[1], { value: 4, status: 'green', version: 1 }),
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await cellOf('Revenue', 2));
    await user.keyboard('{ArrowDown}{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(await cellOf('Calls', 0));
    await user.keyboard('3{Tab}');
    expect(document.activeElement).toBe(await cellOf('Calls', 1));
    await user.keyboard('4{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(await cellOf('Calls', 0));
    await user.keyboard('{F2}');
    // Editing with F2, the arrows move the caret and stay in the cell.
    await user.keyboard('9{ArrowLeft}');
    expect(screen.getByRole('textbox', { name: /Calls/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /Calls/ })).toBeNull();
    await waitFor(() => expect(stub.callsTo(put(CALLS, WEEKS[1]))).toHaveLength(1));
    expect(stub.callsTo(put(CALLS, WEEKS[0])).map((call) => call.body)).toEqual([{ value: 3, version: 0 }]);
    expect(stub.callsTo(put(CALLS, WEEKS[1]))[0]?.body).toEqual({ value: 4, version: 0 });
  });

  it('saves and moves with an arrow key after typing, as a spreadsheet does', async () => {
    const stub = stubFetch(
      scorecardRoutes({ [put(CALLS, WEEKS[2])]: written(CALLS, WEEKS[2], { value: 2, status: 'green', version: 1 }) }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await cellOf('Calls', 2));
    await user.keyboard('2{ArrowUp}');
    expect(document.activeElement).toBe(await cellOf('Revenue', 2));
    await waitFor(() => expect(stub.callsTo(put(CALLS, WEEKS[2]))).toHaveLength(1));
    expect(stub.callsTo(put(CALLS, WEEKS[2]))[0]?.body).toEqual({ value: 2, version: 0 });
  });

  it('keeps a refused entry in the cell with its message and sends nothing', async () => {
    const stub = stubFetch(scorecardRoutes());
    const user = userEvent.setup();
    render();
    await user.click(await cellOf('Revenue', 2));
    await user.keyboard('lots{Enter}');
    const input = screen.getByRole('textbox', { name: /Revenue/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByRole('alert');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(message.textContent).toMatch(/number/i);
    expect(stub.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('clears a cell with Delete and puts the number back from the toast’s Undo', async () => {
    const stub = stubFetch(
      scorecardRoutes({
        [put(REVENUE, WEEKS[1])]: [
          written(REVENUE, WEEKS[1], { value: null, version: 2 }),
          written(REVENUE, WEEKS[1], { value: 50, status: 'red', version: 3 }),
        ],
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await cellOf('Revenue', 1));
    await user.keyboard('{Delete}');
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(stub.callsTo(put(REVENUE, WEEKS[1]))).toHaveLength(2));
    expect(stub.callsTo(put(REVENUE, WEEKS[1])).map((call) => call.body)).toEqual([
      { value: null, version: 1 },
      { value: 50, version: 2 },
    ]);
  });

  it('explains a conflict with both numbers and overwrites with the version it now knows', async () => {
    const theirs = makeGrid({
      rows: [
        {
          ...revenueRow,
          cells: revenueRow.cells.map((item) =>
            item.periodStart === WEEKS[2]
              ? cell(WEEKS[2], { value: 77, status: 'red', source: 'entered', version: 4 })
              : item,
          ),
        },
      ],
    });
    const stub = stubFetch(
      scorecardRoutes({
        [GRID]: [{ body: gridBody(makeGrid()) }, { body: gridBody(theirs) }],
        [put(REVENUE, WEEKS[2])]: [
          { status: 409, body: { error: 'Someone else saved this cell', code: 'scorecard.stale_version' } },
          written(REVENUE, WEEKS[2], { value: 130, status: 'green', version: 5 }),
        ],
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await cellOf('Revenue', 2));
    await user.keyboard('130{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this number first' });
    expect(await within(dialog).findByText('77')).toBeTruthy();
    expect(within(dialog).getByText('130')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(stub.callsTo(put(REVENUE, WEEKS[2]))).toHaveLength(2));
    expect(stub.callsTo(put(REVENUE, WEEKS[2]))[1]?.body).toEqual({ value: 130, version: 4 });
  });
});

/** A paste as the browser delivers it to a focused, non-editable cell: at the document. */
function paste(target: HTMLElement, text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  target.dispatchEvent(event);
}

describe('the scorecard grid: clipboard', () => {
  it('pastes a column from a spreadsheet down from the active cell in one request', async () => {
    const stub = stubFetch(scorecardRoutes({ [`POST ${base}/scorecard/scores`]: { body: { data: [] } } }));
    const user = userEvent.setup();
    render();
    const start = await cellOf('Revenue', 2);
    await user.click(start);
    paste(start, '105\n4\n');
    await waitFor(() => expect(stub.callsTo(`POST ${base}/scorecard/scores`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/scorecard/scores`)[0]?.body).toEqual({
      scores: [
        { measurableId: REVENUE, periodStart: WEEKS[2], value: 105, version: 0 },
        { measurableId: CALLS, periodStart: WEEKS[2], value: 4, version: 0 },
      ],
    });
  });

  it('refuses a paste with an unreadable cell or one that lands on a computed row, naming the cell', async () => {
    const stub = stubFetch(scorecardRoutes());
    const user = userEvent.setup();
    render();
    const start = await cellOf('Revenue', 1);
    await user.click(start);
    paste(start, '105\nten');
    expect(await screen.findByText(/Nothing was pasted\. Calls, .*:/)).toBeTruthy();
    paste(start, '1\n2\n3');
    expect(await screen.findByText(/Nothing was pasted\. Done on time, .*to-dos/)).toBeTruthy();
    expect(stub.callsTo(`POST ${base}/scorecard/scores`)).toHaveLength(0);
  });

  it('copies the selected cells as tab-separated text', async () => {
    stubFetch(scorecardRoutes());
    const user = userEvent.setup();
    render();
    const start = await cellOf('Revenue', 0);
    await user.click(start);
    await user.keyboard('{Shift>}{ArrowRight}{ArrowDown}{/Shift}');
    const copied: string[] = [];
    const event = new Event('copy', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', {
      value: { setData: (_type: string, text: string) => copied.push(text) },
    });
    (document.activeElement as HTMLElement).dispatchEvent(event);
    expect(copied).toEqual(['120\t50\n\t']);
  });
});
