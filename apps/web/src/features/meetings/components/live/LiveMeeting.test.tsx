import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Meeting } from '@keel/contract';
import { stubFetch } from '../../../../test-utils/fetch-stub';
import { signedInFrameRoutes } from '../../../../test-utils/app-stubs';
import { renderPage } from '../../../../test-utils/render';
import { signedInForEachTest } from '../../../../test-utils/team-stubs';
import { LiveMeeting } from './LiveMeeting';
import { GRACE, MEETING_PATH, makeMeeting, meetingReply } from './live-test-data';

signedInForEachTest();
afterEach(() => vi.useRealTimers());

function renderLive(meeting: Meeting, routes: Record<string, unknown> = {}) {
  const stub = stubFetch(signedInFrameRoutes(routes));
  const refetch = vi.fn();
  renderPage(<LiveMeeting meeting={meeting} refetch={refetch} large={false} onLargeChange={() => undefined} />);
  return { stub, refetch };
}

const timerText = () => screen.getByTestId('section-timer').textContent ?? '';

describe('LiveMeeting', () => {
  it("runs the section's timer from the server's clock, whatever this device's clock says", () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    // This device is 90 minutes ahead of the server; the section started 2 minutes before serverNow.
    vi.setSystemTime(new Date('2026-11-26T11:30:00.000Z'));
    renderLive(makeMeeting());
    expect(timerText()).toContain('2:00 / 5 min');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(timerText()).toContain('2:03 / 5 min');
    act(() => {
      vi.advanceTimersByTime(180_000);
    });
    expect(timerText()).toContain('5:03 / 5 min');
    expect(screen.getByText('Over time by 0:03')).toBeTruthy();
  });

  it('keeps the timer still while the meeting is paused', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00.000Z'));
    const paused = makeMeeting({ status: 'paused', sectionStartedAt: null });
    renderLive({
      ...paused,
      sections: paused.sections.map((section, index) => ({
        ...section,
        spentSeconds: index === 1 ? 75 : section.spentSeconds,
      })),
    });
    expect(timerText()).toContain('1:15 / 5 min');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(timerText()).toContain('1:15 / 5 min');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it.each([
    ['Next', () => fireEvent.click(screen.getByRole('button', { name: 'Next' })), { from: 1, to: 2 }],
    ['Previous', () => fireEvent.click(screen.getByRole('button', { name: 'Previous' })), { from: 1, to: 0 }],
    ['the → key', () => fireEvent.keyDown(document.body, { key: 'ArrowRight' }), { from: 1, to: 2 }],
    ['the ← key', () => fireEvent.keyDown(document.body, { key: 'ArrowLeft' }), { from: 1, to: 0 }],
    [
      'a click on a section',
      () => fireEvent.click(screen.getByRole('button', { name: /^Conclude/, description: /moves everyone/ })),
      { from: 1, to: 3 },
    ],
  ])('moves everyone with %s, naming the section it saw', async (_how, move, body) => {
    const { stub } = renderLive(makeMeeting(), {
      [`POST ${MEETING_PATH}/navigate`]: meetingReply(makeMeeting({ currentSection: body.to })),
    });
    move();
    await waitFor(() => expect(stub.callsTo(`POST ${MEETING_PATH}/navigate`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${MEETING_PATH}/navigate`)[0]?.body).toEqual(body);
    // The target shows at once, before the meeting comes back from the server.
    expect(screen.getByRole('heading', { level: 2, name: makeMeeting().sections[body.to]?.title })).toBeTruthy();
  });

  it('waits for the meeting to arrive before the next move, so a quick double press sends one move', async () => {
    const { stub } = renderLive(makeMeeting(), {
      [`POST ${MEETING_PATH}/navigate`]: meetingReply(makeMeeting({ currentSection: 2 })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() => expect(stub.callsTo(`POST ${MEETING_PATH}/navigate`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.callsTo(`POST ${MEETING_PATH}/navigate`)).toHaveLength(1);
  });

  it('leaves the arrow keys alone while the person types in a field or moves between a grid’s cells', () => {
    const { stub } = renderLive(makeMeeting());
    const facilitator = screen.getByLabelText('Facilitator');
    fireEvent.keyDown(facilitator, { key: 'ArrowRight' });
    const grid = document.createElement('div');
    grid.setAttribute('role', 'grid');
    const cell = grid.appendChild(document.createElement('button'));
    document.body.appendChild(grid);
    try {
      fireEvent.keyDown(cell, { key: 'ArrowLeft' });
    } finally {
      grid.remove();
    }
    expect(stub.callsTo(`POST ${MEETING_PATH}/navigate`)).toHaveLength(0);
  });

  it('disables the controls for someone who is neither facilitator nor scribe, and lets them browse locally', () => {
    const { stub } = renderLive(makeMeeting({ facilitatorId: GRACE }));
    for (const name of ['Previous', 'Next', 'Pause', 'Conclude the meeting'])
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Facilitator')).toHaveProperty('disabled', true);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });

    fireEvent.click(screen.getByRole('button', { name: /Big Goals/ }));
    expect(screen.getByRole('heading', { name: 'Big Goals' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to where the meeting is' }));
    expect(screen.getByRole('heading', { name: 'Numbers' })).toBeTruthy();
    expect(stub.callsTo(`POST ${MEETING_PATH}/navigate`)).toHaveLength(0);
  });

  it('marks the current section for assistive technology', () => {
    renderLive(makeMeeting());
    const current = screen.getAllByRole('button').find((button) => button.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toContain('Numbers');
  });

  it('marks the signed-in person present once when they are listed as absent', async () => {
    const meeting = makeMeeting();
    const absent = {
      ...meeting,
      attendees: meeting.attendees.map((person, index) => (index === 0 ? { ...person, present: false } : person)),
    };
    const { stub } = renderLive(absent, { [`PUT ${MEETING_PATH}/attendance`]: meetingReply(meeting) });
    await waitFor(() => expect(stub.callsTo(`PUT ${MEETING_PATH}/attendance`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${MEETING_PATH}/attendance`)[0]?.body).toEqual({
      userId: absent.attendees[0]?.userId,
      present: true,
    });
  });

  it('asks before concluding', async () => {
    const { stub } = renderLive(makeMeeting(), {
      [`POST ${MEETING_PATH}/conclude`]: meetingReply(makeMeeting({ status: 'concluded', sectionStartedAt: null })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Conclude the meeting' }));
    expect(stub.callsTo(`POST ${MEETING_PATH}/conclude`)).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Conclude' }));
    await waitFor(() => expect(stub.callsTo(`POST ${MEETING_PATH}/conclude`)).toHaveLength(1));
  });
});
