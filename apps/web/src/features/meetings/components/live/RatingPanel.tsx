import { useState } from 'react';
import { MEETING_COMMENT_MAX, MEETING_RATING_MAX, MEETING_RATING_MIN, type Meeting } from '@keel/contract';
import { errorText } from '../../../../lib/api-client';
import { Banner } from '../../../../ui/Banner';
import { Button } from '../../../../ui/Button';
import { cx } from '../../../../ui/cx';
import { useRateMeeting } from '../../meetings.api';

interface RatingPanelProps {
  meeting: Meeting;
  userId: string | null;
}

const RATINGS = Array.from(
  { length: MEETING_RATING_MAX - MEETING_RATING_MIN + 1 },
  (_, offset) => MEETING_RATING_MIN + offset,
);

export const formatAverage = (average: number | null) => (average === null ? '—' : average.toFixed(1));

/** Each person rates the meeting from 1 to 10; everyone sees the average and who has rated so far. */
export function RatingPanel({ meeting, userId }: RatingPanelProps) {
  const rate = useRateMeeting();
  const mine = meeting.attendees.find((attendee) => attendee.userId === userId) ?? null;
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [sending, setSending] = useState<number | null>(null);
  const chosen = sending ?? mine?.rating ?? null;
  const rated = meeting.attendees.filter((attendee) => attendee.rating !== null);

  const send = (rating: number) => {
    setSending(rating);
    const trimmed = comment.trim();
    rate.mutate(
      { id: meeting.id, rating, ...(trimmed ? { comment: trimmed } : {}) },
      { onSettled: () => setSending(null) },
    );
  };

  return (
    <section aria-labelledby="rating-title" className="space-y-3">
      <h3 id="rating-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        Rate this meeting
      </h3>
      <div role="group" aria-label="Your rating from 1 to 10" className="flex flex-wrap gap-2">
        {RATINGS.map((rating) => (
          <button
            key={rating}
            type="button"
            aria-pressed={chosen === rating}
            disabled={rate.isPending}
            onClick={() => send(rating)}
            className={cx(
              'size-11 rounded-md border text-base font-semibold tabular-nums disabled:cursor-wait',
              chosen === rating
                ? 'border-blue-800 bg-blue-700 text-white dark:border-blue-300 dark:bg-blue-300 dark:text-slate-950'
                : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-50',
            )}
          >
            {rating}
          </button>
        ))}
      </div>
      <div className="space-y-1">
        <label htmlFor="rating-comment" className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          Comment (optional)
        </label>
        <textarea
          id="rating-comment"
          rows={2}
          maxLength={MEETING_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          className="w-full rounded-md border border-slate-300 bg-white p-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-50"
        />
        {mine?.rating ? (
          <Button
            size="sm"
            variant="secondary"
            loading={rate.isPending}
            disabled={comment.trim() === mine.comment}
            onClick={() => send(mine.rating ?? MEETING_RATING_MIN)}
          >
            Save comment
          </Button>
        ) : null}
      </div>
      {rate.isError ? (
        <Banner tone="error">{errorText(rate.error, 'Your rating could not be saved. Please try again.')}</Banner>
      ) : null}
      <p className="text-sm text-slate-800 dark:text-slate-100" aria-live="polite">
        <span className="font-semibold">Average: {formatAverage(meeting.averageRating)}</span>
        {` · ${rated.length} of ${meeting.attendees.length} rated`}
      </p>
      {meeting.attendees.length > 0 ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Who has rated">
          {meeting.attendees.map((attendee) => (
            <li
              key={attendee.userId}
              className={cx(
                'rounded-full px-2 py-0.5',
                attendee.rating === null
                  ? 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100'
                  : 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
              )}
            >
              {attendee.name}
              {attendee.rating === null ? ' · not yet' : ' · rated'}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
