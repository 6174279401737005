import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, type Todo } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, makeDepartment, pageReply, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import { localToday } from '../todo-dates';
import DepartmentTodosPage from './DepartmentTodosPage';

const SALES = '44444444-4444-4444-8444-444444444444';
const ME = makeUser().id;
const base = `/organizations/${ORG_ID}/todos`;
const today = localToday();

const todo = (overrides: Partial<Todo>): Todo => ({
  id: '55555555-5555-4555-8555-555555555555',
  title: 'Call the bank',
  details: '',
  ownerId: ME,
  owner: { id: ME, name: 'Ada Lovelace' },
  teamId: DEPT,
  isPrivate: false,
  dueDate: addDays(today, 3),
  status: 'open',
  doneAt: null,
  source: null,
  groupId: null,
  createdById: ME,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});
const overdue = todo({
  id: '66666666-6666-4666-8666-666666666666',
  title: '<b>Fix</b> the roof',
  dueDate: addDays(today, -2),
});
const dueToday = todo({ id: '77777777-7777-4777-8777-777777777777', title: 'Pay rent', dueDate: today });
const later = todo({});

const page = (items: Todo[]) => pageReply(items);
const listKey = `GET ${base}`;

function routes(overrides: Record<string, unknown> = {}) {
  return teamFrameRoutes(
    { departments: [makeDepartment(DEPT, 'Operations'), makeDepartment(SALES, 'Sales')] },
    {
      [`GET ${base}/completion-rate`]: {
        body: {
          data: {
            weekStart: today,
            weekEnd: addDays(today, 6),
            team: { due: 4, doneOnTime: 3, rate: 75 },
            people: [{ owner: { id: ME, name: 'Ada Lovelace' }, due: 4, doneOnTime: 3, rate: 75 }],
          },
        },
      },
      'GET /user/ui-state/selected_todo_ids': { body: { data: null } },
      'PUT /user/ui-state/selected_todo_ids': { body: { data: {} } },
      [listKey]: page([overdue, dueToday, later]),
      ...overrides,
    },
  );
}

const render = () =>
  renderWithToasts(<DepartmentTodosPage />, {
    route: '/departments/:departmentId/todos',
    path: `/departments/${DEPT}/todos`,
  });

signedInForEachTest();

describe('DepartmentTodosPage', () => {
  it('lists the department’s to-dos with owner and due dates told in words and colour, titles as text', async () => {
    const stub = stubFetch(routes());
    render();
    const list = await screen.findByRole('list', { name: 'Tasks' });
    expect(within(list).getByText('<b>Fix</b> the roof')).toBeTruthy();
    expect(
      within(list)
        .getByText(/^Overdue/)
        .getAttribute('data-due-state'),
    ).toBe('overdue');
    expect(
      within(list)
        .getByText(/^Due today/)
        .getAttribute('data-due-state'),
    ).toBe('today');
    expect(within(list).getAllByText('Ada Lovelace').length).toBe(3);
    expect(screen.getByRole('heading', { name: 'Tasks' })).toBeTruthy();
    expect(await screen.findByText(/Team: 75%/)).toBeTruthy();
    expect(stub.callsTo(listKey).length).toBeGreaterThan(0);
    const urls = stub.fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
    expect(urls.find((input) => input.includes('/todos?'))).toContain(`teamId=${DEPT}`);
  });

  it('shows the empty state', async () => {
    stubFetch(routes({ [listKey]: page([]) }));
    render();
    expect(await screen.findByText(/No Tasks yet/)).toBeTruthy();
  });

  it('shows an error with a retry when the list fails', async () => {
    stubFetch(routes({ [listKey]: { status: 500, body: { error: 'Boom', code: 'server.error' } } }));
    render();
    expect(await screen.findByText('Boom')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('ticks a to-do done at once and sends its version', async () => {
    let release: () => void = () => undefined;
    const stub = stubFetch(
      routes({
        [`POST ${base}/${later.id}/complete`]: () =>
          new Promise((resolve) => {
            release = () => resolve({ body: { data: { ...later, status: 'done', version: 2 } } });
          }),
      }),
    );
    const user = userEvent.setup();
    render();
    const box = await screen.findByRole('checkbox', { name: 'Mark Call the bank as done' });
    await user.click(box);
    expect(await screen.findByRole('checkbox', { name: 'Mark Call the bank as not done' })).toBeTruthy();
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${later.id}/complete`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${later.id}/complete`)[0]?.body).toEqual({ version: 1 });
    release();
  });

  it('puts the row back on a 409 and offers to reload', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${base}/${later.id}/complete`]: {
          status: 409,
          body: { error: 'Someone else changed this to-do', code: 'todo.stale_version' },
        },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'Mark Call the bank as done' }));
    expect(await screen.findByText('Someone else changed this Task')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Mark Call the bank as done' })).toBeTruthy();
    const before = stub.callsTo(listKey).length;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(stub.callsTo(listKey).length).toBeGreaterThan(before));
    expect(screen.queryByText('Someone else changed this Task')).toBeNull();
  });

  it('creates a to-do due in 7 days for the chosen owners', async () => {
    const stub = stubFetch(routes({ [`POST ${base}`]: { status: 201, body: { data: [later] } } }));
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole('form', { name: 'New Task' });
    expect(within(form).getByLabelText<HTMLInputElement>('Due date').value).toBe(addDays(today, 7));
    await user.type(within(form).getByLabelText('Title'), 'Order chairs');
    await user.click(within(form).getByLabelText('Private (only the owner sees it)'));
    await user.click(within(form).getByRole('button', { name: 'Add Task' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}`)[0]?.body).toEqual({
      title: 'Order chairs',
      ownerIds: [ME],
      teamId: DEPT,
      dueDate: addDays(today, 7),
      isPrivate: true,
    });
  });

  it('refuses an empty title without calling the server', async () => {
    const stub = stubFetch(routes());
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole('form', { name: 'New Task' });
    await user.click(within(form).getByRole('button', { name: 'Add Task' }));
    expect(within(form).getByText('Title is required')).toBeTruthy();
    expect(stub.callsTo(`POST ${base}`)).toHaveLength(0);
  });

  it('restores the saved selection and saves changes debounced with a one-day expiry', async () => {
    const stub = stubFetch(
      routes({
        'GET /user/ui-state/selected_todo_ids': {
          body: {
            data: {
              key: 'selected_todo_ids',
              stateValue: [later.id],
              expiresAt: null,
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          },
        },
      }),
    );
    const user = userEvent.setup();
    render();
    const restored = await screen.findByRole('checkbox', { name: 'Select Call the bank' });
    await waitFor(() => expect((restored as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText('1 selected')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select Pay rent' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Call the bank' }));
    expect(stub.callsTo('PUT /user/ui-state/selected_todo_ids')).toHaveLength(0);
    await waitFor(() => expect(stub.callsTo('PUT /user/ui-state/selected_todo_ids')).toHaveLength(1), {
      timeout: 2000,
    });
    expect(stub.callsTo('PUT /user/ui-state/selected_todo_ids')[0]?.body).toEqual({
      stateValue: [dueToday.id],
      expiresIn: 86400,
    });
  });

  it('completes the selection in bulk and undoes it from the toast', async () => {
    const undo = { action: 'complete', ids: [later.id] };
    const stub = stubFetch(
      routes({
        [`POST ${base}/bulk`]: { body: { data: { changedIds: [later.id], undo } } },
        [`POST ${base}/bulk/undo`]: { body: { data: { changedIds: [later.id] } } },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Call the bank' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected Tasks' });
    await user.click(within(toolbar).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/bulk`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/bulk`)[0]?.body).toEqual({ action: 'complete', ids: [later.id] });
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/bulk/undo`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/bulk/undo`)[0]?.body).toEqual(undo);
  });

  it('moves the selection to another department', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${base}/bulk`]: {
          body: { data: { changedIds: [later.id], undo: { action: 'move', moves: [{ id: later.id, teamId: DEPT }] } } },
        },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Call the bank' }));
    await user.selectOptions(screen.getByLabelText('Move to'), SALES);
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/bulk`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/bulk`)[0]?.body).toEqual({ action: 'move', ids: [later.id], teamId: SALES });
  });

  it('edits in a dialog with the version and explains a conflict', async () => {
    const stub = stubFetch(
      routes({
        [`PATCH ${base}/${later.id}`]: [
          { status: 409, body: { error: 'stale', code: 'todo.stale_version' } },
          { body: { data: later } },
        ],
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Call the bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Call the bank twice');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo(`PATCH ${base}/${later.id}`)).toHaveLength(1));
    expect(stub.callsTo(`PATCH ${base}/${later.id}`)[0]?.body).toMatchObject({
      version: 1,
      title: 'Call the bank twice',
    });
    expect(await within(dialog).findByText('Someone else changed this Task')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('lets an observer read but not change', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    stubFetch(routes());
    render();
    await screen.findByRole('list', { name: 'Tasks' });
    expect(screen.queryByRole('form', { name: 'New Task' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Mark Call the bank as done' }).disabled).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Select Call the bank' })).toBeNull();
  });
});
