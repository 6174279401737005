import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeasurableHistory } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import { MEASURABLE_ID, emulateSelectSize, makeCell, makeMeasurable, measurablesPath } from '../measurables-test-data';
import { TrendDialog } from './TrendDialog';

signedInForEachTest();
emulateSelectSize();

const measurable = makeMeasurable({
  goal: { operator: '>=', value: 50, valueMax: null, band: { kind: 'percent', amount: 10 } },
});
const week = (start: string, end: string) => ({ start, end, isCurrent: false });
const history: MeasurableHistory = {
  measurable,
  periods: [week('2026-11-02', '2026-11-08'), week('2026-11-09', '2026-11-15'), week('2026-11-16', '2026-11-22')],
  cells: [
    makeCell('2026-11-02', {
      value: 45,
      status: 'green',
      goal: { operator: '>=', value: 40, valueMax: null, band: null },
      goalSource: 'snapshot',
      version: 1,
    }),
    makeCell('2026-11-09', { value: 30, status: 'red', note: 'Holiday week', version: 1 }),
  ],
  periodGoals: [
    {
      measurableId: MEASURABLE_ID,
      periodStart: '2026-11-16',
      goal: { operator: '>=', value: 80, valueMax: null, band: null },
    },
  ],
};
const historyPath = `GET ${measurablesPath}/${MEASURABLE_ID}/history`;
const goalPath = (periodStart: string) => `${measurablesPath}/${MEASURABLE_ID}/goals/${periodStart}`;

function open(routes: Record<string, unknown> = {}, canEdit = true) {
  const stub = stubFetch(teamFrameRoutes({}, { [historyPath]: { body: { data: history } }, ...routes }));
  renderWithToasts(<TrendDialog measurable={measurable} canEdit={canEdit} onClose={vi.fn()} />);
  return { stub, user: userEvent.setup() };
}

describe('TrendDialog', () => {
  it('shows the history as a table: value, the goal in force (a period’s own marked), notes', async () => {
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Trend of Revenue' });
    await user.click(await within(dialog).findByRole('button', { name: 'Show as a table' }));
    const table = within(dialog).getByRole('table', { name: 'Values of Revenue by period, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['—', '30', '45']);
    expect(within(rows[2]!).getByText('≥ 40')).toBeTruthy();
    expect(within(rows[1]!).getByText('Holiday week')).toBeTruthy();
    expect(within(rows[0]!).getByText('≥ 80 (this period)')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Show as a chart' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('reads a custom range from the history', async () => {
    const { stub, user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Trend of Revenue' });
    await user.selectOptions(await within(dialog).findByLabelText('Range'), 'custom');
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2025-01-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2025-06-30' } });
    await waitFor(() =>
      expect(stub.calls.map((call) => call.url)).toContain(
        `${measurablesPath}/${MEASURABLE_ID}/history?from=2025-01-01&to=2025-06-30`,
      ),
    );
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2024-06-30' } });
    expect(await within(dialog).findByText('The first date must not be after the last')).toBeTruthy();
  });

  it('plans one goal for several periods at once, keeping the usual yellow band', async () => {
    const { stub, user } = open({
      [`PUT ${goalPath('2026-11-09')}`]: { body: { data: history.periodGoals[0] } },
      [`PUT ${goalPath('2026-11-16')}`]: { body: { data: history.periodGoals[0] } },
    });
    const form = await screen.findByRole('form', { name: 'Set a goal for periods' });
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(3));
    await user.selectOptions(within(form).getByLabelText('From period'), '2026-11-09');
    const count = within(form).getByLabelText('Number of periods');
    await user.clear(count);
    await user.type(count, '2');
    await user.type(within(form).getByLabelText('Goal'), '70');
    await user.click(within(form).getByRole('button', { name: 'Set the goal' }));
    expect(await screen.findByText('Goal set for 2 periods')).toBeTruthy();
    const goal = { operator: '>=', value: 70, valueMax: null, band: { kind: 'percent', amount: 10 } };
    expect(stub.callsTo(`PUT ${goalPath('2026-11-09')}`)[0]?.body).toEqual({ goal });
    expect(stub.callsTo(`PUT ${goalPath('2026-11-16')}`)[0]?.body).toEqual({ goal });
  });

  it('refuses more periods than are offered after the chosen one', async () => {
    const { stub, user } = open();
    const form = await screen.findByRole('form', { name: 'Set a goal for periods' });
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(3));
    await user.selectOptions(within(form).getByLabelText('From period'), '2026-11-16');
    const count = within(form).getByLabelText('Number of periods');
    await user.clear(count);
    await user.type(count, '5');
    await user.type(within(form).getByLabelText('Goal'), '70');
    await user.click(within(form).getByRole('button', { name: 'Set the goal' }));
    expect(await within(form).findByText('Goals can be set here for 1 period from that one')).toBeTruthy();
    expect(stub.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('removes a period’s own goal', async () => {
    const { stub, user } = open({ [`DELETE ${goalPath('2026-11-16')}`]: { status: 204 } });
    const section = await screen.findByRole('region', { name: 'Goals by period' });
    await user.click(await within(section).findByRole('button', { name: /Remove the goal of/ }));
    await waitFor(() => expect(stub.callsTo(`DELETE ${goalPath('2026-11-16')}`)).toHaveLength(1));
  });

  it('drops the measurable onto the issues list in one click', async () => {
    const raised = { issueId: '00000000-0000-4000-8000-00000000abcd', teamId: measurable.teamId };
    const { stub, user } = open({
      [`POST ${measurablesPath}/${MEASURABLE_ID}/issue`]: { status: 201, body: { data: raised } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Trend of Revenue' });
    await user.click(within(dialog).getByRole('button', { name: /^Add to / }));
    await waitFor(() =>
      expect(stub.calls.map((call) => `${call.method} ${call.url}`)).toContain(
        `POST ${measurablesPath}/${MEASURABLE_ID}/issue`,
      ),
    );
    expect(await screen.findByText(/created: Revenue is off track/)).toBeTruthy();
  });

  it('does not offer observers to add to the issues list', async () => {
    open({}, false);
    const dialog = await screen.findByRole('dialog', { name: 'Trend of Revenue' });
    expect(within(dialog).queryByRole('button', { name: /^Add to / })).toBeNull();
  });
});
