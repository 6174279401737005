import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, TERMINOLOGY_DEFAULTS, TODO_DEFAULT_DUE_DAYS, type Todo } from '@keel/contract';
import { useSession } from '../../../../lib/session-store';
import { stubFetch } from '../../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../../test-utils/fixtures';
import { renderWithToasts } from '../../../../test-utils/render';
import { DEPT, signedInForEachTest, teamFrameRoutes } from '../../../../test-utils/team-stubs';
import { makeHeadline } from '../../../headlines/headlines-test-data';
import { makeIssue } from '../../../issues/issues-test-data';
import { localToday } from '../../../todos/todo-dates';
import { makeMeeting } from '../live/live-test-data';
import { QuickAdd } from './QuickAdd';

const ME = makeUser().id;
const organization = `/organizations/${ORG_ID}`;
const meeting = makeMeeting();

const createdTodo: Todo = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  title: 'Book the venue',
  details: '',
  ownerId: ME,
  owner: { id: ME, name: 'Ada Lovelace' },
  teamId: DEPT,
  isPrivate: false,
  dueDate: addDays(localToday(), TODO_DEFAULT_DUE_DAYS),
  status: 'open',
  doneAt: null,
  source: null,
  groupId: null,
  createdById: ME,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  version: 1,
};

function routes(overrides: Record<string, unknown> = {}) {
  return teamFrameRoutes(
    {},
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
      ...overrides,
    },
  );
}

const render = () => renderWithToasts(<QuickAdd meeting={meeting} />);

signedInForEachTest();

describe('QuickAdd', () => {
  it('adds a to-do for the meeting’s team, starting in its title field', async () => {
    const stub = stubFetch(routes({ [`POST ${organization}/todos`]: { status: 201, body: { data: [createdTodo] } } }));
    const user = userEvent.setup();
    render();
    const opener = await screen.findByRole('button', { name: 'New Commitment' });
    await user.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'New Commitment' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Title'));
    await user.keyboard('Book the venue');
    await user.click(within(form).getByRole('button', { name: 'Add Commitment' }));
    await waitFor(() => expect(stub.callsTo(`POST ${organization}/todos`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${organization}/todos`)[0]?.body).toEqual({
      title: 'Book the venue',
      ownerIds: [ME],
      dueDate: addDays(localToday(), TODO_DEFAULT_DUE_DAYS),
      isPrivate: false,
      teamId: DEPT,
    });
    expect(await screen.findByText('Commitment added')).toBeTruthy();
  });

  it('adds an issue and a headline for the meeting’s team', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${organization}/issues`]: { status: 201, body: { data: makeIssue({ title: 'Vans break down' }) } },
        [`POST ${organization}/headlines`]: { status: 201, body: { data: makeHeadline({ teamId: DEPT }) } },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'New Barrier' }));
    const issueForm = screen.getByRole('form', { name: 'New Barrier' });
    await user.type(within(issueForm).getByLabelText('Title'), 'Vans break down');
    await user.click(within(issueForm).getByRole('button', { name: 'Add Barrier' }));
    await waitFor(() => expect(stub.callsTo(`POST ${organization}/issues`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${organization}/issues`)[0]?.body).toEqual({
      teamId: DEPT,
      title: 'Vans break down',
      description: '',
      horizon: 'short_term',
    });

    await user.click(screen.getByRole('button', { name: 'New headline' }));
    expect(screen.queryByRole('form', { name: 'New Barrier' })).toBeNull();
    const headlineForm = screen.getByRole('form', { name: 'Add a headline' });
    expect(document.activeElement).toBe(within(headlineForm).getByLabelText('Headline'));
    await user.keyboard('We won the Acme contract');
    await user.click(within(headlineForm).getByRole('button', { name: 'Add headline' }));
    await waitFor(() => expect(stub.callsTo(`POST ${organization}/headlines`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${organization}/headlines`)[0]?.body).toEqual({
      teamId: DEPT,
      text: 'We won the Acme contract',
      type: 'customer',
    });
  });

  it('closes the open form with Escape or its button, and gives focus back to the button', async () => {
    stubFetch(routes());
    const user = userEvent.setup();
    render();
    const opener = await screen.findByRole('button', { name: 'New Commitment' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'New Commitment' })).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await user.click(opener);
    await user.click(opener);
    expect(screen.queryByRole('form', { name: 'New Commitment' })).toBeNull();
  });

  it('offers nothing to an observer', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    stubFetch(routes());
    render();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^New / })).toBeNull());
    expect(screen.queryByRole('region')).toBeNull();
  });
});
