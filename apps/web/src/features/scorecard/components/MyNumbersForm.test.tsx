import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import {
  MEASURABLE_ID,
  OTHER_MEASURABLE_ID,
  makeCell,
  makeMeasurable,
  makeMyNumber,
  measurablesPath,
  myNumbersReply,
} from '../measurables-test-data';
import { MyNumbersForm } from './MyNumbersForm';

signedInForEachTest();

const myNumbersPath = `GET /organizations/${ORG_ID}/scorecard/my-numbers`;
const scorePath = (id: string) => `PUT ${measurablesPath}/${id}/scores/2026-11-23`;
const revenue = makeMeasurable();
const conversion = makeMeasurable({
  id: OTHER_MEASURABLE_ID,
  title: 'Conversion',
  unit: 'percent',
  goal: { operator: '>=', value: 20, valueMax: null, band: null },
});
const written = (id: string, value: number, version: number) => ({
  body: {
    data: { measurableId: id, cell: makeCell('2026-11-23', { value, status: 'green', source: 'entered', version }) },
  },
});

function show(routes: Record<string, unknown>) {
  const stub = stubFetch(teamFrameRoutes({}, routes));
  renderWithToasts(<MyNumbersForm />);
  return { stub, user: userEvent.setup() };
}

describe('MyNumbersForm', () => {
  it('lists each number with its goal and what is saved, one field each', async () => {
    show({
      [myNumbersPath]: myNumbersReply([
        makeMyNumber(revenue, { value: 42, status: 'red', version: 2 }),
        makeMyNumber(conversion),
      ]),
    });
    const field = await screen.findByLabelText('Revenue');
    expect((field as HTMLInputElement).value).toBe('42');
    expect(screen.getByText(/Goal ≥ 50 · saved: 42 \(misses the goal\)/)).toBeTruthy();
    expect(screen.getByText(/Goal ≥ 20% · saved: nothing yet/)).toBeTruthy();
    expect(screen.getByText('1 number is still missing.')).toBeTruthy();
  });

  it('shows what cannot be read on its own field and sends nothing', async () => {
    const { stub, user } = show({
      [myNumbersPath]: myNumbersReply([makeMyNumber(revenue), makeMyNumber(conversion)]),
    });
    await user.type(await screen.findByLabelText('Revenue'), 'lots');
    await user.type(screen.getByLabelText('Conversion'), '50%%');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(await screen.findByText(/Type a number/)).toBeTruthy();
    expect(screen.getByText(/Type a percentage/)).toBeTruthy();
    expect(screen.getByLabelText('Revenue').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Conversion').getAttribute('aria-invalid')).toBe('true');
    expect(stub.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves every changed number in its unit, with the version it was based on', async () => {
    const { stub, user } = show({
      [myNumbersPath]: myNumbersReply([
        makeMyNumber(revenue, { value: 42, status: 'red', version: 2 }),
        makeMyNumber(conversion),
      ]),
      [scorePath(MEASURABLE_ID)]: written(MEASURABLE_ID, 55, 3),
      [scorePath(OTHER_MEASURABLE_ID)]: written(OTHER_MEASURABLE_ID, 25, 1),
    });
    const revenueField = await screen.findByLabelText('Revenue');
    await user.clear(revenueField);
    await user.type(revenueField, '55');
    await user.type(screen.getByLabelText('Conversion'), '25%');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    await waitFor(() => expect(stub.callsTo(scorePath(OTHER_MEASURABLE_ID))).toHaveLength(1));
    expect(stub.callsTo(scorePath(MEASURABLE_ID))[0]?.body).toEqual({ value: 55, version: 2 });
    expect(stub.callsTo(scorePath(OTHER_MEASURABLE_ID))[0]?.body).toEqual({ value: 25, version: 0 });
    expect(await screen.findByText('2 numbers saved')).toBeTruthy();
  });

  it('saves one number on its own', async () => {
    const { stub, user } = show({
      [myNumbersPath]: myNumbersReply([makeMyNumber(revenue), makeMyNumber(conversion)]),
      [scorePath(OTHER_MEASURABLE_ID)]: written(OTHER_MEASURABLE_ID, 25, 1),
    });
    await user.type(await screen.findByLabelText('Conversion'), '25');
    await user.type(screen.getByLabelText('Revenue'), 'not yet');
    await user.click(screen.getByRole('button', { name: 'Save Conversion' }));
    await waitFor(() => expect(stub.callsTo(scorePath(OTHER_MEASURABLE_ID))).toHaveLength(1));
    expect(stub.callsTo(scorePath(MEASURABLE_ID))).toHaveLength(0);
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('explains a number someone else saved meanwhile, and replaces it only when saved again', async () => {
    const { stub, user } = show({
      [myNumbersPath]: [
        myNumbersReply([makeMyNumber(revenue)]),
        myNumbersReply([makeMyNumber(revenue, { value: 61, status: 'green', version: 1 })]),
      ],
      [scorePath(MEASURABLE_ID)]: [
        { status: 409, body: { error: 'Someone else saved this cell', code: 'scorecard.stale_score' } },
        written(MEASURABLE_ID, 58, 2),
      ],
    });
    await user.type(await screen.findByLabelText('Revenue'), '58');
    await user.click(screen.getByRole('button', { name: 'Save Revenue' }));
    expect(await screen.findByText('Someone else saved this number meanwhile')).toBeTruthy();
    expect(await screen.findByText(/It is now 61/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Revenue').value).toBe('58');
    await user.click(screen.getByRole('button', { name: 'Save Revenue' }));
    await waitFor(() => expect(stub.callsTo(scorePath(MEASURABLE_ID))).toHaveLength(2));
    expect(stub.callsTo(scorePath(MEASURABLE_ID)).map((call) => call.body)).toEqual([
      { value: 58, version: 0 },
      { value: 58, version: 1 },
    ]);
  });

  it('shows computed numbers without a field', async () => {
    show({
      [myNumbersPath]: myNumbersReply([
        makeMyNumber(makeMeasurable({ kind: 'formula', title: 'Profit' }), { value: 7 }),
      ]),
    });
    const item = (await screen.findByText('Profit')).closest('li');
    expect(within(item!).getByText(/It is computed, not typed/)).toBeTruthy();
    expect(within(item!).queryByRole('textbox')).toBeNull();
  });

  it('says so when there is nothing to enter', async () => {
    show({ [myNumbersPath]: myNumbersReply([]) });
    expect(await screen.findByText('You have no numbers to enter for this period.')).toBeTruthy();
  });
});
