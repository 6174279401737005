import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TERMINOLOGY_DEFAULTS } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { DEPT, signedInForEachTest } from '../../../test-utils/team-stubs';
import { MEETING_PATH, RUNNING_PATH, makeMeeting, meetingReply } from '../components/live/live-test-data';
import MeetingPage from './MeetingPage';

signedInForEachTest();

const TYPES = `GET /organizations/${ORG_ID}/teams/${DEPT}/meeting-types`;
const WEEKLY = {
  key: 'weekly-accountability',
  teamId: DEPT,
  name: 'Weekly meeting',
  builtIn: true,
  customized: false,
  sections: [
    { kind: 'check_in', title: 'Check-in', minutes: 5, visible: true },
    { kind: 'issues', title: 'Issues', minutes: 60, visible: true },
    { kind: 'headlines', title: 'Hidden headlines', minutes: 5, visible: false },
  ],
  schedule: null,
  version: 0,
};

const renderMeetingPage = (routes: Record<string, unknown>, path = `/meetings/weekly-accountability/${DEPT}`) => {
  const stub = stubFetch(signedInFrameRoutes({ [TYPES]: { body: { data: [WEEKLY] } }, ...routes }));
  renderPage(<MeetingPage />, { route: '/meetings/weekly-accountability/:teamId', path });
  return stub;
};

const currentSection = () =>
  screen.getAllByRole('button').find((button) => button.getAttribute('aria-current') === 'step')?.textContent;

describe('MeetingPage', () => {
  it("shows the type's agenda with its planned minutes while no meeting runs", async () => {
    renderMeetingPage({ [`GET ${RUNNING_PATH}`]: { body: { data: null } } });
    expect(await screen.findByRole('heading', { name: 'Weekly meeting' })).toBeTruthy();
    expect(screen.getByText('No meeting is running. Planned: 65 minutes.')).toBeTruthy();
    expect(screen.queryByText('Hidden headlines')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start the meeting' })).toBeTruthy();
  });

  it('starts the meeting for the type of the address', async () => {
    const stub = renderMeetingPage({
      [`GET ${RUNNING_PATH}`]: [{ body: { data: null } }, meetingReply(makeMeeting())],
      [`POST /organizations/${ORG_ID}/meetings`]: { status: 201, body: { data: makeMeeting() } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the meeting' }));
    await waitFor(() => expect(currentSection()).toContain('Numbers'));
    expect(stub.callsTo(`POST /organizations/${ORG_ID}/meetings`)[0]?.body).toEqual({
      teamId: DEPT,
      typeKey: 'weekly-accountability',
    });
  });

  it('shows the meeting someone else just started when the start answers 409', async () => {
    const stub = renderMeetingPage({
      [`GET ${RUNNING_PATH}`]: [{ body: { data: null } }, meetingReply(makeMeeting())],
      [`POST /organizations/${ORG_ID}/meetings`]: {
        status: 409,
        body: { error: 'This team’s meeting is already running', code: 'meeting.already_running' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the meeting' }));
    await waitFor(() => expect(currentSection()).toContain('Numbers'));
    expect(stub.callsTo(`GET ${RUNNING_PATH}`).length).toBeGreaterThanOrEqual(2);
  });

  it('refetches and shows where the meeting is when another facilitator moved it first (409)', async () => {
    const stub = renderMeetingPage({
      [`GET ${RUNNING_PATH}`]: [meetingReply(makeMeeting()), meetingReply(makeMeeting({ currentSection: 3 }))],
      [`POST ${MEETING_PATH}/navigate`]: {
        status: 409,
        body: {
          error: 'The meeting moved on since your page last heard from it. Here is where it is now.',
          code: 'meeting.moved',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('The meeting moved on since your page last heard from it. Here is where it is now.'),
    ).toBeTruthy();
    await waitFor(() => expect(currentSection()).toContain('Conclude'));
    expect(stub.callsTo(`GET ${RUNNING_PATH}`).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('heading', { name: 'Conclude' })).toBeTruthy();
  });

  it("says so when the team's running meeting is of another type, with a link to it", async () => {
    renderMeetingPage({
      [`GET ${RUNNING_PATH}`]: meetingReply(makeMeeting({ typeKey: 'quarterly-planning', name: 'Quarterly meeting' })),
    });
    const link = await screen.findByRole('link', { name: 'Join Quarterly meeting' });
    expect(link.getAttribute('href')).toBe(`/meetings/quarterly-planning/${DEPT}`);
  });

  it('shows the summary once the running meeting has concluded', async () => {
    const concluded = makeMeeting({ status: 'concluded', sectionStartedAt: null, averageRating: 7.5 });
    renderMeetingPage({
      [`GET ${RUNNING_PATH}`]: [meetingReply(makeMeeting()), { body: { data: null } }],
      [`GET ${MEETING_PATH}`]: meetingReply(concluded),
      [`POST ${MEETING_PATH}/conclude`]: meetingReply(concluded),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Conclude the meeting' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Conclude' }));
    expect(await screen.findByRole('heading', { name: 'Weekly meeting: summary' })).toBeTruthy();
    expect(screen.getByTestId('summary-average').textContent).toBe('7.5');
  });

  it('offers to retry when the meeting cannot be loaded', async () => {
    renderMeetingPage({
      [`GET ${RUNNING_PATH}`]: [{ status: 503, body: { error: 'Down', code: 'x' } }, { body: { data: null } }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Start the meeting' })).toBeTruthy();
  });

  it('reads the type from the older weekly address', async () => {
    const stub = stubFetch(
      signedInFrameRoutes({
        [TYPES]: { body: { data: [WEEKLY] } },
        [`GET ${RUNNING_PATH}`]: { body: { data: null } },
        [`GET /terminology/organizations/${ORG_ID}`]: { body: TERMINOLOGY_DEFAULTS },
      }),
    );
    renderPage(<MeetingPage />, {
      route: '/meetings/weekly-accountability-original/:teamId',
      path: `/meetings/weekly-accountability-original/${DEPT}`,
    });
    expect(await screen.findByRole('heading', { name: 'Weekly meeting' })).toBeTruthy();
    expect(stub.callsTo(TYPES)).toHaveLength(1);
  });
});
