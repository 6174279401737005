import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CascadingMessage, Headline } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import {
  ADA,
  departmentsReply,
  makeDepartment,
  pageReply,
  peopleReply,
  signedInForEachTest,
} from '../../../test-utils/team-stubs';
import { LEAD, makeHeadline } from '../headlines-test-data';
import HeadlinesPage from './HeadlinesPage';

const ME = '22222222-2222-4222-8222-222222222222';
const BOB = '33333333-3333-4333-8333-333333333333';
const SALES = '55555555-5555-4555-8555-555555555555';
const base = `/organizations/${ORG_ID}`;

const headline = makeHeadline;

function message(overrides: Partial<CascadingMessage> = {}): CascadingMessage {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    text: 'Prices rise on 1 March',
    details: null,
    fromTeam: { id: SALES, name: 'Sales' },
    toTeams: [{ id: LEAD, name: 'Leadership Team' }],
    author: { id: BOB, name: 'Bob Builder' },
    createdAt: '2026-11-20T10:00:00.000Z',
    readByMe: false,
    readCount: 1,
    recipientCount: 3,
    ...overrides,
  };
}

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());
const page = pageReply;

function stubPage(routes: Parameters<typeof stubFetch>[0] = {}, headlines: Headline[] = []) {
  return stubFetch({
    'GET /users/departments': departmentsReply(
      [makeDepartment(LEAD, 'Leadership Team', { is_leadership_team: true }), makeDepartment(SALES, 'Sales')],
      true,
    ),
    [`GET ${base}/people`]: peopleReply([
      ADA,
      { id: BOB, name: 'Bob Builder', email: 'bob@example.com', avatarUrl: null },
    ]),
    [`GET ${base}/headlines`]: page(headlines),
    [`GET ${base}/cascading-messages`]: page([]),
    ...routes,
  });
}

const render = () => renderWithToasts(<HeadlinesPage />);

signedInForEachTest();

describe('HeadlinesPage', () => {
  it('groups the team’s headlines by type, with owner and "about", script shown as text', async () => {
    stubPage({}, [
      headline({ text: '<script>alert(1)</script>', aboutUser: { id: BOB, name: 'Bob Builder' }, aboutUserId: BOB }),
      headline({ text: 'New hire starts Monday', type: 'employee', aboutText: 'Carol' }),
    ]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Headlines' })).toBeTruthy();
    const customer = await screen.findByRole('region', { name: 'Customer (1)' });
    expect(within(customer).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(within(customer).getByText(/about Bob Builder/)).toBeTruthy();
    const employee = screen.getByRole('region', { name: 'Employee (1)' });
    expect(within(employee).getByText(/Ada Lovelace · about Carol/)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows the empty state, and an error with a retry', async () => {
    stubPage({ [`GET ${base}/headlines`]: [{ status: 500, body: { error: 'Boom', code: 'x' } }, page([])] });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No headlines yet/)).toBeTruthy();
  });

  it('adds a headline about a person for the selected team', async () => {
    const stub = stubPage({ [`POST ${base}/headlines`]: { status: 201, body: { data: headline() } } });
    const user = userEvent.setup();
    render();
    await screen.findByText(/No headlines yet/);
    await user.type(screen.getByLabelText('Headline'), 'Won the Acme account');
    await user.selectOptions(screen.getByLabelText('Type'), 'employee');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Bob Builder' })).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('About a person'), BOB);
    await user.click(screen.getByRole('button', { name: 'Add headline' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/headlines`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/headlines`)[0]?.body).toEqual({
      teamId: LEAD,
      text: 'Won the Acme account',
      type: 'employee',
      aboutUserId: BOB,
    });
  });

  it('toggles discussed with the version it shows', async () => {
    const item = headline({ version: 4 });
    const stub = stubPage(
      { [`POST ${base}/headlines/${item.id}/discussed`]: { body: { data: { ...item, status: 'discussed' } } } },
      [item],
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: `Discussed: ${item.text}` }));
    await waitFor(() =>
      expect(stub.callsTo(`POST ${base}/headlines/${item.id}/discussed`)[0]?.body).toEqual({
        version: 4,
        discussed: true,
      }),
    );
  });

  it('offers to reload when a toggle hits a stale version', async () => {
    const item = headline();
    const stub = stubPage(
      {
        [`GET ${base}/headlines`]: [page([item]), page([{ ...item, text: 'Changed by Bob', version: 2 }])],
        [`POST ${base}/headlines/${item.id}/discussed`]: {
          status: 409,
          body: { error: 'stale', code: 'headline.stale_version' },
        },
      },
      [item],
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: `Discussed: ${item.text}` }));
    expect(await screen.findByText(/Someone else changed this headline/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Changed by Bob')).toBeTruthy();
    expect(screen.queryByText(/Someone else changed this headline/)).toBeNull();
    expect(stub.callsTo(`GET ${base}/headlines`).length).toBeGreaterThanOrEqual(2);
  });

  it('archives with an undo that restores the archived version', async () => {
    const item = headline();
    const archived = { ...item, archivedAt: '2026-11-21T10:00:00.000Z', version: 2 };
    const stub = stubPage(
      {
        [`POST ${base}/headlines/${item.id}/archive`]: { body: { data: archived } },
        [`POST ${base}/headlines/${item.id}/restore`]: { body: { data: { ...item, version: 3 } } },
      },
      [item],
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: `Archive: ${item.text}` }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(stub.callsTo(`POST ${base}/headlines/${item.id}/restore`)[0]?.body).toEqual({ version: 2 }),
    );
  });

  it('asks for archived headlines when "Show archived" is ticked', async () => {
    const stub = stubPage();
    const user = userEvent.setup();
    render();
    await screen.findByText(/No headlines yet/);
    await user.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    await waitFor(() =>
      expect(
        stub.calls.length > 0 &&
          stub.fetchMock.mock.calls.some(([input]) => urlOf(input).includes('includeArchived=true')),
      ).toBe(true),
    );
  });

  it('offers to reload when someone else changed the headline being edited', async () => {
    const item = headline();
    const theirs = { ...item, text: 'Their wording', version: 2 };
    const stub = stubPage({
      [`GET ${base}/headlines`]: [page([item]), page([theirs])],
      [`PATCH ${base}/headlines/${item.id}`]: [
        { status: 409, body: { error: 'stale', code: 'headline.stale_version' } },
        { body: { data: { ...theirs, text: 'Merged', version: 3 } } },
      ],
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: `Edit: ${item.text}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit headline' });
    const text = within(dialog).getByLabelText('Headline');
    await user.clear(text);
    await user.type(text, 'My wording');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone else changed this headline/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLInputElement>('Headline').value).toBe('Their wording'),
    );
    await user.clear(within(dialog).getByLabelText('Headline'));
    await user.type(within(dialog).getByLabelText('Headline'), 'Merged');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo(`PATCH ${base}/headlines/${item.id}`)).toHaveLength(2));
    expect(stub.callsTo(`PATCH ${base}/headlines/${item.id}`)[1]?.body).toEqual({ version: 2, text: 'Merged' });
  });

  it('shows a received message to mark read, and sent ones with "read by N of M"', async () => {
    // The stub ignores the query string, so the one message stands for both the inbox and the sent list.
    const received = message();
    const stub = stubPage({
      [`GET ${base}/cascading-messages`]: page([received]),
      [`POST ${base}/cascading-messages/${received.id}/read`]: { body: { data: { ...received, readByMe: true } } },
      [`GET ${base}/cascading-messages/${received.id}/receipts`]: {
        body: {
          data: {
            messageId: received.id,
            readCount: 1,
            recipientCount: 3,
            readers: [
              { user: { id: BOB, name: 'Bob Builder' }, readAt: '2026-11-21T09:00:00.000Z', isRecipient: true },
            ],
          },
        },
      },
    });
    const user = userEvent.setup();
    render();
    const inbox = await screen.findByRole('region', { name: 'Cascading messages (1)' });
    expect(within(inbox).getByText('From Sales')).toBeTruthy();
    await user.click(within(inbox).getByRole('button', { name: `Mark as read: ${received.text}` }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/cascading-messages/${received.id}/read`)).toHaveLength(1));
    const receipts = screen.getByRole('button', { name: `Read by 1 of 3: ${received.text}` });
    expect(receipts.textContent).toBe('read by 1 of 3');
    await user.click(receipts);
    const dialog = await screen.findByRole('dialog', { name: 'Who read it' });
    expect(await within(dialog).findByText('Bob Builder')).toBeTruthy();
  });

  it('sends a cascading message to the teams picked', async () => {
    const stub = stubPage({ [`POST ${base}/cascading-messages`]: { status: 201, body: { data: message() } } });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Send to other Teams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to other Teams' });
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(within(dialog).getByText('Write the message first')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Message'), 'Prices rise on 1 March');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(stub.callsTo(`POST ${base}/cascading-messages`)[0]?.body).toEqual({
        fromTeamId: LEAD,
        toTeamIds: [SALES],
        text: 'Prices rise on 1 March',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets an observer read but not change anything', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ id: ME, role: 'observer' }) });
    const item = headline();
    stubPage({ [`GET ${base}/cascading-messages`]: page([message()]) }, [item]);
    render();
    expect(await screen.findByText(item.text)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: `Discussed: ${item.text}` }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add headline' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark as read/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send to other Teams' })).toBeNull();
  });

  it('has no serious accessibility violations, dialog open or not', async () => {
    stubPage({ [`GET ${base}/cascading-messages`]: page([message()]) }, [
      headline({ aboutText: 'Acme' }),
      headline({ type: 'other', status: 'discussed' }),
    ]);
    const user = userEvent.setup();
    render();
    await screen.findByRole('region', { name: 'Other (1)' });
    await screen.findByRole('region', { name: 'Cascading messages (1)' });
    const serious = async (context: axe.ElementContext = document.body) =>
      (await axe.run(context, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id);
    expect(await serious()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send to other Teams' }));
    // Radix hides the page behind a modal with aria-hidden (its focus trap keeps focus out): check the dialog.
    expect(await serious(await screen.findByRole('dialog'))).toEqual([]);
  });
});
