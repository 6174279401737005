import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { useSelectedDepartmentStore } from '../../departments/departments.api';
import {
  HISTORY,
  ORG,
  QUARTERLY,
  TEAM,
  TYPES,
  historyPage,
  makeListItem,
  makeType,
  meetingsRoutes,
} from '../meetings-test-data';
import MeetingsPage from './MeetingsPage';

signedInForEachTest();
beforeEach(() => useSelectedDepartmentStore.setState({ selectedId: TEAM }));
afterEach(() => vi.restoreAllMocks());

const WEEKLY_PATH = `${ORG}/teams/${TEAM}/meeting-types/weekly-accountability`;
const SAVE = `PUT ${WEEKLY_PATH}/schedule`;

function renderMeetings(routes: Record<string, unknown> = {}) {
  const stub = stubFetch(meetingsRoutes(routes));
  renderWithToasts(<MeetingsPage />, { route: '/meetings', markers: ['/meetings/:typeKey/:teamId'] });
  return stub;
}

const typeCard = async (name: string) => (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

/** Catches the downloads the page starts: the file names it gives them. */
function catchDownloads() {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:ics'), revokeObjectURL: vi.fn() }));
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  return clicked;
}

describe("a team's regular meeting", () => {
  it('sets the day, time and length with the version it saw, in the organization time zone', async () => {
    const saved = makeType({ schedule: { weekday: 2, time: '09:30', minutes: 60 }, version: 1 });
    const stub = renderMeetings({ [SAVE]: { body: { data: saved } } });
    const weekly = await typeCard('Weekly Accountability Meeting');
    expect(weekly.textContent).toContain('No regular day yet');
    const user = userEvent.setup();
    await user.click(within(weekly).getByRole('button', { name: 'Regular day…: Weekly Accountability Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regular day: Weekly Accountability Meeting' });
    expect(await within(dialog).findByText(/time zone, Europe\/London/)).toBeTruthy();
    expect(within(dialog).getByText(/use the agenda’s 75 minutes/)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Day'), 'Tuesday');
    await user.clear(within(dialog).getByLabelText('At'));
    await user.type(within(dialog).getByLabelText('At'), '09:30');
    await user.type(within(dialog).getByLabelText('For (minutes)'), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo(SAVE)).toHaveLength(1));
    expect(stub.callsTo(SAVE)[0]?.body).toEqual({ schedule: { weekday: 2, time: '09:30', minutes: 60 }, version: 0 });
    expect(await screen.findByText('Weekly Accountability Meeting now meets every Tuesday at 09:30.')).toBeTruthy();
  });

  it('checks the length before saving, with a plain message', async () => {
    const stub = renderMeetings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Regular day…: Weekly Accountability Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regular day: Weekly Accountability Meeting' });
    await user.type(within(dialog).getByLabelText('For (minutes)'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A meeting lasts at least 5 minutes')).toBeTruthy();
    expect(stub.callsTo(SAVE)).toHaveLength(0);
  });

  it('shows the regular day and downloads it as .ics; removes it', async () => {
    const scheduled = makeType({ schedule: { weekday: 1, time: '08:00', minutes: null }, version: 3 });
    const stub = renderMeetings({
      [TYPES]: { body: { data: [scheduled, QUARTERLY] } },
      [`GET ${WEEKLY_PATH}/calendar.ics`]: {
        body: 'BEGIN:VCALENDAR',
        headers: { 'Content-Disposition': 'attachment; filename="operations-weekly.ics"' },
      },
      [SAVE]: { body: { data: makeType({ version: 4 }) } },
    });
    const clicked = catchDownloads();
    const weekly = await typeCard('Weekly Accountability Meeting');
    expect(weekly.textContent).toContain('Meets every Monday at 08:00 for 75 minutes');
    expect(
      within(await typeCard('Quarterly Planning Meeting')).queryByRole('button', { name: /Add to calendar/ }),
    ).toBeNull();
    const user = userEvent.setup();
    await user.click(
      within(weekly).getByRole('button', { name: 'Add to calendar (.ics): Weekly Accountability Meeting' }),
    );
    await waitFor(() => expect(clicked).toEqual(['operations-weekly.ics']));

    await user.click(within(weekly).getByRole('button', { name: 'Regular day…: Weekly Accountability Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regular day: Weekly Accountability Meeting' });
    await user.click(within(dialog).getByRole('button', { name: 'No regular day' }));
    await waitFor(() => expect(stub.callsTo(SAVE)[0]?.body).toEqual({ schedule: null, version: 3 }));
  });

  it('says someone else changed the meeting type when the save is stale', async () => {
    renderMeetings({
      [SAVE]: { status: 409, body: { error: 'Someone changed this', code: 'meeting.type.stale_version' } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Regular day…: Weekly Accountability Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regular day: Weekly Accountability Meeting' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: /Reload/ })).toBeTruthy();
  });
});

describe('a scheduled meeting', () => {
  it('offers its .ics among the recent meetings, and says so when the download fails', async () => {
    const scheduled = makeListItem({ status: 'scheduled', scheduledAt: '2027-03-30T07:00:00.000Z', startedAt: null });
    const ICS = `GET ${ORG}/meetings/${scheduled.id}/calendar.ics`;
    renderMeetings({
      [HISTORY]: historyPage([scheduled]),
      [ICS]: [
        { status: 404, body: { error: 'This meeting does not exist or was deleted', code: 'meeting.not_found' } },
        { body: 'BEGIN:VCALENDAR', headers: { 'Content-Disposition': 'attachment; filename="weekly-2027-03-30.ics"' } },
      ],
    });
    const clicked = catchDownloads();
    const recent = await screen.findByRole('region', { name: 'Recent meetings' });
    const button = await within(recent).findByRole('button', {
      name: 'Add to calendar (.ics): Weekly Accountability Meeting',
    });
    const user = userEvent.setup();
    await user.click(button);
    expect(await screen.findByText('This meeting does not exist or was deleted')).toBeTruthy();
    await user.click(button);
    await waitFor(() => expect(clicked).toEqual(['weekly-2027-03-30.ics']));
  });
});
