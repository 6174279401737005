import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { stubFetch } from '../../../../test-utils/fetch-stub';
import { signedInFrameRoutes } from '../../../../test-utils/app-stubs';
import { renderPage } from '../../../../test-utils/render';
import { signedInForEachTest } from '../../../../test-utils/team-stubs';
import { RatingPanel } from './RatingPanel';
import { GRACE, ME, MEETING_PATH, attendee, makeMeeting, meetingReply } from './live-test-data';

signedInForEachTest();

const RATING = `PUT ${MEETING_PATH}/rating`;
const rated = (mine: number | null, comment = '') =>
  makeMeeting({
    attendees: [
      attendee(ME, 'Ada Lovelace', { rating: mine, comment }),
      attendee(GRACE, 'Grace Hopper', { rating: 6 }),
    ],
    averageRating: mine === null ? 6 : (mine + 6) / 2,
  });

describe('RatingPanel', () => {
  it('offers ten rating buttons, none pressed before the person rates, and shows the live average', () => {
    stubFetch(signedInFrameRoutes());
    renderPage(<RatingPanel meeting={rated(null)} userId={ME} />);
    const buttons = screen.getAllByRole('button', { pressed: false });
    expect(buttons.map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(screen.getByText('Average: 6.0')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace · not yet')).toBeTruthy();
    expect(screen.getByText('Grace Hopper · rated')).toBeTruthy();
  });

  it('sends the rating with the comment and presses the chosen button', async () => {
    const stub = stubFetch(signedInFrameRoutes({ [RATING]: meetingReply(rated(8, 'Good pace')) }));
    renderPage(<RatingPanel meeting={rated(null)} userId={ME} />);
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: '  Good pace ' } });
    fireEvent.click(screen.getByRole('button', { name: '8' }));
    expect(screen.getByRole('button', { name: '8' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(stub.callsTo(RATING)).toHaveLength(1));
    expect(stub.callsTo(RATING)[0]?.body).toEqual({ rating: 8, comment: 'Good pace' });
  });

  it("shows the person's saved rating as pressed", () => {
    stubFetch(signedInFrameRoutes());
    renderPage(<RatingPanel meeting={rated(9)} userId={ME} />);
    expect(screen.getByRole('button', { name: '9' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
    expect(screen.getByText('Average: 7.5')).toBeTruthy();
  });

  it("shows the server's message when the rating is refused", async () => {
    stubFetch(
      signedInFrameRoutes({
        [RATING]: { status: 409, body: { error: 'This meeting has already ended', code: 'meeting.already_concluded' } },
      }),
    );
    renderPage(<RatingPanel meeting={rated(null)} userId={ME} />);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('This meeting has already ended')).toBeTruthy();
  });
});
