import { MEETING_NOTES_MAX, type Meeting } from '@keel/contract';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { cx } from '../../../../ui/cx';
import { useMeetingNotes, type NotesStatus } from './use-meeting-notes';

interface MeetingNotesProps {
  meeting: Meeting;
  canLead: boolean;
  large: boolean;
  refetch: () => unknown;
}

const statusText = (status: NotesStatus) => {
  switch (status.kind) {
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'error':
      return status.text;
    case 'conflict':
      return 'Not saved: someone else changed the notes while you were typing.';
    default:
      return '';
  }
};

function NotesEditor({ meeting, large, refetch }: Omit<MeetingNotesProps, 'canLead'>) {
  const notes = useMeetingNotes(meeting, refetch);
  const { status } = notes;
  return (
    <div className="space-y-2">
      <label
        htmlFor="meeting-notes"
        className={cx('block font-medium text-slate-800 dark:text-slate-100', large ? 'text-lg' : 'text-sm')}
      >
        Meeting notes
      </label>
      <textarea
        id="meeting-notes"
        rows={large ? 8 : 6}
        maxLength={MEETING_NOTES_MAX}
        value={notes.draft}
        onChange={(event) => notes.type(event.target.value)}
        onBlur={notes.flush}
        aria-describedby="meeting-notes-status"
        className={cx(
          'w-full rounded-md border border-slate-300 bg-white p-2 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-50',
          large ? 'text-xl' : 'text-base',
        )}
      />
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        <p
          id="meeting-notes-status"
          aria-live="polite"
          className={cx(
            'text-sm',
            status.kind === 'error' || status.kind === 'conflict'
              ? 'font-semibold text-red-700 dark:text-red-300'
              : 'text-slate-700 dark:text-slate-300',
          )}
        >
          {statusText(status)}
        </p>
        {status.kind === 'error' ? (
          <Button size="sm" variant="secondary" onClick={notes.flush}>
            Try again
          </Button>
        ) : null}
      </div>
      {status.kind === 'conflict' ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          {notes.theirs === null ? (
            <p className="text-sm">Loading the other version…</p>
          ) : (
            <>
              <p className="text-sm font-semibold">Their version:</p>
              <p
                className={cx('whitespace-pre-wrap wrap-anywhere', large ? 'text-xl' : 'text-sm')}
                data-testid="meeting-notes-theirs"
              >
                {notes.theirs || '(no notes)'}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={notes.keepMine}>
                  Keep mine
                </Button>
                <Button size="sm" variant="secondary" onClick={notes.useTheirs}>
                  Use theirs
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The meeting's notes: written by whoever leads it, read by everyone else as they are saved. */
export function MeetingNotes({ meeting, canLead, large, refetch }: MeetingNotesProps) {
  return (
    <Card className="space-y-3" role="region" aria-labelledby="meeting-notes-title">
      <h2
        id="meeting-notes-title"
        className={cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-2xl' : 'text-lg')}
      >
        Notes
      </h2>
      {canLead ? (
        <NotesEditor meeting={meeting} large={large} refetch={refetch} />
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The facilitator or the scribe writes the notes; they appear here as they are saved.
          </p>
          <p
            className={cx(
              'whitespace-pre-wrap wrap-anywhere text-slate-900 dark:text-slate-50',
              large ? 'text-xl' : 'text-base',
            )}
            data-testid="meeting-notes-text"
          >
            {meeting.notes || 'No notes yet.'}
          </p>
        </>
      )}
    </Card>
  );
}
