import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, TERMINOLOGY_DEFAULTS, type Issue } from '@keel/contract';
import { useSession } from '../../../../lib/session-store';
import { stubFetch, type StubCall } from '../../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../../test-utils/fixtures';
import { renderWithToasts } from '../../../../test-utils/render';
import { DEPT, pageReply, signedInForEachTest, teamFrameRoutes } from '../../../../test-utils/team-stubs';
import { makeIssue } from '../../../issues/issues-test-data';
import { localToday } from '../../../todos/todo-dates';
import { makeMeeting } from '../live/live-test-data';
import { IssuesSection } from './IssuesSection';

const ME = makeUser().id;
const base = `/organizations/${ORG_ID}/issues`;
// The meeting started at 09:55 UTC.
const meeting = makeMeeting();

const hiring = makeIssue({ priorityRank: 2, votes: 2 });
const roof = makeIssue({
  id: '66666666-6666-4666-8666-666666666666',
  title: 'Roof leaks',
  position: 2,
  priorityRank: 1,
});
const parking = makeIssue({ id: '77777777-7777-4777-8777-777777777777', title: 'Parking is full', position: 3 });
const solvedHere = makeIssue({
  id: '88888888-8888-4888-8888-888888888888',
  title: 'Printer jams',
  status: 'solved',
  solvedAt: '2026-11-26T10:10:00.000Z',
  resolution: 'Buy a new one',
});
const solvedBefore = makeIssue({
  id: '99999999-9999-4999-8999-999999999999',
  title: 'Coffee runs out',
  status: 'solved',
  solvedAt: '2026-11-25T10:00:00.000Z',
});

const lists =
  (open: Issue[], solved: Issue[]) =>
  ({ url }: StubCall) =>
    pageReply(new URL(url, 'http://localhost').searchParams.get('status') === 'solved' ? solved : open);

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
      [`GET ${base}`]: lists([parking, hiring, roof], [solvedHere, solvedBefore]),
      [`GET ${base}/${hiring.id}/comments`]: pageReply([]),
      [`GET ${base}/${hiring.id}/attachments`]: { body: { data: [] } },
      [`GET ${base}/${hiring.id}/trail`]: { body: { data: [] } },
      ...overrides,
    },
  );
}

const render = (canLead = true) =>
  renderWithToasts(<IssuesSection meeting={meeting} large={false} canLead={canLead} />);

const rowTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    // The title is the one button a row names by its text alone (rank, vote and reorder carry labels).
    .map(
      (item) =>
        within(item)
          .getAllByRole('button')
          .find((button) => !button.hasAttribute('aria-label'))?.textContent,
    );

signedInForEachTest();

describe('IssuesSection', () => {
  it('lists the team’s open short-term issues with the top three first, votes shown, and what this meeting solved', async () => {
    const stub = stubFetch(routes());
    render();
    const open = await screen.findByRole('list', { name: 'Open Barriers' });
    expect(rowTitles(open)).toEqual(['Roof leaks', 'Hiring is slow', 'Parking is full']);
    expect(within(open).getByLabelText('Top 1')).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Vote for Hiring is slow (2 votes)' })).toBeTruthy();
    const solved = await screen.findByRole('list', { name: 'Barriers solved in this meeting' });
    expect(rowTitles(solved)).toEqual(['Printer jams']);
    expect(screen.queryByText('Coffee runs out')).toBeNull();
    const queries = stub.callsTo(`GET ${base}`).map((call) => new URL(call.url, 'http://localhost').searchParams);
    expect(queries.map((query) => [query.get('teamId'), query.get('status'), query.get('horizon')])).toEqual(
      expect.arrayContaining([
        [DEPT, 'open', 'short_term'],
        [DEPT, 'solved', null],
      ]),
    );
  });

  it('votes, and lets whoever leads pick the top three', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${base}/${parking.id}/vote`]: { body: { data: { ...parking, votes: 1, votedByMe: true } } },
        [`POST ${base}/${parking.id}/rank`]: { body: { data: { ...parking, priorityRank: 3, version: 2 } } },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Vote for Parking is full (0 votes)' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${parking.id}/vote`)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Rank Parking is full number 3' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${parking.id}/rank`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${parking.id}/rank`)[0]?.body).toEqual({ version: 1, rank: 3 });
  });

  it('lets everyone else vote but leaves the top three and the order to whoever leads', async () => {
    stubFetch(routes());
    render(false);
    const open = await screen.findByRole('list', { name: 'Open Barriers' });
    expect(within(open).getByRole('button', { name: 'Vote for Parking is full (0 votes)' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(open).queryByRole('button', { name: /^Rank / })).toBeNull();
    expect(within(open).queryByRole('button', { name: /^Reorder / })).toBeNull();
  });

  it('opens an issue to discuss it and solves it into to-dos', async () => {
    const stub = stubFetch(
      routes({
        [`POST ${base}/${hiring.id}/solve`]: {
          body: {
            data: { ...hiring, status: 'solved', solvedAt: '2026-11-26T10:20:00.000Z', version: 2 },
            todoIds: ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'],
          },
        },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Hiring is slow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hiring is slow' });
    const form = within(dialog).getByRole('form', { name: 'Solve Barrier' });
    await user.type(within(form).getByLabelText('Resolution'), 'Use an agency');
    await user.click(within(form).getByRole('button', { name: 'Add Commitment' }));
    await user.type(within(form).getByLabelText('Commitment 1 title'), 'Call three agencies');
    await user.click(within(form).getByRole('button', { name: 'Mark solved' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/${hiring.id}/solve`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/${hiring.id}/solve`)[0]?.body).toEqual({
      version: 1,
      resolution: 'Use an agency',
      todos: [{ title: 'Call three agencies', ownerIds: [ME], dueDate: addDays(localToday(), 7) }],
    });
    expect(await screen.findByText('Barrier solved; 1 Commitment created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets an observer read without voting or solving', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    stubFetch(routes());
    const user = userEvent.setup();
    render();
    const open = await screen.findByRole('list', { name: 'Open Barriers' });
    expect(within(open).getByRole('button', { name: 'Vote for Parking is full (0 votes)' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(open).queryByRole('button', { name: /^Rank / })).toBeNull();
    await user.click(within(open).getByRole('button', { name: 'Hiring is slow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hiring is slow' });
    expect(within(dialog).queryByRole('form', { name: 'Solve Barrier' })).toBeNull();
  });

  it('shows the empty and the error states', async () => {
    stubFetch(routes({ [`GET ${base}`]: lists([], []) }));
    render();
    expect(await screen.findByText('No open Barriers.')).toBeTruthy();
    cleanup();
    stubFetch(routes({ [`GET ${base}`]: { status: 500, body: { error: 'Boom', code: 'server.error' } } }));
    render();
    expect(await screen.findByText('Boom')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
