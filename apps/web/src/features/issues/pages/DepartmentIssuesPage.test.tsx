import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, TERMINOLOGY_DEFAULTS, type Issue } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, makeDepartment, pageReply, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import { makeDocument } from '../../documents/test-data';
import { localToday } from '../../todos/todo-dates';
import { makeIssue } from '../issues-test-data';
import DepartmentIssuesPage from './DepartmentIssuesPage';

const SALES = '44444444-4444-4444-8444-444444444444';
const ME = makeUser().id;
const base = `/organizations/${ORG_ID}/issues`;
const listKey = `GET ${base}`;
const linkedDocuments = `GET /organizations/${ORG_ID}/linked-documents`;

const hiring = makeIssue({ priorityRank: 1, votes: 2 });
const roof = makeIssue({
  id: '66666666-6666-4666-8666-666666666666',
  title: '<b>Roof</b> leaks',
  position: 2,
  ownerId: null,
  owner: null,
});
const page = (items: Issue[]) => pageReply(items);

function routes(overrides: Record<string, unknown> = {}) {
  return teamFrameRoutes(
    { departments: [makeDepartment(DEPT, 'Operations'), makeDepartment(SALES, 'Sales')] },
    {
      [`GET /terminology/organizations/${ORG_ID}`]: {
        body: {
          ...TERMINOLOGY_DEFAULTS,
          issues_label: 'Barriers',
          issue_singular: 'Barrier',
          todos_label: 'Commitments',
          todo_singular: 'Commitment',
        },
      },
      [`GET ${base}/sent`]: page([]),
      [listKey]: page([hiring, roof]),
      [`GET ${base}/${hiring.id}/comments`]: { body: { data: [], page: { nextCursor: null } } },
      [`GET ${base}/${hiring.id}/attachments`]: { body: { data: [] } },
      [`GET ${base}/${hiring.id}/trail`]: { body: { data: [] } },
      [linkedDocuments]: { body: { data: [] } },
      ...overrides,
    },
  );
}

const render = () =>
  renderWithToasts(<DepartmentIssuesPage />, {
    route: '/departments/:departmentId/issues',
    path: `/departments/${DEPT}/issues`,
  });

signedInForEachTest();
afterEach(() => vi.restoreAllMocks());

const urlsOf = (stub: ReturnType<typeof stubFetch>) =>
  stub.fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));

describe('DepartmentIssuesPage', () => {
  it('lists the open short-term issues in the organization’s words, titles as text, with rank and votes', async () => {
    const stub = stubFetch(routes());
    render();
    const list = await screen.findByRole('list', { name: 'Barriers' });
    expect(within(list).getByText('<b>Roof</b> leaks')).toBeTruthy();
    expect(within(list).getByLabelText('Top 1')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Vote for Hiring is slow (2 votes)' })).toBeTruthy();
    expect(within(list).getByText('No owner')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Barriers' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New Barrier' })).toBeTruthy();
    const url = urlsOf(stub).find((input) => input.includes('/issues?'));
    expect(url).toContain(`teamId=${DEPT}`);
    expect(url).toContain('horizon=short_term');
    expect(url).toContain('status=open');
  });

  it('shows the empty and the error states', async () => {
    stubFetch(routes({ [listKey]: page([]) }));
    render();
    expect(await screen.findByText(/No open Barriers here/)).toBeTruthy();
    cleanup();
    stubFetch(routes({ [listKey]: { status: 500, body: { error: 'Boom', code: 'server.error' } } }));
    render();
    expect(await screen.findByText('Boom')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('ranks and votes with the version, and offers a reload on 409', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${base}/${roof.id}/rank`]: { status: 409, body: { error: 'Stale', code: 'issue.stale_version' } },
        [`POST ${base}/${hiring.id}/vote`]: { body: { data: { ...hiring, votes: 3, votedByMe: true } } },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Vote for Hiring is slow (2 votes)' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${hiring.id}/vote`)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Rank <b>Roof</b> leaks number 2' }));
    expect(stub.callsTo(`POST ${base}/${roof.id}/rank`)[0]?.body).toEqual({ version: 1, rank: 2 });
    expect(await screen.findByText('Someone else changed this Barrier')).toBeTruthy();
    const before = stub.callsTo(listKey).length;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(stub.callsTo(listKey).length).toBeGreaterThan(before));
  });

  it('reorders with the keyboard and sends the whole new order', async () => {
    // happy-dom lays nothing out: give each row of the list a 40px slot so dnd-kit can measure.
    const zero = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this.tagName !== 'LI' || !this.parentElement) return zero;
      const top = [...this.parentElement.children].indexOf(this) * 40;
      return { x: 0, y: top, top, left: 0, right: 500, bottom: top + 40, width: 500, height: 40, toJSON: () => ({}) };
    });
    const stub = stubFetch(routes({ [`POST ${base}/reorder`]: { body: { data: { ids: [roof.id, hiring.id] } } } }));
    const user = userEvent.setup();
    render();
    const handle = await screen.findByRole('button', { name: 'Reorder Hiring is slow' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(stub.callsTo(`POST ${base}/reorder`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/reorder`)[0]?.body).toEqual({
      teamId: DEPT,
      horizon: 'short_term',
      ids: [roof.id, hiring.id],
    });
  });

  it('creates an issue on the open tab’s list', async () => {
    const stub = stubFetch(routes({ [`POST ${base}`]: { status: 201, body: { data: hiring } } }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('tab', { name: 'Long-term' }));
    const form = screen.getByRole('form', { name: 'New Barrier' });
    await user.type(within(form).getByLabelText('Title'), 'Office too small');
    await user.click(within(form).getByRole('button', { name: 'Add Barrier' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}`)[0]?.body).toEqual({
      teamId: DEPT,
      title: 'Office too small',
      description: '',
      horizon: 'long_term',
    });
  });

  it('solves with a resolution and to-do rows due in 7 days', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${base}/${hiring.id}/solve`]: {
          body: {
            data: { ...hiring, status: 'solved', version: 2 },
            todoIds: ['77777777-7777-4777-8777-777777777777'],
          },
        },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Hiring is slow' }));
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog).getByRole('form', { name: 'Solve Barrier' });
    await user.type(within(form).getByLabelText('Resolution'), 'Use an agency');
    await user.click(within(form).getByRole('button', { name: 'Add Commitment' }));
    expect(within(form).getByLabelText<HTMLInputElement>('Commitment 1 due date').value).toBe(addDays(localToday(), 7));
    await user.type(within(form).getByLabelText('Commitment 1 title'), 'Call three agencies');
    await user.click(within(form).getByRole('button', { name: 'Mark solved' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${hiring.id}/solve`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${hiring.id}/solve`)[0]?.body).toEqual({
      version: 1,
      resolution: 'Use an agency',
      todos: [{ title: 'Call three agencies', ownerIds: [ME], dueDate: addDays(localToday(), 7) }],
    });
  });

  it('sends an issue to another team', async () => {
    const stub = stubFetch(
      routes({ [`POST ${base}/${hiring.id}/send`]: { body: { data: { ...hiring, teamId: SALES, version: 2 } } } }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Hiring is slow' }));
    const form = within(await screen.findByRole('dialog')).getByRole('form', { name: 'Send to another Department' });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${hiring.id}/send`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${hiring.id}/send`)[0]?.body).toEqual({ version: 1, teamId: SALES });
  });

  it('searches the solved list', async () => {
    const solved = makeIssue({ status: 'solved', solvedAt: '2026-01-02T00:00:00.000Z', resolution: 'Done' });
    const stub = stubFetch(routes({ [listKey]: page([solved]) }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('tab', { name: 'Solved' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search solved Barriers' }), 'hir');
    await waitFor(() => expect(urlsOf(stub).some((url) => url.includes('search=hir'))).toBe(true));
    const url = urlsOf(stub).find((input) => input.includes('search=hir'));
    expect(url).toContain('status=solved');
    expect(await screen.findByRole('list', { name: 'Solved Barriers' })).toBeTruthy();
  });

  it('lets an observer look but not change', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    const stub = stubFetch(routes({ [linkedDocuments]: { body: { data: [makeDocument()] } } }));
    render();
    await screen.findByRole('list', { name: 'Barriers' });
    expect(screen.queryByRole('form', { name: 'New Barrier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reorder Hiring is slow' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hiring is slow' }));
    const documents = within(await screen.findByRole('dialog')).getByRole('region', { name: 'Documents' });
    expect(await within(documents).findByRole('link', { name: 'Handbook.docx' })).toBeTruthy();
    expect(within(documents).queryByRole('button', { name: 'Unlink Handbook.docx' })).toBeNull();
    expect(within(documents).queryByRole('button', { name: 'Add a document' })).toBeNull();
    expect(stub.callsTo(linkedDocuments)[0]?.url).toContain(`target=issue&targetId=${hiring.id}`);
  });
});
