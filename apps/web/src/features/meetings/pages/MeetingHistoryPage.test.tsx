import { describe, expect, it } from 'vitest';
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
import MeetingHistoryPage from './MeetingHistoryPage';

signedInForEachTest();

const RUNNING_ID = '66666666-6666-4666-8666-666666666666';
const query = (call: StubCall | undefined) => new URL(call?.url ?? '', 'http://x').searchParams;

function renderHistory(routes: Record<string, unknown> = {}) {
  const stub = stubFetch(meetingsRoutes(routes));
  renderWithToasts(<MeetingHistoryPage />, { route: '/meeting-history' });
  return stub;
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
  });

  it('sends the filters and loads the next page with its cursor', async () => {
    const second = makeListItem({ id: RUNNING_ID, name: 'Older meeting' });
    const stub = renderHistory({
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
