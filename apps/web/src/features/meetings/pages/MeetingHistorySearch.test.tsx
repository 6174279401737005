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
import MeetingHistoryPage from './MeetingHistoryPage';

signedInForEachTest();
afterEach(() => vi.restoreAllMocks());

const query = (call: StubCall | undefined) => new URL(call?.url ?? '', 'http://x').searchParams;

function renderHistory(routes: Record<string, unknown> = {}, path = '/meeting-history') {
  const stub = stubFetch(meetingsRoutes(routes));
  const view = renderWithToasts(<MeetingHistoryPage />, { route: '/meeting-history', path });
  return { stub, router: view.router };
}

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
