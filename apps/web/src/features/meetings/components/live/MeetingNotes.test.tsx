import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Meeting } from '@keel/contract';
import { stubFetch } from '../../../../test-utils/fetch-stub';
import { signedInFrameRoutes } from '../../../../test-utils/app-stubs';
import { renderPage } from '../../../../test-utils/render';
import { signedInForEachTest } from '../../../../test-utils/team-stubs';
import { MeetingNotes } from './MeetingNotes';
import { MEETING_PATH, makeMeeting, meetingReply } from './live-test-data';

signedInForEachTest();

const NOTES = `PUT ${MEETING_PATH}/notes`;
const noted = (notes: string, notesVersion: number) => makeMeeting({ notes, notesVersion });
const changedElsewhere = {
  status: 409,
  body: { error: 'Someone else saved the notes.', code: 'meeting.notes_changed' },
};

/** The card with the meeting it is given, which the test replaces as a realtime refetch would. */
let showMeeting: (meeting: Meeting) => void = () => undefined;
function Notes({ meeting, canLead, refetch }: { meeting: Meeting; canLead: boolean; refetch: () => unknown }) {
  const [shown, setShown] = useState(meeting);
  showMeeting = setShown;
  return <MeetingNotes meeting={shown} canLead={canLead} large={false} refetch={refetch} />;
}

function renderNotes(meeting: Meeting, routes: Record<string, unknown>, canLead = true) {
  const stub = stubFetch(signedInFrameRoutes(routes));
  const refetch = vi.fn();
  renderPage(<Notes meeting={meeting} canLead={canLead} refetch={refetch} />);
  return { stub, refetch };
}

const field = () => screen.getByLabelText<HTMLTextAreaElement>('Meeting notes');

describe('MeetingNotes', () => {
  it('saves once typing stops, over the version it read, and says so politely', async () => {
    const { stub } = renderNotes(noted('', 1), { [NOTES]: meetingReply(noted('Hire two people', 2)) });
    fireEvent.change(field(), { target: { value: 'Hire' } });
    fireEvent.change(field(), { target: { value: 'Hire two people' } });
    expect(stub.callsTo(NOTES)).toHaveLength(0);
    await waitFor(() => expect(stub.callsTo(NOTES)).toHaveLength(1), { timeout: 2000 });
    expect(stub.callsTo(NOTES)[0]?.body).toEqual({ notes: 'Hire two people', notesVersion: 1 });
    const status = await screen.findByText('Saved');
    expect(status.getAttribute('aria-live')).toBe('polite');
  });

  it('saves at once when the field is left, then over the version the server answered', async () => {
    const { stub } = renderNotes(noted('', 4), {
      [NOTES]: [meetingReply(noted('First', 5)), meetingReply(noted('First and second', 6))],
    });
    fireEvent.change(field(), { target: { value: 'First' } });
    fireEvent.blur(field());
    await waitFor(() => expect(stub.callsTo(NOTES)).toHaveLength(1));
    await screen.findByText('Saved');
    fireEvent.change(field(), { target: { value: 'First and second' } });
    fireEvent.blur(field());
    await waitFor(() => expect(stub.callsTo(NOTES)).toHaveLength(2));
    expect(stub.callsTo(NOTES).map((call) => call.body)).toEqual([
      { notes: 'First', notesVersion: 4 },
      { notes: 'First and second', notesVersion: 5 },
    ]);
  });

  it("takes in someone else's notes while nothing is typed, never over what is being typed", () => {
    renderNotes(noted('Old', 1), {});
    act(() => showMeeting(noted('From the scribe', 2)));
    expect(field().value).toBe('From the scribe');
    fireEvent.change(field(), { target: { value: 'Mine, half typed' } });
    act(() => showMeeting(noted('From the scribe again', 3)));
    expect(field().value).toBe('Mine, half typed');
  });

  it('offers the choice when someone else saved first: keep mine saves over their new version', async () => {
    const { stub, refetch } = renderNotes(noted('Old', 1), {
      [NOTES]: [changedElsewhere, meetingReply(noted('Mine', 3))],
    });
    fireEvent.change(field(), { target: { value: 'Mine' } });
    fireEvent.blur(field());
    expect(await screen.findByText(/Not saved: someone else changed the notes/)).toBeTruthy();
    expect(refetch).toHaveBeenCalled();
    act(() => showMeeting(noted('Theirs\nsecond line', 2)));
    expect(screen.getByTestId('meeting-notes-theirs').textContent).toBe('Theirs\nsecond line');
    expect(field().value).toBe('Mine');

    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(stub.callsTo(NOTES)).toHaveLength(2));
    expect(stub.callsTo(NOTES)[1]?.body).toEqual({ notes: 'Mine', notesVersion: 2 });
    await screen.findByText('Saved');
    expect(screen.queryByRole('button', { name: 'Use theirs' })).toBeNull();
  });

  it('use theirs replaces the text with the other version and saves nothing', async () => {
    const { stub } = renderNotes(noted('Old', 1), { [NOTES]: changedElsewhere });
    fireEvent.change(field(), { target: { value: 'Mine' } });
    fireEvent.blur(field());
    await screen.findByText(/Not saved/);
    act(() => showMeeting(noted('Theirs', 2)));
    fireEvent.click(screen.getByRole('button', { name: 'Use theirs' }));
    expect(field().value).toBe('Theirs');
    fireEvent.blur(field());
    expect(stub.callsTo(NOTES)).toHaveLength(1);
    expect(screen.queryByText(/Not saved/)).toBeNull();
  });

  it('shows a refused save with a way to try again', async () => {
    const { stub } = renderNotes(noted('', 1), {
      [NOTES]: [{ status: 500, body: {} }, meetingReply(noted('Agreed', 2))],
    });
    fireEvent.change(field(), { target: { value: 'Agreed' } });
    fireEvent.blur(field());
    expect(await screen.findByText('The notes could not be saved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Saved');
    expect(stub.callsTo(NOTES)).toHaveLength(2);
  });

  it('shows the notes read-only to those who do not lead the meeting, as they change', () => {
    renderNotes(noted('Line one\nLine two', 2), {}, false);
    expect(screen.queryByLabelText('Meeting notes')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('meeting-notes-text').textContent).toBe('Line one\nLine two');
    act(() => showMeeting(noted('Line one\nLine two\nLine three', 3)));
    expect(screen.getByTestId('meeting-notes-text').textContent).toBe('Line one\nLine two\nLine three');
  });
});
