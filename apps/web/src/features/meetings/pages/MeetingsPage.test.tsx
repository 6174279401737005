import { beforeEach, describe, expect, it } from 'vitest';
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
  RUNNING,
  TEAM,
  TYPES,
  historyPage,
  makeListItem,
  makeMeeting,
  makeType,
  meetingsRoutes,
} from '../meetings-test-data';
import MeetingsPage from './MeetingsPage';

signedInForEachTest();
beforeEach(() => useSelectedDepartmentStore.setState({ selectedId: TEAM }));

const START = `POST ${ORG}/meetings`;
const WEEKLY_PATH = `${ORG}/teams/${TEAM}/meeting-types/weekly-accountability`;

function renderMeetings(routes: Record<string, unknown> = {}) {
  const stub = stubFetch(meetingsRoutes(routes));
  const view = renderWithToasts(<MeetingsPage />, { route: '/meetings', markers: ['/meetings/:typeKey/:teamId'] });
  return { stub, ...view };
}

const typeCard = async (name: string) => {
  const heading = await screen.findByRole('heading', { name });
  return heading.closest('li') as HTMLElement;
};

describe('/meetings', () => {
  it("lists the team's meeting types with their planned minutes and sections, and its recent meetings", async () => {
    const { stub } = renderMeetings({ [HISTORY]: historyPage([makeListItem()]) });
    const weekly = await typeCard('Weekly Accountability Meeting');
    expect(weekly.textContent).toContain('75 minutes planned');
    expect(weekly.textContent).toContain('3 sections');
    expect((await typeCard('Quarterly Planning Meeting')).textContent).toContain('75 minutes planned · 2 sections');
    const recent = await screen.findByRole('region', { name: 'Recent meetings' });
    expect(await within(recent).findByText('Weekly Accountability Meeting')).toBeTruthy();
    expect(within(recent).getByText(/1:05 spent/)).toBeTruthy();
    const historyQuery = new URL(stub.callsTo(HISTORY)[0]?.url ?? '', 'http://x').searchParams;
    expect(historyQuery.get('teamId')).toBe(TEAM);
    expect(historyQuery.get('limit')).toBe('5');
    expect(within(recent).getByRole('link', { name: 'See the meeting history' }).getAttribute('href')).toBe(
      '/meeting-history',
    );
  });

  it('says so when the team has no meeting types, and offers to try again after a failed load', async () => {
    renderMeetings({
      [TYPES]: [{ status: 500, body: { error: 'The server is resting', code: 'x' } }, { body: { data: [] } }],
    });
    expect(await screen.findByText('The server is resting')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This team has no meeting types.')).toBeTruthy();
    expect(await screen.findByText('This team has not held a meeting yet.')).toBeTruthy();
  });

  it("offers to join the team's running meeting", async () => {
    renderMeetings({ [RUNNING]: { body: { data: makeMeeting({ typeKey: 'quarterly-planning', name: 'Quarter' }) } } });
    const join = await screen.findByRole('link', { name: 'Join now' });
    expect(join.getAttribute('href')).toBe(`/meetings/quarterly-planning/${TEAM}`);
    expect(screen.getByText('Quarter is running now')).toBeTruthy();
  });

  it('starts a meeting of a type and opens its page', async () => {
    const { stub } = renderMeetings({ [START]: { status: 201, body: { data: makeMeeting() } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Start now: Weekly Accountability Meeting' }));
    expect(await screen.findByText('at /meetings/:typeKey/:teamId')).toBeTruthy();
    expect(stub.callsTo(START)[0]?.body).toEqual({ teamId: TEAM, typeKey: 'weekly-accountability' });
  });

  it("shows the server's refusal when a meeting already runs, and offers to join it", async () => {
    const refusal = "This team's meeting is already running: join it instead of starting another";
    renderMeetings({ [START]: { status: 409, body: { error: refusal, code: 'meeting.already_running' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Start now: Quarterly Planning Meeting' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe(
      `/meetings/quarterly-planning/${TEAM}`,
    );
  });

  it('schedules a meeting for the chosen date and time', async () => {
    const { stub } = renderMeetings({ [START]: { status: 201, body: { data: makeMeeting({ status: 'scheduled' }) } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule…: Quarterly Planning Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Quarterly Planning Meeting' });
    await userEvent.type(within(dialog).getByLabelText('Date and time'), '2026-12-01T09:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(stub.callsTo(START)).toHaveLength(1));
    expect(stub.callsTo(START)[0]?.body).toEqual({
      teamId: TEAM,
      typeKey: 'quarterly-planning',
      scheduledAt: new Date('2026-12-01T09:30').toISOString(),
    });
  });

  it("shows the server's refusal of the date next to the field", async () => {
    const tooFar = 'A meeting can be planned at most 366 days ahead';
    renderMeetings({
      [START]: {
        status: 400,
        body: { error: tooFar, code: 'meeting.invalid', details: [{ path: 'scheduledAt', message: tooFar }] },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule…: Quarterly Planning Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Quarterly Planning Meeting' });
    const field = within(dialog).getByLabelText('Date and time');
    await userEvent.type(field, '2030-12-01T09:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(tooFar)).toBeTruthy();
  });
});

describe('/meetings agenda editor', () => {
  const openEditor = async (name = 'Weekly Accountability Meeting') => {
    await userEvent.click(await screen.findByRole('button', { name: `Edit agenda: ${name}` }));
    return screen.findByRole('dialog', { name: `Edit agenda: ${name}` });
  };

  it('saves changed minutes and a new order with the version it saw', async () => {
    const { stub } = renderMeetings({
      [TYPES]: { body: { data: [makeType({ version: 4, customized: true })] } },
      [`PUT ${WEEKLY_PATH}`]: { body: { data: makeType({ version: 5 }) } },
    });
    const dialog = await openEditor();
    const minutes = within(dialog).getByLabelText('Section 2 minutes');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Issues up' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show section 1 in the meeting' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agenda' }));
    await waitFor(() => expect(stub.callsTo(`PUT ${WEEKLY_PATH}`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${WEEKLY_PATH}`)[0]?.body).toEqual({
      name: 'Weekly Accountability Meeting',
      sections: [
        { kind: 'check_in', title: 'Check-in', minutes: 5, visible: false },
        { kind: 'issues', title: 'Issues', minutes: 60, visible: true },
        { kind: 'scorecard', title: 'Numbers', minutes: 15, visible: true },
      ],
      version: 4,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('moves a section with Alt and the arrow keys, adds one and removes one', async () => {
    const { stub } = renderMeetings({ [`PUT ${WEEKLY_PATH}`]: { body: { data: makeType({ version: 1 }) } } });
    const dialog = await openEditor();
    within(dialog).getByLabelText('Section 1 title').focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind of new section'), 'notes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add section' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Issues' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agenda' }));
    await waitFor(() => expect(stub.callsTo(`PUT ${WEEKLY_PATH}`)).toHaveLength(1));
    const body = stub.callsTo(`PUT ${WEEKLY_PATH}`)[0]?.body as { sections: { kind: string }[] };
    expect(body.sections.map((entry) => entry.kind)).toEqual(['scorecard', 'check_in', 'notes']);
  });

  it('says someone else changed the agenda when the save is stale', async () => {
    renderMeetings({
      [`PUT ${WEEKLY_PATH}`]: { status: 409, body: { error: 'Stale', code: 'meeting.stale_version' } },
    });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agenda' }));
    expect(await within(dialog).findByText('Someone else changed this agenda')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it("shows the server's field errors next to their fields", async () => {
    renderMeetings({
      [`PUT ${WEEKLY_PATH}`]: {
        status: 400,
        body: {
          error: 'A section title is taken',
          code: 'meeting.invalid',
          details: [{ path: 'sections.1.title', message: 'A section title is taken' }],
        },
      },
    });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agenda' }));
    const title = within(dialog).getByLabelText('Section 2 title');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('A section title is taken')).toBeTruthy();
  });

  it('checks the fields before saving', async () => {
    const { stub } = renderMeetings();
    const dialog = await openEditor();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agenda' }));
    expect(await within(dialog).findByText('A meeting type needs a name')).toBeTruthy();
    expect(stub.callsTo(`PUT ${WEEKLY_PATH}`)).toHaveLength(0);
  });

  it('goes back to the default agenda of a customized built-in type after confirming', async () => {
    const { stub } = renderMeetings({
      [TYPES]: { body: { data: [makeType({ customized: true, version: 2 })] } },
      [`DELETE ${WEEKLY_PATH}`]: { body: { success: true } },
    });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the default agenda' }));
    const confirm = await screen.findByRole('dialog', { name: 'Go back to the default agenda?' });
    expect(stub.callsTo(`DELETE ${WEEKLY_PATH}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Use the default agenda' }));
    await waitFor(() => expect(stub.callsTo(`DELETE ${WEEKLY_PATH}`)).toHaveLength(1));
  });

  it('creates a team type from a copy of the weekly agenda', async () => {
    const created = makeType({ key: 'one-on-one', name: 'One-on-one', builtIn: false, version: 1 });
    const { stub } = renderMeetings({
      [TYPES]: { body: { data: [QUARTERLY, makeType()] } },
      [`POST ${ORG}/teams/${TEAM}/meeting-types`]: { status: 201, body: { data: created } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New meeting type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New meeting type' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'One-on-one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create meeting type' }));
    await waitFor(() => expect(stub.callsTo(`POST ${ORG}/teams/${TEAM}/meeting-types`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${ORG}/teams/${TEAM}/meeting-types`)[0]?.body).toEqual({
      name: 'One-on-one',
      sections: makeType().sections,
    });
  });
});
