import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { CalendarFeed } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { inputClasses, LABEL_CLASSES } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { useCalendarFeedActions } from '../user-settings.api';

/**
 * A secret calendar address with the meetings of the person's teams and the due dates of their open to-dos and
 * priorities, for Google Calendar or Outlook to subscribe to. Shown only when asked for: anyone holding it reads it.
 */
export function CalendarFeedSection() {
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const { show, reset, turnOff } = useCalendarFeedActions();
  const fieldId = useId();
  const helpId = useId();

  const copy = (url: string) =>
    void navigator.clipboard
      ?.writeText(url)
      .then(() => toast.success('Calendar address copied'))
      .catch(() => toast.error('The address could not be copied. Select it and copy it instead.'));

  const onShow = () => show.mutate(undefined, { onSuccess: setFeed });
  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (fresh) => {
        setFeed(fresh);
        setConfirmingReset(false);
        toast.success('New calendar address made; the old one no longer works');
      },
    });
  const onTurnOff = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setFeed(null);
        show.reset();
        reset.reset();
        toast.success('Calendar feed turned off');
      },
    });

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Calendar feed</h2>
      <p id={helpId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Your teams&rsquo; meetings and the due dates of your open to-dos and priorities, in your own calendar. In Google
        Calendar choose <strong>Other calendars &rsaquo; From URL</strong>; in Outlook choose{' '}
        <strong>Add calendar &rsaquo; Subscribe from web</strong>, and paste the address. Calendars refresh it every few
        hours. Keep the address to yourself: anyone who has it can read this calendar.
      </p>

      {feed ? (
        <div className="mt-4 space-y-3">
          <div>
            <label htmlFor={fieldId} className={LABEL_CLASSES}>
              Your calendar address
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={fieldId}
                readOnly
                value={feed.url}
                aria-describedby={helpId}
                onFocus={(event) => event.currentTarget.select()}
                className={inputClasses(false, 'min-w-0 font-mono text-xs')}
              />
              <Button variant="secondary" onClick={() => copy(feed.url)}>
                Copy
              </Button>
            </div>
          </div>
          {turnOff.isError ? (
            <Banner tone="error">{errorText(turnOff.error, 'The calendar feed could not be turned off.')}</Banner>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setConfirmingReset(true)}>
              Reset address
            </Button>
            <Button variant="secondary" loading={turnOff.isPending} onClick={onTurnOff}>
              Turn off
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 space-y-3">
          {show.isError ? (
            <Banner tone="error">{errorText(show.error, 'Your calendar address could not be loaded.')}</Banner>
          ) : null}
          {show.isPending ? (
            <Spinner label="Loading your calendar address" className="size-6" />
          ) : (
            <Button variant="secondary" onClick={onShow}>
              {show.isError ? 'Try again' : 'Show my calendar address'}
            </Button>
          )}
        </div>
      )}

      {confirmingReset ? (
        <ConfirmDialog
          title="Reset your calendar address?"
          confirmLabel="Reset address"
          danger
          busy={reset.isPending}
          onConfirm={onReset}
          onCancel={() => {
            setConfirmingReset(false);
            reset.reset();
          }}
        >
          <p>
            The current address stops working at once. Calendars subscribed to it stop updating until you subscribe them
            to the new address.
          </p>
          {reset.isError ? (
            <Banner tone="error" className="mt-3">
              {errorText(reset.error, 'The address could not be reset.')}
            </Banner>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
