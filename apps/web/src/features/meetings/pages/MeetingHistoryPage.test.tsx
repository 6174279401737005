import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import {
  HISTORY,
  MEETING_ID,
  ORG,
  TEAM,
  historyPage,
  makeListItem,
  makeMeeting,
  meetingsRoutes,
} from '../meetings-test-data';
import { makeDocument } from '../../documents/test-data';
import { makeUser } from '../../../test-utils/fixtures';
import MeetingHistoryPage from './MeetingHistoryPage';

signedInForEachTest();
afterEach(() => vi.restoreAllMocks());

const RUNNING_ID = '66666666-6666-4666-8666-666666666666';
const query = (call: StubCall | undefined) => new URL(call?.url ?? '', 'http://x').searchParams;

function renderHistory(routes: Record<string, unknown> = {}, path = '/meeting-history') {
  const stub = stubFetch(meetingsRoutes(routes));
  const view = renderWithToasts(<MeetingHistoryPage />, { route: '/meeting-history', path });
  return { stub, router: view.router };
}

const list = () => screen.findByRole('list', { name: 'Meetings' });

describe('/meeting-history', () => {
  it('shows each meeting with its team, status, planned and spent time, attendees and rating', async () => {
    renderHistory({
      [HISTORY]: historyPage([
        makeListItem({
          id: RUNNING_ID,
          status: 'live',
          name: 'Quarterly Planning Meeting',
          typeKey: 'quarterly-planning',
        }),
        makeListItem(),
      ]),
    });
    const meetings = await list();
    await within(meetings).findByRole('link', { name: 'Quarterly Planning Meeting' });
    const rows = within(meetings).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const running = within(rows[0] as HTMLElement);
    expect(running.getByRole('link', { name: 'Quarterly Planning Meeting' }).getAttribute('href')).toBe(
      `/meetings/quarterly-planning/${TEAM}`,
    );
    expect(running.getByText('Running')).toBeTruthy();
    const ended = within(rows[1] as HTMLElement);
    expect(ended.queryByRole('link')).toBeNull();
    expect(ended.getByText('Ended')).toBeTruthy();
    expect(ended.getByText('1:05 / 1:05')).toBeTruthy();
    expect(ended.getByText('4 people')).toBeTruthy();
    expect(ended.getByText('8.5')).toBeTruthy();
    expect(ended.getByText(/Operations/)).toBeTruthy();
  });

  it('opens the details of an ended meeting in place, with its frozen notes', async () => {
    const recap = {
      newTodos: [],
      solvedIssues: [],
      cascadingMessages: [],
      todoCompletion: null,
      averageRating: 9,
      present: 1,
      expected: 1,
      plannedMinutes: 65,
      spentSeconds: 3300,
      notes: 'Hire in January\nReview in March',
    };
    renderHistory({
      [HISTORY]: historyPage([makeListItem()]),
      [`GET ${ORG}/meetings/${MEETING_ID}`]: { body: { data: makeMeeting({ status: 'concluded', recap }) } },
      [`GET ${ORG}/linked-documents`]: { body: { data: [makeDocument()] } },
    });
    const toggle = await within(await list()).findByRole('button', {
      name: 'Show details of Weekly Accountability Meeting',
    });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('0:05 planned · 0:05 spent')).toBeTruthy();
    expect(screen.getByText('1:00 planned · 0:50 spent')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Rated 9')).toBeTruthy();
    expect(screen.getByTestId('recap-notes').textContent).toBe('Hire in January\nReview in March');
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(await within(documents).findByRole('link', { name: 'Handbook.docx' })).toBeTruthy();
    expect(within(documents).getByRole('button', { name: 'Add a document' })).toBeTruthy();
  });

  it('shows the recap the assistant drafted, which the facilitator edits', async () => {
    const drafted = makeMeeting({
      status: 'concluded',
      facilitatorId: makeUser().id,
      writtenRecap: { text: 'The team agreed to hire in January.', drafted: true },
    });
    const { stub } = renderHistory({
      [HISTORY]: historyPage([makeListItem()]),
      [`GET ${ORG}/meetings/${MEETING_ID}`]: { body: { data: drafted } },
      [`GET ${ORG}/linked-documents`]: { body: { data: [] } },
      [`PATCH ${ORG}/meetings/${MEETING_ID}/written-recap`]: {
        body: { data: { ...drafted, writtenRecap: { text: 'We hire in January.', drafted: false } } },
      },
    });
    await userEvent.click(
      await within(await list()).findByRole('button', { name: 'Show details of Weekly Accountability Meeting' }),
    );
    const recap = await screen.findByRole('region', { name: 'Recap' });
    expect(within(recap).getByText('(drafted by the assistant)')).toBeTruthy();
    expect(within(recap).getByText('The team agreed to hire in January.')).toBeTruthy();
    await userEvent.click(within(recap).getByRole('button', { name: 'Edit the recap' }));
    const field = within(recap).getByLabelText('Recap');
    await userEvent.clear(field);
    await userEvent.type(field, 'We hire in January.');
    await userEvent.click(within(recap).getByRole('button', { name: 'Save the recap' }));
    await vi.waitFor(() =>
      expect(stub.callsTo(`PATCH ${ORG}/meetings/${MEETING_ID}/written-recap`)[0]?.body).toEqual({
        text: 'We hire in January.',
        version: drafted.version,
      }),
    );
  });

  it('sends the filters and loads the next page with its cursor', async () => {
    const second = makeListItem({ id: RUNNING_ID, name: 'Older meeting' });
    const { stub } = renderHistory({
      [HISTORY]: (call: StubCall) =>
        query(call).get('cursor') === 'page-2' ? historyPage([second]) : historyPage([makeListItem()], 'page-2'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older meeting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Department'), TEAM);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'concluded');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(query(stub.callsTo(HISTORY).at(-1)).get('from')).not.toBeNull());
    const last = query(stub.callsTo(HISTORY).at(-1));
    expect(last.get('teamId')).toBe(TEAM);
    expect(last.get('status')).toBe('concluded');
    expect(last.get('from')).toBe(new Date('2026-11-01T00:00:00').toISOString());
    expect(last.get('cursor')).toBeNull();
  });

  it('says so when no meeting matches', async () => {
    renderHistory();
    expect(await screen.findByText('No meeting matches these filters.')).toBeTruthy();
  });

  it('offers to try again after a failed load', async () => {
    renderHistory({
      [HISTORY]: [
        { status: 500, body: { error: 'The history is unavailable', code: 'x' } },
        historyPage([makeListItem()]),
      ],
    });
    expect(await screen.findByText('The history is unavailable')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await list()).findByText('Weekly Accountability Meeting')).toBeTruthy();
  });
});

describe('/meeting-history search', () => {
  it('searches once typing pauses, keeps the words in the address, and says when nothing matches', async () => {
    const { stub, router } = renderHistory({
      [HISTORY]: (call: StubCall) =>
        query(call).get('search') === 'zephyr deal' ? historyPage([]) : historyPage([makeListItem()]),
    });
    await screen.findByText('Weekly Accountability Meeting');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '  zephyr deal');

    expect(await screen.findByText('No meeting matches “zephyr deal”.')).toBeTruthy();
    const searches = stub.callsTo(HISTORY).map((call) => query(call).get('search'));
    expect(searches.filter((search) => search !== null)).toEqual(['zephyr deal']);
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('zephyr deal');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'concluded');
    expect(await screen.findByText('No meeting matches “zephyr deal” with these filters.')).toBeTruthy();
    expect(query(stub.callsTo(HISTORY).at(-1)).get('status')).toBe('concluded');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('concluded');
  });

  it('starts from the filters in the address and drops the ones that make no sense', async () => {
    const { stub } = renderHistory(
      { [HISTORY]: historyPage([makeListItem()]) },
      `/meeting-history?search=kestrel&teamId=${TEAM}&status=sideways&from=2026-11-01&to=soon`,
    );
    await screen.findByText('Weekly Accountability Meeting');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('kestrel');
    const sent = query(stub.callsTo(HISTORY).at(-1));
    expect(sent.get('search')).toBe('kestrel');
    expect(sent.get('teamId')).toBe(TEAM);
    expect(sent.get('status')).toBeNull();
    expect(sent.get('from')).toBe(new Date('2026-11-01T00:00:00').toISOString());
    expect(sent.get('to')).toBeNull();
  });

  it('downloads an ended meeting’s PDF under the server’s file name', async () => {
    const pdf = `GET ${ORG}/meetings/${MEETING_ID}/summary.pdf`;
    const { stub } = renderHistory({
      [HISTORY]: historyPage([makeListItem()]),
      [`GET ${ORG}/meetings/${MEETING_ID}`]: { body: { data: makeMeeting({ status: 'concluded' }) } },
      [pdf]: {
        body: '%PDF-1.3',
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="Operations - Weekly.pdf"; filename*=UTF-8''${encodeURIComponent('Opérations - Weekly.pdf')}`,
        },
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const meetings = await screen.findByRole('list', { name: 'Meetings' });
    await userEvent.click(
      await within(meetings).findByRole('button', { name: 'Show details of Weekly Accountability Meeting' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of Weekly Accountability Meeting' }));
    await waitFor(() => expect(clicked).toEqual(['Opérations - Weekly.pdf']));
    expect(stub.callsTo(pdf)).toHaveLength(1);
  });

  it('says why when the PDF cannot be made', async () => {
    renderHistory({
      [HISTORY]: historyPage([makeListItem()]),
      [`GET ${ORG}/meetings/${MEETING_ID}`]: { body: { data: makeMeeting({ status: 'concluded' }) } },
      [`GET ${ORG}/meetings/${MEETING_ID}/summary.pdf`]: {
        status: 409,
        body: {
          error: 'This meeting has not ended yet: its PDF is ready once it is concluded',
          code: 'meeting.not_concluded',
        },
      },
    });
    const meetings = await screen.findByRole('list', { name: 'Meetings' });
    await userEvent.click(
      await within(meetings).findByRole('button', { name: 'Show details of Weekly Accountability Meeting' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of Weekly Accountability Meeting' }));
    expect(
      await screen.findByText('This meeting has not ended yet: its PDF is ready once it is concluded'),
    ).toBeTruthy();
  });
});
