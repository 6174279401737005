import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINOLOGY_DEFAULTS, type Todo } from '@keel/contract';
import { useSession } from '../../../../lib/session-store';
import { stubFetch, type StubCall } from '../../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../../test-utils/fixtures';
import { renderWithToasts } from '../../../../test-utils/render';
import { DEPT, pageReply, signedInForEachTest, teamFrameRoutes } from '../../../../test-utils/team-stubs';
import { formatDueDate } from '../../../todos/todo-dates';
import { makeMeeting } from '../live/live-test-data';
import { TodosSection } from './TodosSection';

const ME = makeUser().id;
const base = `/organizations/${ORG_ID}/todos`;
// The meeting started on Thursday 26 November 2026; the organization's weeks run Monday 23 to Sunday 29.
const meeting = makeMeeting();

let sequence = 0;
const todo = (overrides: Partial<Todo>): Todo => {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `To-do ${sequence}`,
    details: '',
    ownerId: ME,
    owner: { id: ME, name: 'Ada Lovelace' },
    teamId: DEPT,
    isPrivate: false,
    dueDate: '2026-11-27',
    status: 'open',
    doneAt: null,
    source: null,
    groupId: null,
    createdById: ME,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
};

const overdue = todo({ title: 'Fix the roof', dueDate: '2026-11-20', owner: { id: ME, name: 'Grace Hopper' } });
const dueFriday = todo({ title: 'Call the bank', dueDate: '2026-11-27' });
const nextWeek = todo({ title: 'Plan the party', dueDate: '2026-12-02' });
const doneThisWeek = todo({
  title: 'Send the invoices',
  dueDate: '2026-11-24',
  status: 'done',
  doneAt: '2026-11-24T15:00:00.000Z',
});
const doneInMeeting = todo({
  title: 'Renew the lease',
  dueDate: '2026-11-10',
  status: 'done',
  doneAt: '2026-11-26T10:01:00.000Z',
});
const doneLongAgo = todo({
  title: 'Order chairs',
  dueDate: '2026-11-10',
  status: 'done',
  doneAt: '2026-11-12T09:00:00.000Z',
});

/** One list route answering the open and the done list by the status asked for. */
const lists =
  (open: Todo[], done: Todo[]) =>
  ({ url }: StubCall) =>
    pageReply(new URL(url, 'http://localhost').searchParams.get('status') === 'done' ? done : open);

function routes(overrides: Record<string, unknown> = {}) {
  return teamFrameRoutes(
    {},
    {
      [`GET /terminology/organizations/${ORG_ID}`]: {
        body: { ...TERMINOLOGY_DEFAULTS, todos_label: 'Commitments', todo_singular: 'Commitment' },
      },
      [`GET ${base}`]: lists([overdue, dueFriday, nextWeek], [doneInMeeting, doneThisWeek, doneLongAgo]),
      ...overrides,
    },
  );
}

const render = () => renderWithToasts(<TodosSection meeting={meeting} large={false} canLead />);

signedInForEachTest();

describe('TodosSection', () => {
  it('lists the to-dos due by the end of the meeting’s week, overdue and done here included, with owner and due date', async () => {
    const stub = stubFetch(routes());
    render();
    const list = await screen.findByRole('list', { name: 'Commitments' });
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('button')[0]?.textContent);
    expect(titles).toEqual(['Renew the lease', 'Fix the roof', 'Send the invoices', 'Call the bank']);
    expect(within(list).getByText('Grace Hopper')).toBeTruthy();
    expect(within(list).getByText(/Overdue/)).toBeTruthy();
    expect(screen.getByText('2 of 4 Commitments done')).toBeTruthy();
    expect(screen.getByRole('heading', { name: `Commitments due by ${formatDueDate('2026-11-29')}` })).toBeTruthy();
    const urls = stub.callsTo(`GET ${base}`).map((call) => new URL(call.url, 'http://localhost').searchParams);
    expect(urls.map((query) => [query.get('teamId'), query.get('status'), query.get('sort')])).toEqual(
      expect.arrayContaining([
        [DEPT, 'open', 'due'],
        [DEPT, 'done', 'created'],
      ]),
    );
  });

  it('marks a to-do done and not done in place, naming the version it saw', async () => {
    // The server as it changes: the to-do done here leaves the open list for the done one.
    const completed: Todo = { ...dueFriday, status: 'done', doneAt: '2026-11-26T10:05:00.000Z', version: 2 };
    let open = [overdue, dueFriday, nextWeek];
    let done = [doneInMeeting, doneThisWeek, doneLongAgo];
    const stub = stubFetch(
      routes({
        [`GET ${base}`]: (call: StubCall) => lists(open, done)(call),
        [`POST ${base}/${dueFriday.id}/complete`]: () => {
          open = open.filter((item) => item.id !== dueFriday.id);
          done = [completed, ...done];
          return { body: { data: completed } };
        },
        [`POST ${base}/${doneThisWeek.id}/reopen`]: {
          body: { data: { ...doneThisWeek, status: 'open', doneAt: null, version: 2 } },
        },
      }),
    );
    const user = userEvent.setup();
    render();
    const markDone = await screen.findByRole('checkbox', { name: 'Mark Call the bank as done' });
    await user.click(markDone);
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${dueFriday.id}/complete`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${dueFriday.id}/complete`)[0]?.body).toEqual({ version: 1 });
    // It stays listed, now done, before and after the lists come back.
    expect(await screen.findByRole('checkbox', { name: 'Mark Call the bank as not done' })).toBeTruthy();
    expect(screen.getByText('3 of 4 Commitments done')).toBeTruthy();
    await waitFor(() => expect(stub.callsTo(`GET ${base}`).length).toBeGreaterThanOrEqual(4));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Mark Call the bank as not done' })).toHaveProperty('checked', true),
    );
    expect(screen.getByText('3 of 4 Commitments done')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Mark Send the invoices as not done' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${doneThisWeek.id}/reopen`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${doneThisWeek.id}/reopen`)[0]?.body).toEqual({ version: 1 });
  });

  it('offers no selection boxes (no bulk actions here) and lets an observer only read', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    stubFetch(routes());
    render();
    const list = await screen.findByRole('list', { name: 'Commitments' });
    expect(within(list).queryByRole('checkbox', { name: /^Select/ })).toBeNull();
    expect(within(list).getByRole('checkbox', { name: 'Mark Call the bank as done' })).toHaveProperty('disabled', true);
  });

  it('explains a refused change and offers to reload', async () => {
    stubFetch(
      routes({
        [`POST ${base}/${dueFriday.id}/complete`]: {
          status: 409,
          body: { error: 'Stale', code: 'todos.stale_version' },
        },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'Mark Call the bank as done' }));
    expect(await screen.findByText('Someone else changed this Commitment')).toBeTruthy();
    // The row is put back as it was.
    expect(screen.getByRole('checkbox', { name: 'Mark Call the bank as done' })).toHaveProperty('checked', false);
  });

  it('shows the empty and the error states', async () => {
    stubFetch(routes({ [`GET ${base}`]: lists([nextWeek], [doneLongAgo]) }));
    render();
    expect(await screen.findByText('No Commitments are due by the end of this week.')).toBeTruthy();
    cleanup();
    stubFetch(routes({ [`GET ${base}`]: { status: 500, body: { error: 'Boom', code: 'server.error' } } }));
    render();
    expect(await screen.findByText('Boom')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
