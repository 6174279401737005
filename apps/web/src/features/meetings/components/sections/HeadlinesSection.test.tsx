import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CascadingMessage, Headline } from '@keel/contract';
import { useSession } from '../../../../lib/session-store';
import { stubFetch } from '../../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../../test-utils/fixtures';
import { renderWithToasts } from '../../../../test-utils/render';
import { DEPT, pageReply, signedInForEachTest, teamFrameRoutes } from '../../../../test-utils/team-stubs';
import { makeHeadline } from '../../../headlines/headlines-test-data';
import { makeMeeting } from '../live/live-test-data';
import { HeadlinesSection } from './HeadlinesSection';

signedInForEachTest();

const base = `/organizations/${ORG_ID}`;
const SALES = '77777777-7777-4777-8777-777777777777';

const headline = (overrides: Partial<Headline> = {}) => makeHeadline({ teamId: DEPT, ...overrides });

const message: CascadingMessage = {
  id: '88888888-8888-4888-8888-888888888888',
  text: 'Prices rise on 1 March',
  details: null,
  fromTeam: { id: SALES, name: 'Sales' },
  toTeams: [{ id: DEPT, name: 'Operations' }],
  author: { id: SALES, name: 'Bob Builder' },
  createdAt: '2026-11-20T10:00:00.000Z',
  readByMe: false,
  readCount: 0,
  recipientCount: 3,
};

function render(headlines: Headline[], routes: Record<string, unknown> = {}) {
  const stub = stubFetch(
    teamFrameRoutes(
      {},
      {
        [`GET ${base}/headlines`]: pageReply(headlines),
        [`GET ${base}/cascading-messages`]: pageReply([message]),
        ...routes,
      },
    ),
  );
  renderWithToasts(<HeadlinesSection meeting={makeMeeting()} large={false} canLead />);
  return stub;
}

describe('HeadlinesSection', () => {
  it('shows what the meeting goes through: new headlines, those discussed in it, and messages received', async () => {
    const stub = render([
      headline({ text: 'Won the Acme account' }),
      headline({ text: 'Ticked off just now', status: 'discussed', updatedAt: '2026-11-26T09:58:00.000Z' }),
      headline({ text: 'Talked about last week', status: 'discussed', updatedAt: '2026-11-19T10:00:00.000Z' }),
    ]);
    const customers = await screen.findByRole('region', { name: 'Customer (2)' });
    expect(within(customers).getByText('Won the Acme account')).toBeTruthy();
    expect(within(customers).getByText('Ticked off just now')).toBeTruthy();
    expect(screen.queryByText('Talked about last week')).toBeNull();
    expect(screen.getByText(/1 headline discussed before this meeting/)).toBeTruthy();
    const received = await screen.findByRole('region', { name: 'Cascading messages (1)' });
    expect(within(received).getByText('Prices rise on 1 March')).toBeTruthy();
    expect(within(received).getByText('From Sales')).toBeTruthy();
    for (const path of ['headlines', 'cascading-messages'])
      expect(stub.calls.find((call) => call.path === `${base}/${path}`)?.url).toContain(`teamId=${DEPT}`);
  });

  it("adds a headline in place for the meeting's team", async () => {
    const stub = render([], { [`POST ${base}/headlines`]: { status: 201, body: { data: headline() } } });
    const user = userEvent.setup();
    await screen.findByText(/No headlines to discuss/);
    await user.type(screen.getByLabelText('Headline'), 'New hire starts Monday');
    await user.selectOptions(screen.getByLabelText('Type'), 'employee');
    await user.click(screen.getByRole('button', { name: 'Add headline' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/headlines`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/headlines`)[0]?.body).toEqual({
      teamId: DEPT,
      text: 'New hire starts Monday',
      type: 'employee',
    });
  });

  it('turns a headline into an issue in one click', async () => {
    const item = headline({ text: 'Acme may leave us' });
    const raisePath = `POST ${base}/headlines/${item.id}/issue`;
    const stub = render([item], { [raisePath]: { status: 201, body: { data: { issueId: item.id, teamId: DEPT } } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Issue: Acme may leave us' }));
    expect(await screen.findByText('Issue created')).toBeTruthy();
    expect(stub.callsTo(raisePath)).toHaveLength(1);
  });

  it('ticks a headline off as discussed with the version it shows', async () => {
    const item = headline({ text: 'Acme renewed', version: 4 });
    const discussedPath = `POST ${base}/headlines/${item.id}/discussed`;
    const stub = render([item], { [discussedPath]: { body: { data: { ...item, status: 'discussed', version: 5 } } } });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Discussed: Acme renewed' }));
    await waitFor(() => expect(stub.callsTo(discussedPath)).toHaveLength(1));
    expect(stub.callsTo(discussedPath)[0]?.body).toEqual({ version: 4, discussed: true });
  });

  it('lets an observer read without a form or buttons that would be refused', async () => {
    useSession.setState({ user: makeUser({ role: 'observer' }) });
    render([headline({ text: 'Acme renewed' })]);
    expect(await screen.findByText('Acme renewed')).toBeTruthy();
    expect(await screen.findByText('Prices rise on 1 March')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a headline' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create Issue/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark as read/ })).toBeNull();
  });
});
