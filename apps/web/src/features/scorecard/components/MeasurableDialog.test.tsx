import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CURRENCY_CODE_MESSAGE, GOAL_BOUNDS_MESSAGE, type Measurable } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import {
  DEPT,
  departmentsReply,
  makeDepartment,
  signedInForEachTest,
  teamFrameRoutes,
} from '../../../test-utils/team-stubs';
import {
  MEASURABLE_ID,
  OTHER_MEASURABLE_ID,
  emulateSelectSize,
  makeMeasurable,
  measurablesPath,
} from '../measurables-test-data';
import { MeasurableDialog } from './MeasurableDialog';

signedInForEachTest();
emulateSelectSize();

const costs = makeMeasurable({ id: OTHER_MEASURABLE_ID, title: 'Costs', version: 1 });

function open(measurable: Measurable | null, routes: Record<string, unknown> = {}, team: Measurable[] = []) {
  const stub = stubFetch(teamFrameRoutes({}, { [`GET ${measurablesPath}`]: { body: { data: team } }, ...routes }));
  const onClose = vi.fn();
  renderWithToasts(
    <MeasurableDialog teamId={DEPT} frequency="weekly" measurable={measurable} groups={[]} onClose={onClose} />,
  );
  return { stub, onClose, user: userEvent.setup() };
}

/** The dialog once its form is there (it waits for the people picker's choices). */
async function dialog(name: string) {
  const view = await screen.findByRole('dialog', { name });
  await within(view).findByLabelText('Title');
  return view;
}

describe('MeasurableDialog', () => {
  it('refuses a between goal whose upper bound is below the lower one, and sends nothing', async () => {
    const { stub, user } = open(null);
    const view = await dialog('New measurable');
    await user.type(within(view).getByLabelText('Title'), 'Calls');
    await user.selectOptions(within(view).getByLabelText('Goal is met when the value is'), 'between');
    await user.type(within(view).getByLabelText('From'), '20');
    await user.type(within(view).getByLabelText('To'), '10');
    await user.click(within(view).getByRole('button', { name: 'Add measurable' }));
    expect(await within(view).findByText(GOAL_BOUNDS_MESSAGE)).toBeTruthy();
    expect(within(view).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(stub.callsTo(`POST ${measurablesPath}`)).toHaveLength(0);
  });

  it('asks for a three-letter currency code', async () => {
    const { stub, user } = open(null);
    const view = await dialog('New measurable');
    await user.type(within(view).getByLabelText('Title'), 'Revenue');
    await user.selectOptions(within(view).getByLabelText('Unit'), 'currency');
    await user.type(within(view).getByLabelText('Currency code'), 'US');
    await user.click(within(view).getByRole('button', { name: 'Add measurable' }));
    expect(await within(view).findByText(CURRENCY_CODE_MESSAGE)).toBeTruthy();
    expect(stub.callsTo(`POST ${measurablesPath}`)).toHaveLength(0);
  });

  it('names a formula’s unknown title on the formula field', async () => {
    const { stub, user } = open(null, {}, [makeMeasurable(), costs]);
    const view = await dialog('New measurable');
    await user.type(within(view).getByLabelText('Title'), 'Profit');
    await user.selectOptions(within(view).getByLabelText('Values'), 'formula');
    const formula = within(view).getByLabelText('Formula');
    // "[" opens a key descriptor in user-event: type the brackets doubled.
    await user.type(formula, '[[Revnue] - [[Costs]');
    await user.click(within(view).getByRole('button', { name: 'Add measurable' }));
    expect(await within(view).findByText(/Revnue/)).toBeTruthy();
    expect(formula.getAttribute('aria-invalid')).toBe('true');
    expect(stub.callsTo(`POST ${measurablesPath}`)).toHaveLength(0);
  });

  it('stores a formula with ids, inserting a measurable from the picker', async () => {
    const created = makeMeasurable({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', title: 'Profit', kind: 'formula' });
    const { stub, user, onClose } = open(
      null,
      { [`POST ${measurablesPath}`]: { status: 201, body: { data: created } } },
      [makeMeasurable(), costs],
    );
    const view = await dialog('New measurable');
    await user.type(within(view).getByLabelText('Title'), 'Profit');
    await user.selectOptions(within(view).getByLabelText('Values'), 'formula');
    await user.selectOptions(within(view).getByLabelText('Insert a measurable'), 'Revenue');
    await user.type(within(view).getByLabelText('Formula'), ' - ');
    await user.selectOptions(within(view).getByLabelText('Insert a measurable'), 'Costs');
    expect(within(view).getByLabelText<HTMLTextAreaElement>('Formula').value).toBe('[Revenue] - [Costs]');
    await user.click(within(view).getByRole('button', { name: 'Add measurable' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(stub.callsTo(`POST ${measurablesPath}`)[0]?.body).toMatchObject({
      teamId: DEPT,
      kind: 'formula',
      frequency: 'weekly',
      formula: `{${MEASURABLE_ID}} - {${OTHER_MEASURABLE_ID}}`,
    });
  });

  it('reads the goal in the unit and says when a cell turns green', async () => {
    const created = makeMeasurable({ title: 'Conversion' });
    const { stub, user, onClose } = open(null, {
      [`POST ${measurablesPath}`]: { status: 201, body: { data: created } },
    });
    const view = await dialog('New measurable');
    await user.type(within(view).getByLabelText('Title'), 'Conversion');
    await user.selectOptions(within(view).getByLabelText('Unit'), 'percent');
    await user.selectOptions(within(view).getByLabelText('Goal is met when the value is'), '>=');
    await user.type(within(view).getByLabelText('Goal'), '50%');
    await user.selectOptions(within(view).getByLabelText('Yellow band'), 'percent');
    await user.type(within(view).getByLabelText('Band (percent of the goal)'), '10');
    expect(within(view).getByText(/Green when ≥ 50%/)).toBeTruthy();
    await user.click(within(view).getByRole('button', { name: 'Add measurable' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(stub.callsTo(`POST ${measurablesPath}`)[0]?.body).toMatchObject({
      title: 'Conversion',
      unit: 'percent',
      goal: { operator: '>=', value: 50, valueMax: null, band: { kind: 'percent', amount: 10 } },
    });
  });

  it('rolls up measurables of other teams, listed by team, and asks for at least one', async () => {
    const sales = '66666666-6666-4666-8666-666666666666';
    const salesRevenue = makeMeasurable({
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      teamId: sales,
      title: 'Revenue',
    });
    const created = makeMeasurable({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', title: 'Company revenue' });
    const { stub, user, onClose } = open(
      null,
      {
        'GET /users/departments': departmentsReply([
          makeDepartment(DEPT, 'Operations'),
          makeDepartment(sales, 'Sales'),
        ]),
        [`POST ${measurablesPath}`]: { status: 201, body: { data: created } },
      },
      [makeMeasurable(), salesRevenue],
    );
    const view = await dialog('New measurable');
    await user.type(within(view).getByLabelText('Title'), 'Company revenue');
    await user.selectOptions(within(view).getByLabelText('Values'), 'rollup');
    await user.click(within(view).getByRole('button', { name: 'Add measurable' }));
    expect(await within(view).findByText('Choose at least one measurable to combine')).toBeTruthy();
    const salesGroup = await within(view).findByRole('group', { name: 'Sales' });
    await user.click(within(salesGroup).getByRole('checkbox', { name: /Revenue/ }));
    await user.click(within(view).getByRole('checkbox', { name: /Revenue/, checked: false }));
    await user.selectOptions(within(view).getByLabelText('Combine them by'), 'average');
    await user.click(within(view).getByRole('button', { name: 'Add measurable' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(stub.callsTo(`POST ${measurablesPath}`)[0]?.body).toMatchObject({
      kind: 'rollup',
      rollup: { aggregation: 'average', partIds: [salesRevenue.id, MEASURABLE_ID] },
    });
  });

  it('proposes percent and a 90% goal for to-do completion', async () => {
    const { user } = open(null);
    const view = await dialog('New measurable');
    await user.selectOptions(within(view).getByLabelText('Values'), 'todo_completion');
    expect(within(view).getByLabelText<HTMLInputElement>('Goal').value).toBe('90');
    expect(within(view).getByText(/Green when ≥ 90%/)).toBeTruthy();
  });

  it('puts the server’s reasons on their fields, a formula cycle included', async () => {
    const path = `PATCH ${measurablesPath}/${MEASURABLE_ID}`;
    const { user } = open(
      makeMeasurable({ kind: 'formula', formula: `{${OTHER_MEASURABLE_ID}} * 2` }),
      {
        [path]: {
          status: 400,
          body: { error: 'This formula makes a loop: Revenue → Costs → Revenue', code: 'scorecard.formula_cycle' },
        },
      },
      [makeMeasurable({ kind: 'formula' }), costs],
    );
    const view = await dialog('Edit Revenue');
    expect(within(view).getByLabelText<HTMLTextAreaElement>('Formula').value).toBe('[Costs] * 2');
    await user.click(within(view).getByRole('button', { name: 'Save' }));
    expect(await within(view).findByText('This formula makes a loop: Revenue → Costs → Revenue')).toBeTruthy();
    expect(within(view).getByLabelText('Formula').getAttribute('aria-invalid')).toBe('true');
  });

  it('maps a detail path such as goal.value onto its field', async () => {
    const path = `PATCH ${measurablesPath}/${MEASURABLE_ID}`;
    const { user } = open(makeMeasurable(), {
      [path]: {
        status: 400,
        body: {
          error: 'Too high',
          code: 'validation.failed',
          details: [{ path: 'goal.value', message: 'That goal is out of range' }],
        },
      },
    });
    const view = await dialog('Edit Revenue');
    await user.click(within(view).getByRole('button', { name: 'Save' }));
    expect(await within(view).findByText('That goal is out of range')).toBeTruthy();
    expect(within(view).getByLabelText('Goal').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when someone else changed it, and reloads their version', async () => {
    const path = `PATCH ${measurablesPath}/${MEASURABLE_ID}`;
    const theirs = makeMeasurable({ title: 'Net revenue', version: 4 });
    const { user } = open(
      makeMeasurable(),
      { [path]: { status: 409, body: { error: 'Someone changed this measurable', code: 'scorecard.stale_version' } } },
      [theirs],
    );
    const view = await dialog('Edit Revenue');
    await user.click(within(view).getByRole('button', { name: 'Save' }));
    expect(await within(view).findByText('Someone else changed this measurable')).toBeTruthy();
    await user.click(within(view).getByRole('button', { name: 'Reload' }));
    expect(await dialog('Edit Net revenue')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Net revenue');
  });

  it('archives after a confirmation, naming the version it read', async () => {
    const path = `POST ${measurablesPath}/${MEASURABLE_ID}/archive`;
    const { stub, user, onClose } = open(makeMeasurable(), {
      [path]: { body: { data: makeMeasurable({ archivedAt: '2026-11-26T09:00:00.000Z', version: 4 }) } },
    });
    const view = await dialog('Edit Revenue');
    expect(within(view).getByText(/track another frequency with a new measurable/)).toBeTruthy();
    await user.click(within(view).getByRole('button', { name: 'Archive' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive Revenue?' });
    expect(stub.callsTo(path)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(stub.callsTo(path)[0]?.body).toEqual({ version: 3 });
  });
});
