import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { stubFetch } from '../../../../test-utils/fetch-stub';
import { signedInFrameRoutes } from '../../../../test-utils/app-stubs';
import { renderPage } from '../../../../test-utils/render';
import { signedInForEachTest } from '../../../../test-utils/team-stubs';
import { AttendeesPanel } from './AttendeesPanel';
import { MeetingSummary } from './MeetingSummary';
import { GRACE, ME, attendee, makeMeeting } from './live-test-data';

signedInForEachTest();

describe('a meeting together', () => {
  it('shows who has the meeting open, and who looks at another section', () => {
    stubFetch(signedInFrameRoutes());
    renderPage(
      <AttendeesPanel
        meeting={makeMeeting({ attendees: [attendee(ME, 'Ada Lovelace'), attendee(GRACE, 'Grace Hopper')] })}
        canLead
        here={[
          { userId: ME, section: 1 },
          { userId: GRACE, section: 2 },
        ]}
      />,
    );
    expect(screen.getByText('here')).toBeTruthy();
    expect(screen.getByText('here, looking at Big Goals')).toBeTruthy();
  });

  it('sums up what the concluded meeting decided, as frozen when it ended', () => {
    stubFetch(signedInFrameRoutes());
    renderPage(
      <MeetingSummary
        large={false}
        meeting={makeMeeting({
          status: 'concluded',
          sectionStartedAt: null,
          recap: {
            newTodos: [{ id: ME, title: 'Post the job ad', ownerName: 'Ada Lovelace', dueDate: '2026-12-03' }],
            solvedIssues: [{ id: GRACE, title: 'Hiring is slow' }],
            cascadingMessages: [],
            todoCompletion: { due: 4, done: 3 },
            averageRating: 8,
            present: 2,
            expected: 2,
            plannedMinutes: 20,
            spentSeconds: 300,
            notes: 'Hire in January\n<b>not bold</b>',
          },
        })}
      />,
    );
    expect(screen.getByText('Post the job ad (Ada Lovelace, due 2026-12-03)')).toBeTruthy();
    expect(screen.getByText('Hiring is slow')).toBeTruthy();
    expect(screen.getByText('No message was sent.')).toBeTruthy();
    expect(screen.getByText('3 of 4 done (75%)')).toBeTruthy();
    const notes = screen.getByTestId('recap-notes');
    expect(notes.textContent).toBe('Hire in January\n<b>not bold</b>');
    expect(notes.querySelector('b')).toBeNull();
    expect(notes.className).toContain('whitespace-pre-wrap');
  });
});
